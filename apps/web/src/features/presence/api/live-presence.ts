import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { pb } from '../../../lib/pocketbase';
import type { PresenceRecord } from './get-online';
import { presenceKeys } from './keys';

/**
 * Refreshes the online list on presence events, at most once per `refreshMs` (spec part 2 §4): the first
 * event refreshes at once, later ones within the window are folded into one refresh at its end. A delete
 * removes the member from the list at once.
 */
export function useLivePresence(enabled: boolean, refreshMs: number): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let last = 0;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      pending = undefined;
      last = Date.now();
      void queryClient.invalidateQueries({ queryKey: presenceKeys.online });
    };
    pb.collection('presence')
      .subscribe<PresenceRecord>('*', (event) => {
        if (event.action === 'delete') {
          queryClient.setQueryData<PresenceRecord[]>(presenceKeys.online, (list) =>
            list?.filter((p) => p.id !== event.record.id),
          );
          return;
        }
        if (pending) return;
        const wait = last + refreshMs - Date.now();
        if (wait <= 0) refresh();
        else pending = setTimeout(refresh, wait);
      })
      .catch((error: unknown) => console.warn("Who's Online is not live:", error));
    return () => {
      clearTimeout(pending);
      void pb
        .collection('presence')
        .unsubscribe('*')
        .catch(() => undefined);
    };
  }, [enabled, refreshMs, queryClient]);
}
