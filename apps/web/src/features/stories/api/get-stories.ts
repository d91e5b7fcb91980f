import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResult } from 'pocketbase';
import { pb } from '../../../lib/pocketbase';
import { storyKeys } from './keys';
import type { StoryRecord } from './types';

/** Spec part 1 §9: the stories index shows 10 per page, the browse page 20. */
export const STORIES_PAGE_SIZE = 10;
export const BROWSE_PAGE_SIZE = 20;

/** Who wrote it and what it is tagged with come along with each story. */
export const STORY_EXPAND = 'post,post.contributors,post.contributors.profile,post.tags';

const PUBLISHED = "post.published != ''";

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

/**
 * The browse filter: published, and with the label and the tag when given ("labels containing id",
 * "tags containing id"). `rel.id ?= x` is PocketBase's "any related record has id x".
 */
export function browseFilter(label: string, tag: string): string {
  const parts = [PUBLISHED];
  if (label) parts.push(pb.filter('post.labels.id ?= {:label}', { label }));
  if (tag) parts.push(pb.filter('post.tags.id ?= {:tag}', { tag }));
  return parts.join(' && ');
}

/** /stories/browse: published stories with the label and tag, oldest first, 20 per page (spec part 1 §2). */
export function getBrowsedStories(
  label: string,
  tag: string,
  page: number,
): Promise<ListResult<StoryRecord>> {
  return pb.collection('stories').getList<StoryRecord>(page, BROWSE_PAGE_SIZE, {
    filter: browseFilter(label, tag),
    sort: 'created',
    expand: STORY_EXPAND,
  });
}

export function useBrowsedStories(label: string, tag: string, page: number) {
  return useQuery({
    queryKey: storyKeys.browse(label, tag, page),
    queryFn: () => getBrowsedStories(label, tag, page),
    placeholderData: keepPreviousData,
  });
}
