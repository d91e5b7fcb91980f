import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flash, flashError } from '../../../components/flash';
import { pb } from '../../../lib/pocketbase';
import { adminCountKeys, queueKeys } from './keys';
import { REVIEW_TEXTS, type ReviewAction, type SubmittedPost } from './queue-types';

export interface ReviewDecision {
  post: SubmittedPost;
  action: ReviewAction;
  resolution: string;
}

/**
 * "post content action: create with user, post, resolver, action and resolution" (spec part 2 §7). The
 * server applies the decision in the same transaction and tells the contributors (PRODUCT.md §4).
 */
export function createContentAction({ post, action, resolution }: ReviewDecision, resolver: string) {
  return pb.collection('post_content_actions').create({
    user: post.contributors[0] ?? '',
    post: post.id,
    resolver,
    action,
    resolution: resolution.trim(),
  });
}

/**
 * Decides on a submission, says so (spec part 2 §4), then reloads the queue and the sidebar's counts. The
 * texts are raised here rather than by the entry, which the reloaded queue no longer shows.
 */
export function useReviewPost(resolver: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: ReviewDecision) => createContentAction(decision, resolver),
    onSuccess: (_record, { action }) => void flash.success(REVIEW_TEXTS.done[action]),
    onError: flashError,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queueKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminCountKeys.all }),
      ]),
  });
}
