import { queryOptions, useQuery } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import type { LabelRecord, TagRecord } from './types';

/** Spec part 1 §9: label and tag lists are read up to 1000 at once. */
export const TAXONOMY_LIST_SIZE = 1000;

export const taxonomyKeys = {
  labels: ['labels'] as const,
  tags: ['tags'] as const,
};

/** "labels: up to 1000 sorted by order" (spec part 1 §7). */
export async function getLabels(): Promise<LabelRecord[]> {
  const page = await pb.collection('labels').getList<LabelRecord>(1, TAXONOMY_LIST_SIZE, { sort: 'order' });
  return page.items;
}

/** "tags: list all (page size 1000, sorted by name)" (spec part 2 §7). */
export async function getTags(): Promise<TagRecord[]> {
  const page = await pb.collection('tags').getList<TagRecord>(1, TAXONOMY_LIST_SIZE, { sort: 'name' });
  return page.items;
}

// Labels and tags change rarely; a screen reuses what another loaded a few minutes before.
const TAXONOMY_STALE_MS = 5 * 60_000;

export const labelsQueryOptions = () =>
  queryOptions({ queryKey: taxonomyKeys.labels, queryFn: getLabels, staleTime: TAXONOMY_STALE_MS });
export const tagsQueryOptions = () =>
  queryOptions({ queryKey: taxonomyKeys.tags, queryFn: getTags, staleTime: TAXONOMY_STALE_MS });

export const useLabels = () => useQuery(labelsQueryOptions());
export const useTags = () => useQuery(tagsQueryOptions());
