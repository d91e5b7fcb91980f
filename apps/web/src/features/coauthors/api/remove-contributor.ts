import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import { coauthorKeys } from './keys';

/**
 * Takes one member off a post's contributors, the order of the others kept. The server allows it to the
 * first author for anyone else, and to any contributor for themself when others remain (leaving).
 */
export async function removeContributor(postId: string, userId: string): Promise<void> {
  await pb.collection('posts').update(postId, { 'contributors-': userId });
}

/** Removes another contributor (first author only); `onChanged` lets the page refresh its own copy. */
export function useRemoveContributor(postId: string, onChanged: () => Promise<void> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeContributor(postId, userId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: coauthorKeys.contributors(postId) });
      await onChanged();
    },
  });
}
