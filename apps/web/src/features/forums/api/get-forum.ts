import { queryOptions, useQuery } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import type { ForumRecord } from './forum-lists';
import { forumKeys } from './keys';

/** One forum, for its name and description above its threads. */
export function getForum(id: string): Promise<ForumRecord> {
  return pb.collection('forums').getOne<ForumRecord>(id);
}

export function forumQueryOptions(id: string) {
  return queryOptions({ queryKey: forumKeys.detail(id), queryFn: () => getForum(id) });
}

export function useForum(id: string) {
  return useQuery(forumQueryOptions(id));
}
