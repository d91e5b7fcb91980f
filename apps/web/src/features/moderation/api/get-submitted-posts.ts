import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResult } from 'pocketbase';
import { pb } from '../../../lib/pocketbase';
import { ADMIN_COUNTS } from './get-admin-counts';
import { queueKeys } from './keys';
import type { SubmittedPost } from './queue-types';

const QUEUE_EXPAND = 'contributors,contributors.profile,labels,tags,stories_via_post,series_via_post';

/** "posts: list submitted but unpublished (sort created ascending)" (spec part 2 §7). */
export function getSubmittedPosts(page: number, pageSize: number): Promise<ListResult<SubmittedPost>> {
  return pb.collection('posts').getList<SubmittedPost>(page, pageSize, {
    filter: ADMIN_COUNTS.submittedPosts.filter,
    sort: 'created',
    expand: QUEUE_EXPAND,
  });
}

export function submittedPostsQueryOptions(page: number, pageSize: number) {
  return queryOptions({
    queryKey: queueKeys.page(page, pageSize),
    queryFn: () => getSubmittedPosts(page, pageSize),
    placeholderData: keepPreviousData,
  });
}

export function useSubmittedPosts(page: number, pageSize: number) {
  return useQuery(submittedPostsQueryOptions(page, pageSize));
}
