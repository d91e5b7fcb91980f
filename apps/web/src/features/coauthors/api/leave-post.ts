import { useMutation, useQueryClient } from '@tanstack/react-query';
import { coauthorKeys } from './keys';
import { removeContributor } from './remove-contributor';

/** Leaves a post as a contributor (not the only one): the member takes themself off its contributors. */
export function leavePost(postId: string, userId: string): Promise<void> {
  return removeContributor(postId, userId);
}

/**
 * After leaving the member may no longer see the edit page: `onLeft` takes them elsewhere, and the page
 * they land on (the byline without them) says it; a success flash would close with the navigation.
 */
export function useLeavePost(postId: string, userId: string, onLeft: () => Promise<void> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => leavePost(postId, userId),
    onSuccess: async () => {
      await onLeft();
      await queryClient.invalidateQueries({ queryKey: coauthorKeys.all });
    },
  });
}
