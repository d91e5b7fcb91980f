import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flash } from '../../../components/flash';
import { COAUTHOR_TEXTS } from '../coauthor-texts';
import { coauthorKeys } from './keys';
import { removeContributor } from './remove-contributor';

/** Leaves a post as a contributor (not the only one): the member takes themself off its contributors. */
export function leavePost(postId: string, userId: string): Promise<void> {
  return removeContributor(postId, userId);
}

/**
 * After leaving the member may no longer see the edit page: `onLeft` takes them elsewhere. The success is
 * said here, since the panel's own callbacks do not run once the page is gone.
 */
export function useLeavePost(postId: string, userId: string, onLeft: () => Promise<void> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => leavePost(postId, userId),
    onSuccess: async () => {
      flash.success(COAUTHOR_TEXTS.left);
      await onLeft();
      await queryClient.invalidateQueries({ queryKey: coauthorKeys.all });
    },
  });
}
