import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flashError } from '../../../components/flash';
import { pb } from '../../../lib/pocketbase';
import { forumKeys } from './keys';

/**
 * "posts: delete": the thread goes with its post (its post relation cascades), and with them its
 * comments and likes.
 */
export async function deleteThreadPost(postId: string): Promise<void> {
  await pb.collection('posts').delete(postId);
}

export function useDeleteThread(onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteThreadPost,
    onError: flashError,
    onSuccess: () => {
      // Leave the page first, so the deleted thread is not asked for again.
      onDeleted();
      void queryClient.invalidateQueries({ queryKey: forumKeys.all });
    },
  });
}
