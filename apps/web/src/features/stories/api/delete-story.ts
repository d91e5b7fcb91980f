import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flashError } from '../../../components/flash';
import { pb } from '../../../lib/pocketbase';
import { storyKeys } from './keys';

/**
 * "posts: delete": removing the post removes its story with it (the story's post relation cascades),
 * and with them the comments, likes and favorites of the post.
 */
export async function deleteStoryPost(postId: string): Promise<void> {
  await pb.collection('posts').delete(postId);
}

export function useDeleteStory(onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStoryPost,
    onError: flashError,
    onSuccess: () => {
      // Leave the page first, so the deleted story is not asked for again.
      onDeleted();
      void queryClient.invalidateQueries({ queryKey: storyKeys.all });
    },
  });
}
