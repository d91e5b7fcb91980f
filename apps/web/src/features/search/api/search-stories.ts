import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResult } from 'pocketbase';
import { pb } from '../../../lib/pocketbase';
import { mutedQuery, type HiddenCount, type MutedMode } from '../../../lib/mutes/types';
import type { SizeFilter } from '../../../lib/posts/sizes';
import type { StoryRecord } from '../../../lib/posts/types';
import { searchKeys } from './keys';

/** Spec part 2 §7 and §9: "story search by query, page, page size 20". */
export const SEARCH_PAGE_SIZE = 20;

/** Who wrote each story and its labels and tags come along, so a result reads like a stories-list card. */
const RESULT_EXPAND = 'post,post.contributors,post.contributors.profile,post.tags,post.labels';

/**
 * The server's ranked search (`GET /api/search/stories`, apps/server/src/apis/search.ts): published
 * stories only, title matches first, then description, then text; ties newest first. Filtered by the
 * sizes given, and without the member's muted tags and labels unless `muted` is `show` (PRODUCT.md §14).
 */
export function searchStories(
  query: string,
  sizes: SizeFilter,
  page: number,
  muted: MutedMode,
): Promise<ListResult<StoryRecord> & HiddenCount> {
  const filters = Object.fromEntries(Object.entries(sizes).filter(([, value]) => value !== ''));
  return pb.send<ListResult<StoryRecord> & HiddenCount>('/api/search/stories', {
    method: 'GET',
    query: {
      q: query,
      page,
      perPage: SEARCH_PAGE_SIZE,
      expand: RESULT_EXPAND,
      ...filters,
      ...mutedQuery(muted),
    },
  });
}

export function searchStoriesQueryOptions(query: string, sizes: SizeFilter, page: number, muted: MutedMode) {
  return queryOptions({
    queryKey: searchKeys.stories(query, sizes, page, muted),
    queryFn: () => searchStories(query, sizes, page, muted),
    // An empty query has no results by definition: nothing is asked of the server.
    enabled: query !== '',
    // Paging keeps the current results on screen (under "Searching...") until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

export function useStorySearch(query: string, sizes: SizeFilter, page: number, muted: MutedMode) {
  return useQuery(searchStoriesQueryOptions(query, sizes, page, muted));
}
