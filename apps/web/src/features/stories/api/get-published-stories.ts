import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResult } from 'pocketbase';
import { pb } from '../../../lib/pocketbase';
import type { StoryRecord } from '../../../lib/posts/types';
import { storyKeys } from './keys';
import { PUBLISHED, STORIES_PAGE_SIZE, STORY_EXPAND } from './story-lists';

/** "stories: list by filter (published not empty), sorted -created" (spec part 1 §7). */
export function getPublishedStories(page: number): Promise<ListResult<StoryRecord>> {
  return pb.collection('stories').getList<StoryRecord>(page, STORIES_PAGE_SIZE, {
    filter: PUBLISHED,
    sort: '-created',
    expand: STORY_EXPAND,
  });
}

export function publishedStoriesQueryOptions(page: number) {
  return queryOptions({
    queryKey: storyKeys.list(page),
    queryFn: () => getPublishedStories(page),
    // Paging keeps the current page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
}

export function usePublishedStories(page: number) {
  return useQuery(publishedStoriesQueryOptions(page));
}
