import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResult } from 'pocketbase';
import { pb } from '../../../lib/pocketbase';
import type { StoryRecord } from '../../../lib/posts/types';
import { storyKeys } from './keys';
import { BROWSE_PAGE_SIZE, PUBLISHED, STORY_EXPAND } from './story-lists';

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

export function browsedStoriesQueryOptions(label: string, tag: string, page: number) {
  return queryOptions({
    queryKey: storyKeys.browse(label, tag, page),
    queryFn: () => getBrowsedStories(label, tag, page),
    placeholderData: keepPreviousData,
  });
}

export function useBrowsedStories(label: string, tag: string, page: number) {
  return useQuery(browsedStoriesQueryOptions(label, tag, page));
}
