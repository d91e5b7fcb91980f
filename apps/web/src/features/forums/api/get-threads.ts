import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResult } from 'pocketbase';
import { pb } from '../../../lib/pocketbase';
import {
  FORUM_PAGE_SIZE,
  FORUM_TILE_SIZE,
  THREAD_EXPAND,
  THREAD_SORT,
  type ThreadRecord,
} from './forum-lists';
import { forumKeys } from './keys';

const inForum = (forumId: string) => pb.filter('forum = {:forum}', { forum: forumId });

/** /forums/{forumId}?page=N: the forum's threads, 20 a page, newest activity first (spec part 1 §7). */
export function getThreads(forumId: string, page: number): Promise<ListResult<ThreadRecord>> {
  return pb.collection('forum_posts').getList<ThreadRecord>(page, FORUM_PAGE_SIZE, {
    filter: inForum(forumId),
    sort: THREAD_SORT,
    expand: THREAD_EXPAND,
  });
}

export function threadsQueryOptions(forumId: string, page: number) {
  return queryOptions({
    queryKey: forumKeys.threads(forumId, page),
    queryFn: () => getThreads(forumId, page),
    placeholderData: keepPreviousData,
  });
}

export function useThreads(forumId: string, page: number) {
  return useQuery(threadsQueryOptions(forumId, page));
}

/** A forum tile's 4 most recent threads on /forums; the count comes from the post-count view. */
export async function getRecentThreads(forumId: string): Promise<ThreadRecord[]> {
  const list = await pb.collection('forum_posts').getList<ThreadRecord>(1, FORUM_TILE_SIZE, {
    filter: inForum(forumId),
    sort: THREAD_SORT,
    expand: THREAD_EXPAND,
    skipTotal: true,
  });
  return list.items;
}

export function recentThreadsQueryOptions(forumId: string) {
  return queryOptions({ queryKey: forumKeys.recent(forumId), queryFn: () => getRecentThreads(forumId) });
}

export function useRecentThreads(forumId: string) {
  return useQuery(recentThreadsQueryOptions(forumId));
}
