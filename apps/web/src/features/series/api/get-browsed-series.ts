import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResult } from 'pocketbase';
import { pb } from '../../../lib/pocketbase';
import { mutedQuery, type HiddenCount, type MutedMode } from '../../../lib/mutes/types';
import { sizeFilterParts, type SizeFilter } from '../../../lib/posts/sizes';
import type { SeriesRecord } from '../../../lib/posts/types';
import { seriesKeys } from './keys';
import { BROWSE_PAGE_SIZE, PUBLISHED_WITH_STORIES, SERIES_EXPAND } from './series-lists';

/** Published series with stories, with the label and the tag when given ("labels containing id" ...). */
export function browseSeriesFilter(label: string, tag: string, sizes: SizeFilter): string {
  const parts = [PUBLISHED_WITH_STORIES];
  if (label) parts.push(pb.filter('post.labels.id ?= {:label}', { label }));
  if (tag) parts.push(pb.filter('post.tags.id ?= {:tag}', { tag }));
  parts.push(...sizeFilterParts(sizes));
  return parts.join(' && ');
}

/** /series/browse: like /stories/browse (label, tag, sizes, muted ones left out), oldest first, 20 per page. */
export function getBrowsedSeries(
  label: string,
  tag: string,
  sizes: SizeFilter,
  page: number,
  muted: MutedMode,
): Promise<ListResult<SeriesRecord> & HiddenCount> {
  return pb.collection('series').getList<SeriesRecord>(page, BROWSE_PAGE_SIZE, {
    filter: browseSeriesFilter(label, tag, sizes),
    sort: 'created',
    expand: SERIES_EXPAND,
    ...mutedQuery(muted),
  });
}

export function browsedSeriesQueryOptions(
  label: string,
  tag: string,
  sizes: SizeFilter,
  page: number,
  muted: MutedMode,
) {
  return queryOptions({
    queryKey: seriesKeys.browse(label, tag, sizes, page, muted),
    queryFn: () => getBrowsedSeries(label, tag, sizes, page, muted),
    placeholderData: keepPreviousData,
  });
}

export function useBrowsedSeries(
  label: string,
  tag: string,
  sizes: SizeFilter,
  page: number,
  muted: MutedMode,
) {
  return useQuery(browsedSeriesQueryOptions(label, tag, sizes, page, muted));
}
