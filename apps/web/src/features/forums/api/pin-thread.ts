import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flashError } from '../../../components/flash';
import { pb } from '../../../lib/pocketbase';
import type { ThreadRecord } from './forum-lists';
import { forumKeys } from './keys';

/** Pins or unpins a thread; only moderators may (the server refuses anyone else and logs each change). */
export function setPinned(threadId: string, pinned: boolean): Promise<ThreadRecord> {
  return pb.collection('forum_posts').update<ThreadRecord>(threadId, { pinned });
}

export function usePinThread(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pinned: boolean) => setPinned(threadId, pinned),
    onError: flashError,
    onSuccess: (saved) => {
      queryClient.setQueryData(forumKeys.thread(threadId), (cached: ThreadRecord | undefined) =>
        cached ? { ...cached, pinned: saved.pinned } : cached,
      );
      void queryClient.invalidateQueries({ queryKey: forumKeys.pinned });
    },
  });
}
