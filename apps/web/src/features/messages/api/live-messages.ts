import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { pb } from '../../../lib/pocketbase';
import { isLiveList } from './keys';

/**
 * Keeps every messages screen live (spec part 2 §7 "live subscription to all changes"): the server sends
 * only the member's own messages, sent or received (the collection's list rule); each event reloads the
 * cached message lists (badge, dropdown, conversations, open thread), as the spec's screens reload on live
 * updates. Mounted once, in the header.
 */
export function useLiveMessages(userId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const reload = () => void queryClient.invalidateQueries({ predicate: isLiveList });
    pb.collection('messages')
      .subscribe('*', reload)
      .catch((error: unknown) => console.warn('Live messages are unavailable:', error));
    // By topic: this hook is the topic's only listener (see use-live-notifications.ts).
    return () =>
      void pb
        .collection('messages')
        .unsubscribe('*')
        .catch(() => undefined);
  }, [queryClient, userId]);
}
