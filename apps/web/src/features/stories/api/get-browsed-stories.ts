import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResult } from 'pocketbase';
import { pb } from '../../../lib/pocketbase';
import { mutedQuery, type HiddenCount, type MutedMode } from '../../../lib/mutes/types';
import { sizeFilterParts, type SizeFilter } from '../../../lib/posts/sizes';
import type { StoryRecord } from '../../../lib/posts/types';
import { storyKeys } from './keys';
import { BROWSE_PAGE_SIZE, PUBLISHED, STORY_EXPAND } from './story-lists';

/**
 * The browse filter: published, and with the label and the tag when given ("labels containing id",
 * "tags containing id"). `rel.id ?= x` is PocketBase's "any related record has id x".
 */
export function browseFilter(label: string, tag: string, sizes: SizeFilter): string {
  const parts = [PUBLISHED];
  if (label) parts.push(pb.filter('post.labels.id ?= {:label}', { label }));
  if (tag) parts.push(pb.filter('post.tags.id ?= {:tag}', { tag }));
  parts.push(...sizeFilterParts(sizes));
  return parts.join(' && ');
}

/**
 * /stories/browse: published stories with the label, tag and sizes, oldest first, 20 per page (spec part
 * 1 §2, PRODUCT.md §14), without the member's muted tags and labels unless `muted` is `show`.
 */
export function getBrowsedStories(
  label: string,
  tag: string,
  sizes: SizeFilter,
  page: number,
  muted: MutedMode,
): Promise<ListResult<StoryRecord> & HiddenCount> {
  return pb.collection('stories').getList<StoryRecord>(page, BROWSE_PAGE_SIZE, {
    filter: browseFilter(label, tag, sizes),
    sort: 'created',
    expand: STORY_EXPAND,
    ...mutedQuery(muted),
  });
}

export function browsedStoriesQueryOptions(
  label: string,
  tag: string,
  sizes: SizeFilter,
  page: number,
  muted: MutedMode,
) {
  return queryOptions({
    queryKey: storyKeys.browse(label, tag, sizes, page, muted),
    queryFn: () => getBrowsedStories(label, tag, sizes, page, muted),
    placeholderData: keepPreviousData,
  });
}

export function useBrowsedStories(
  label: string,
  tag: string,
  sizes: SizeFilter,
  page: number,
  muted: MutedMode,
) {
  return useQuery(browsedStoriesQueryOptions(label, tag, sizes, page, muted));
}
