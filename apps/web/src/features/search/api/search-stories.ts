import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResult } from 'pocketbase';
import { pb } from '../../../lib/pocketbase';
import type { StoryRecord } from '../../../lib/posts/types';
import { searchKeys } from './keys';

/** Spec part 2 §7 and §9: "story search by query, page, page size 20". */
export const SEARCH_PAGE_SIZE = 20;

/** Who wrote each story and its labels and tags come along, so a result reads like a stories-list card. */
const RESULT_EXPAND = 'post,post.contributors,post.contributors.profile,post.tags,post.labels';

/**
 * The server's ranked search (`GET /api/search/stories`, apps/server/src/apis/search.ts): published
 * stories only, title matches first, then description, then text; ties newest first.
 */
export function searchStories(query: string, page: number): Promise<ListResult<StoryRecord>> {
  return pb.send<ListResult<StoryRecord>>('/api/search/stories', {
    method: 'GET',
    query: { q: query, page, perPage: SEARCH_PAGE_SIZE, expand: RESULT_EXPAND },
  });
}

export function searchStoriesQueryOptions(query: string, page: number) {
  return queryOptions({
    queryKey: searchKeys.stories(query, page),
    queryFn: () => searchStories(query, page),
    // An empty query has no results by definition: nothing is asked of the server.
    enabled: query !== '',
    // Paging keeps the current results on screen (under "Searching...") until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

export function useStorySearch(query: string, page: number) {
  return useQuery(searchStoriesQueryOptions(query, page));
}
