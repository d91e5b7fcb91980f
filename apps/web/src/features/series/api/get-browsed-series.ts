import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResult } from 'pocketbase';
import { pb } from '../../../lib/pocketbase';
import type { SeriesRecord } from '../../../lib/posts/types';
import { seriesKeys } from './keys';
import { BROWSE_PAGE_SIZE, PUBLISHED_WITH_STORIES, SERIES_EXPAND } from './series-lists';

/** Published series with stories, with the label and the tag when given ("labels containing id" ...). */
export function browseSeriesFilter(label: string, tag: string): string {
  const parts = [PUBLISHED_WITH_STORIES];
  if (label) parts.push(pb.filter('post.labels.id ?= {:label}', { label }));
  if (tag) parts.push(pb.filter('post.tags.id ?= {:tag}', { tag }));
  return parts.join(' && ');
}

/** /series/browse: like /stories/browse, oldest first, 20 per page. */
export function getBrowsedSeries(
  label: string,
  tag: string,
  page: number,
): Promise<ListResult<SeriesRecord>> {
  return pb.collection('series').getList<SeriesRecord>(page, BROWSE_PAGE_SIZE, {
    filter: browseSeriesFilter(label, tag),
    sort: 'created',
    expand: SERIES_EXPAND,
  });
}

export function browsedSeriesQueryOptions(label: string, tag: string, page: number) {
  return queryOptions({
    queryKey: seriesKeys.browse(label, tag, page),
    queryFn: () => getBrowsedSeries(label, tag, page),
    placeholderData: keepPreviousData,
  });
}

export function useBrowsedSeries(label: string, tag: string, page: number) {
  return useQuery(browsedSeriesQueryOptions(label, tag, page));
}
