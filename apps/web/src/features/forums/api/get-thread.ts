import { queryOptions, useQuery } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import { THREAD_EXPAND, type ThreadRecord } from './forum-lists';
import { forumKeys } from './keys';

/** One thread with its post, authors and their profiles. */
export function getThread(id: string): Promise<ThreadRecord> {
  return pb.collection('forum_posts').getOne<ThreadRecord>(id, { expand: THREAD_EXPAND });
}

export function threadQueryOptions(id: string) {
  return queryOptions({ queryKey: forumKeys.thread(id), queryFn: () => getThread(id) });
}

export function useThread(id: string) {
  return useQuery(threadQueryOptions(id));
}
