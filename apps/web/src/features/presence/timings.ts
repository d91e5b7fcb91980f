/** Spec part 2 §9: heartbeat 60 s, idle timeout 5 minutes, online list refresh at most once a minute. */
export interface PresenceTimings {
  heartbeatMs: number;
  idleMs: number;
  refreshMs: number;
}

export const PRESENCE_TIMINGS: PresenceTimings = {
  heartbeatMs: 60_000,
  idleMs: 5 * 60_000,
  refreshMs: 60_000,
};

declare global {
  interface Window {
    /**
     * A test setting: browser tests shorten the timings (the e2e walk sets it before the app loads).
     * It only changes how often this browser talks to the server, never what the server allows.
     */
    __PRESENCE_TIMINGS__?: Partial<PresenceTimings>;
  }
}

const positive = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;

export function presenceTimings(): PresenceTimings {
  const override = typeof window === 'undefined' ? undefined : window.__PRESENCE_TIMINGS__;
  return {
    heartbeatMs: positive(override?.heartbeatMs, PRESENCE_TIMINGS.heartbeatMs),
    idleMs: positive(override?.idleMs, PRESENCE_TIMINGS.idleMs),
    refreshMs: positive(override?.refreshMs, PRESENCE_TIMINGS.refreshMs),
  };
}
