import { useEffect } from 'react';
import { useSession } from '../../lib/session';
import { initialStatus, setPresence } from './api/set-presence';
import { startHeartbeat } from './heartbeat';
import { presenceTimings } from './timings';

/**
 * Keeps the signed-in member's presence (spec part 2 §4, §9 start-up): initialised from `appear_online`,
 * then the heartbeat. Failures are only logged (spec part 2 §8). Mounted once, in the shell.
 */
export function usePresence(): void {
  const { user } = useSession();
  const userId = user?.id;
  const status = initialStatus(user?.settings);
  useEffect(() => {
    if (!userId) return;
    return startHeartbeat({
      status,
      timings: presenceTimings(),
      target: window,
      send: (next) =>
        setPresence(userId, next).catch((error: unknown) => console.warn('Presence update failed:', error)),
    });
  }, [userId, status]);
}
