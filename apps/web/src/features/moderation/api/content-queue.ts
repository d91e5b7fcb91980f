import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResult, RecordModel } from 'pocketbase';
import { flash, flashError } from '../../../components/flash';
import type { NamedUser } from '../../../lib/display-name';
import { pb } from '../../../lib/pocketbase';
import { ADMIN_COUNTS } from './get-admin-counts';
import { adminCountKeys, queueKeys } from './keys';

/** A story or series behind a submitted post, loaded with it to be read before deciding. */
export interface SubmittedContent extends RecordModel {
  content?: string;
  stories?: string[];
}

/** A post awaiting review (spec part 2 §3: published is empty and submitted is set). */
export interface SubmittedPost extends RecordModel {
  type: string;
  title: string;
  description: string;
  contributors: string[];
  attachments: string[];
  submitted: string;
  expand?: {
    contributors?: NamedUser[];
    tags?: { id: string; name: string }[];
    // A back-relation over a unique field expands to one record; otherwise to a list.
    stories_via_post?: SubmittedContent | SubmittedContent[];
    series_via_post?: SubmittedContent | SubmittedContent[];
  };
}

export type ReviewAction = 'publish' | 'reject' | 'delete';

/** Spec part 2 §4 and §5: what each decision says, and what a missing reason says. */
export const REVIEW_TEXTS = {
  done: {
    publish: 'Post published successfully',
    reject: 'Post rejected successfully',
    delete: 'Post deleted successfully',
  },
  reasonRequired: {
    reject: 'Specify a reason for rejecting the post',
    delete: 'Specify a reason for deleting the post',
  },
  empty: 'Queue is Empty!',
} as const;

const QUEUE_EXPAND = 'contributors,contributors.profile,tags,stories_via_post,series_via_post';

/** "posts: list submitted but unpublished (sort created ascending)" (spec part 2 §7). */
export function getSubmittedPosts(page: number, pageSize: number): Promise<ListResult<SubmittedPost>> {
  return pb.collection('posts').getList<SubmittedPost>(page, pageSize, {
    filter: ADMIN_COUNTS.submittedPosts.filter,
    sort: 'created',
    expand: QUEUE_EXPAND,
  });
}

export function useSubmittedPosts(page: number, pageSize: number) {
  return useQuery({
    queryKey: queueKeys.page(page, pageSize),
    queryFn: () => getSubmittedPosts(page, pageSize),
    placeholderData: keepPreviousData,
  });
}

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
