import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import { commentKeys } from './keys';

/** "comments: delete". */
export async function deleteComment(id: string): Promise<void> {
  await pb.collection('comments').delete(id);
}

/** Deletes a comment and reloads its thread. */
export function useDeleteComment(target: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentKeys.list(target) }),
  });
}
