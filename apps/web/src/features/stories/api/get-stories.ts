import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResult } from 'pocketbase';
import { pb } from '../../../lib/pocketbase';
import { storyKeys } from './keys';
import type { StoryRecord } from './types';

/** Spec part 1 §9: the stories index shows 10 per page. */
export const STORIES_PAGE_SIZE = 10;

/** Who wrote it and what it is tagged with come along with each story. */
export const STORY_EXPAND = 'post,post.contributors,post.contributors.profile,post.tags';

/** "stories: list by filter (published not empty), sorted -created" (spec part 1 §7). */
export function getPublishedStories(page: number): Promise<ListResult<StoryRecord>> {
  return pb.collection('stories').getList<StoryRecord>(page, STORIES_PAGE_SIZE, {
    filter: "post.published != ''",
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
