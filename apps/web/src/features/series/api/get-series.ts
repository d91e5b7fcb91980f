import { queryOptions, useQuery } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import type { SeriesRecord, StoryRecord } from '../../../lib/posts/types';
import { seriesKeys } from './keys';
import { SERIES_EXPAND } from './series-lists';

/**
 * "series get by id" with its post and its chapters (and their posts) expanded. The server expands only
 * the chapters the member may see, so a chapter still in review is missing for other members.
 */
export function getSeries(id: string): Promise<SeriesRecord> {
  return pb.collection('series').getOne<SeriesRecord>(id, {
    expand: `${SERIES_EXPAND},post.labels,stories,stories.post`,
  });
}

export function seriesQueryOptions(id: string) {
  return queryOptions({ queryKey: seriesKeys.detail(id), queryFn: () => getSeries(id) });
}

export function useSeries(id: string) {
  return useQuery(seriesQueryOptions(id));
}

/** The chapters the member may open, in the series' `stories` order (PRODUCT.md §4). */
export function chaptersOf(series: SeriesRecord): StoryRecord[] {
  const byId = new Map((series.expand?.stories ?? []).map((story) => [story.id, story]));
  return series.stories.flatMap((id) => {
    const story = byId.get(id);
    return story ? [story] : [];
  });
}
