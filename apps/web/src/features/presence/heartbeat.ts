import type { PresenceStatus } from './api/set-presence';
import type { PresenceTimings } from './timings';

export interface HeartbeatOptions {
  status: PresenceStatus;
  timings: Pick<PresenceTimings, 'heartbeatMs' | 'idleMs'>;
  /** Sends a status; failures are the caller's to log (spec part 2 §8: presence failures are only logged). */
  send: (status: PresenceStatus) => Promise<void>;
  /** Where mouse movement is watched (the window in the app). */
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/**
 * The presence heartbeat of spec part 2 §4: the status is sent at once and every `heartbeatMs` from
 * then on; after `idleMs` without mouse movement the heartbeat stops and `offline` is sent; movement
 * after that starts it again (with the chosen status at once). Returns the function that stops it all.
 */
export function startHeartbeat({ status, timings, send, target }: HeartbeatOptions): () => void {
  let beat: ReturnType<typeof setInterval> | undefined;
  let idle: ReturnType<typeof setTimeout> | undefined;

  const start = () => {
    void send(status);
    beat = setInterval(() => void send(status), timings.heartbeatMs);
  };
  const goIdle = () => {
    clearInterval(beat);
    beat = undefined;
    void send('offline');
  };
  const armIdle = () => {
    clearTimeout(idle);
    idle = setTimeout(goIdle, timings.idleMs);
  };
  const onMove = () => {
    if (beat === undefined) start();
    armIdle();
  };

  start();
  armIdle();
  target.addEventListener('mousemove', onMove);
  return () => {
    clearInterval(beat);
    clearTimeout(idle);
    target.removeEventListener('mousemove', onMove);
  };
}
