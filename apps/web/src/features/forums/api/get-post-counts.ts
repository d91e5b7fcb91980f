import { queryOptions, useQuery } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import { FORUM_LIST_LIMIT } from './forum-lists';
import { forumKeys } from './keys';

interface CountRecord {
  id: string;
  count: number;
}

/**
 * "forum post counts (one per forum)": the view's id is the forum's id. A forum without threads has no
 * row, so a missing forum counts 0.
 */
export async function getPostCounts(): Promise<Map<string, number>> {
  const list = await pb
    .collection('forum_post_counts')
    .getList<CountRecord>(1, FORUM_LIST_LIMIT, { skipTotal: true });
  return new Map(list.items.map((row) => [row.id, row.count]));
}

export function postCountsQueryOptions() {
  return queryOptions({ queryKey: forumKeys.counts, queryFn: getPostCounts });
}

export function usePostCounts() {
  return useQuery(postCountsQueryOptions());
}
