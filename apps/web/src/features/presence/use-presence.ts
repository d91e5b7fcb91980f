import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../../lib/session';
import { presenceKeys } from './api/keys';
import { initialStatus, setPresence, type PresenceStatus } from './api/set-presence';
import { startHeartbeat } from './heartbeat';
import { presenceTimings } from './timings';

/**
 * Keeps the signed-in member's presence (spec part 2 §4, §9 start-up): initialised from `appear_online`,
 * then the heartbeat. Failures are only logged (spec part 2 §8). When one's own status changes, one's own
 * list is reloaded (the live event may arrive before the subscription does). Mounted once, with the list.
 */
export function usePresence(): void {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.id;
  const status = initialStatus(user?.settings);
  useEffect(() => {
    if (!userId) return;
    let last: PresenceStatus | undefined;
    return startHeartbeat({
      status,
      timings: presenceTimings(),
      target: window,
      send: (next) =>
        setPresence(userId, next)
          .then(() => {
            if (next !== last) void queryClient.invalidateQueries({ queryKey: presenceKeys.online });
            last = next;
          })
          .catch((error: unknown) => console.warn('Presence update failed:', error)),
    });
  }, [userId, status, queryClient]);
}
