import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResult } from 'pocketbase';
import { pb } from '../../../lib/pocketbase';
import type { SeriesRecord } from '../../../lib/posts/types';
import { seriesKeys } from './keys';
import { PUBLISHED_WITH_STORIES, SERIES_EXPAND, SERIES_PAGE_SIZE } from './series-lists';

/** /series: published series with at least one story, oldest first, 10 per page (spec part 1 §2). */
export function getSeriesList(page: number): Promise<ListResult<SeriesRecord>> {
  return pb.collection('series').getList<SeriesRecord>(page, SERIES_PAGE_SIZE, {
    filter: PUBLISHED_WITH_STORIES,
    sort: 'created',
    expand: SERIES_EXPAND,
  });
}

export function seriesListQueryOptions(page: number) {
  return queryOptions({
    queryKey: seriesKeys.list(page),
    queryFn: () => getSeriesList(page),
    // Paging keeps the current page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
}

export function useSeriesList(page: number) {
  return useQuery(seriesListQueryOptions(page));
}
