import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResult } from 'pocketbase';
import { pb } from '../../../lib/pocketbase';
import { mutedQuery, type HiddenCount, type MutedMode } from '../../../lib/mutes/types';
import type { StoryRecord } from '../../../lib/posts/types';
import { storyKeys } from './keys';
import { PUBLISHED, STORIES_PAGE_SIZE, STORY_EXPAND } from './story-lists';

/**
 * "stories: list by filter (published not empty), sorted -created" (spec part 1 §7); the member's muted
 * tags and labels left out by the server unless `muted` is `show` (PRODUCT.md §14).
 */
export function getPublishedStories(
  page: number,
  muted: MutedMode,
): Promise<ListResult<StoryRecord> & HiddenCount> {
  return pb.collection('stories').getList<StoryRecord>(page, STORIES_PAGE_SIZE, {
    filter: PUBLISHED,
    sort: '-created',
    expand: STORY_EXPAND,
    ...mutedQuery(muted),
  });
}

export function publishedStoriesQueryOptions(page: number, muted: MutedMode) {
  return queryOptions({
    queryKey: storyKeys.list(page, muted),
    queryFn: () => getPublishedStories(page, muted),
    // Paging keeps the current page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
}

export function usePublishedStories(page: number, muted: MutedMode) {
  return useQuery(publishedStoriesQueryOptions(page, muted));
}
