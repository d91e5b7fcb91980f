import { queryOptions, useQuery } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import { isNotFoundError } from '../../../lib/errors';
import { readingKeys } from './keys';
import { PROGRESS, type ReadProgress } from './types';

/** The member's progress in one story, or null when they have not read it yet. */
export async function getStoryProgress(userId: string, storyId: string): Promise<ReadProgress | null> {
  try {
    return await pb
      .collection(PROGRESS)
      .getFirstListItem<ReadProgress>(
        pb.filter('user = {:user} && story = {:story}', { user: userId, story: storyId }),
      );
  } catch (error) {
    if (isNotFoundError(error)) return null;
    throw error;
  }
}

export function storyProgressQueryOptions(userId: string, storyId: string) {
  return queryOptions({
    queryKey: readingKeys.story(userId, storyId),
    queryFn: () => getStoryProgress(userId, storyId),
  });
}

export function useStoryProgress(userId: string | undefined, storyId: string) {
  return useQuery({ ...storyProgressQueryOptions(userId ?? '', storyId), enabled: Boolean(userId) });
}
