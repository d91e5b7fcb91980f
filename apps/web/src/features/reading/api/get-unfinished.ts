import { queryOptions, useQuery } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import { readingKeys } from './keys';
import { PROGRESS, type ReadProgress } from './types';

/** The home page offers the five most recently read stories the member has not finished. */
export const CONTINUE_READING_SIZE = 5;

export async function getUnfinished(userId: string): Promise<ReadProgress[]> {
  const page = await pb.collection(PROGRESS).getList<ReadProgress>(1, CONTINUE_READING_SIZE, {
    filter: pb.filter('user = {:user} && finished = false', { user: userId }),
    sort: '-updated',
    expand: 'story,story.post',
    skipTotal: true,
  });
  // A story the member can no longer open (unpublished since, or deleted) is not offered.
  return page.items.filter((item) => item.expand?.story?.expand?.post);
}

export function unfinishedQueryOptions(userId: string) {
  return queryOptions({ queryKey: readingKeys.unfinished(userId), queryFn: () => getUnfinished(userId) });
}

export function useUnfinished(userId: string) {
  return useQuery(unfinishedQueryOptions(userId));
}
