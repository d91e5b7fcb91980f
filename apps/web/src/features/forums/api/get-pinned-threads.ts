import { queryOptions, useQuery } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import { PINNED_LIMIT, type PinnedThreadRecord } from './forum-lists';
import { forumKeys } from './keys';

/** "pinned forum posts (up to 10000, +created)": the home page's pinned threads, oldest first. */
export async function getPinnedThreads(): Promise<PinnedThreadRecord[]> {
  const list = await pb.collection('pinned_forum_posts').getList<PinnedThreadRecord>(1, PINNED_LIMIT, {
    sort: '+created',
    expand: 'post,post.contributors,post.contributors.profile,forum',
    skipTotal: true,
  });
  return list.items;
}

export function pinnedThreadsQueryOptions() {
  return queryOptions({ queryKey: forumKeys.pinned, queryFn: getPinnedThreads });
}

export function usePinnedThreads(enabled = true) {
  return useQuery({ ...pinnedThreadsQueryOptions(), enabled });
}
