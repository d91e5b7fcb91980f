import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResult } from 'pocketbase';
import { pb } from '../../../lib/pocketbase';
import { mutedQuery, type HiddenCount, type MutedMode } from '../../../lib/mutes/types';
import type { SeriesRecord } from '../../../lib/posts/types';
import { seriesKeys } from './keys';
import { PUBLISHED_WITH_STORIES, SERIES_EXPAND, SERIES_PAGE_SIZE } from './series-lists';

/**
 * /series: published series with at least one story, oldest first, 10 per page (spec part 1 §2), without
 * the member's muted tags and labels unless `muted` is `show` (PRODUCT.md §14).
 */
export function getSeriesList(
  page: number,
  muted: MutedMode,
): Promise<ListResult<SeriesRecord> & HiddenCount> {
  return pb.collection('series').getList<SeriesRecord>(page, SERIES_PAGE_SIZE, {
    filter: PUBLISHED_WITH_STORIES,
    sort: 'created',
    expand: SERIES_EXPAND,
    ...mutedQuery(muted),
  });
}

export function seriesListQueryOptions(page: number, muted: MutedMode) {
  return queryOptions({
    queryKey: seriesKeys.list(page, muted),
    queryFn: () => getSeriesList(page, muted),
    // Paging keeps the current page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
}

export function useSeriesList(page: number, muted: MutedMode) {
  return useQuery(seriesListQueryOptions(page, muted));
}
