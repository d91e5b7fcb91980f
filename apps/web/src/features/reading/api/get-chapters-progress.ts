import { queryOptions, useQuery } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import { readingKeys } from './keys';
import { PROGRESS, type ReadProgress } from './types';

/** Series hold at most 1000 chapters (the `stories` relation's limit). */
const MAX_CHAPTERS = 1000;

/** The member's progress in each of these stories (a series' chapters), by story id. */
export async function getChaptersProgress(
  userId: string,
  storyIds: readonly string[],
): Promise<Map<string, ReadProgress>> {
  if (storyIds.length === 0) return new Map();
  const anyOf = storyIds.map((id) => pb.filter('story = {:id}', { id })).join(' || ');
  const items = await pb.collection(PROGRESS).getFullList<ReadProgress>({
    batch: MAX_CHAPTERS,
    filter: `${pb.filter('user = {:user}', { user: userId })} && (${anyOf})`,
  });
  return new Map(items.map((item) => [item.story, item]));
}

export function chaptersProgressQueryOptions(userId: string, storyIds: readonly string[]) {
  return queryOptions({
    queryKey: readingKeys.stories(userId, storyIds),
    queryFn: () => getChaptersProgress(userId, storyIds),
  });
}

export function useChaptersProgress(userId: string | undefined, storyIds: readonly string[]) {
  return useQuery({ ...chaptersProgressQueryOptions(userId ?? '', storyIds), enabled: Boolean(userId) });
}
