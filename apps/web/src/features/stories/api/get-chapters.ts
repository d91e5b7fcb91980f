import { queryOptions, useQuery } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import type { SeriesRecord } from '../../../lib/posts/types';
import { storyKeys } from './keys';

export interface Chapters {
  previous: string | null;
  next: string | null;
}

/**
 * "series get by id", with the chapters expanded: the server expands only the chapters the member may
 * see, so an unpublished chapter is skipped rather than linked to a page that cannot show it.
 */
export function getSeries(id: string): Promise<SeriesRecord> {
  return pb.collection('series').getOne<SeriesRecord>(id, { expand: 'stories' });
}

/** The chapters before and after `storyId` in the series' `stories` order (PRODUCT.md §4). */
export function neighbours(series: SeriesRecord, storyId: string): Chapters {
  const visible = new Set((series.expand?.stories ?? []).map((story) => story.id));
  const readable = series.stories.filter((id) => id === storyId || visible.has(id));
  const index = readable.indexOf(storyId);
  if (index < 0) return { previous: null, next: null };
  return { previous: readable[index - 1] ?? null, next: readable[index + 1] ?? null };
}

export function seriesQueryOptions(id: string) {
  return queryOptions({ queryKey: storyKeys.series(id), queryFn: () => getSeries(id) });
}

/** Previous and next chapter of a story in its series; none while loading or outside a series. */
export function useChapters(storyId: string, seriesId: string): Chapters {
  const series = useQuery({ ...seriesQueryOptions(seriesId), enabled: seriesId !== '' });
  return series.data ? neighbours(series.data, storyId) : { previous: null, next: null };
}
