import { queryOptions, useQuery } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import { FORUM_LIST_LIMIT, type ForumRecord } from './forum-lists';
import { forumKeys } from './keys';

/** "forums": every forum, in the admins' order (`sortOrder`, spec part 1 §2), then by name. */
export async function getForums(): Promise<ForumRecord[]> {
  const list = await pb
    .collection('forums')
    .getList<ForumRecord>(1, FORUM_LIST_LIMIT, { sort: 'sort_order,name', skipTotal: true });
  return list.items;
}

export function forumsQueryOptions() {
  return queryOptions({ queryKey: forumKeys.list, queryFn: getForums });
}

export function useForums() {
  return useQuery(forumsQueryOptions());
}
