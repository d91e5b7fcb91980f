import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { pb } from '../../../lib/pocketbase';
import { isLiveList } from './keys';
import type { DirectMessage } from './types';

/** "messages: update is_read true" (spec part 2 §7) for each of these; failures are ignored (§8). */
export async function markMessagesRead(ids: readonly string[]): Promise<number> {
  const results = await Promise.allSettled(
    ids.map((id) => pb.collection('messages').update(id, { is_read: true }, { requestKey: null })),
  );
  return results.filter((result) => result.status === 'fulfilled').length;
}

/**
 * Spec part 2 §5: all unread messages addressed to the viewer are marked read on load and on each
 * reload of the thread. The header badge and the conversation list follow.
 */
export function useMarkThreadRead(thread: readonly DirectMessage[] | undefined, me: string): void {
  const queryClient = useQueryClient();
  const unread = (thread ?? []).filter((message) => message.to === me && !message.is_read).map((m) => m.id);
  const key = unread.join(',');
  useEffect(() => {
    if (!key) return;
    void markMessagesRead(key.split(',')).then((marked) => {
      if (marked > 0) void queryClient.invalidateQueries({ predicate: isLiveList });
    });
  }, [key, queryClient]);
}
