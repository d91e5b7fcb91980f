import { queryOptions, useQuery } from '@tanstack/react-query';
import { pb } from '../pocketbase';
import { postKeys } from './keys';
import { TAXONOMY_LIST_SIZE, TAXONOMY_STALE_MS } from './taxonomy';
import type { LabelRecord } from './types';

/** "labels: up to 1000 sorted by order" (spec part 1 §7). */
export async function getLabels(): Promise<LabelRecord[]> {
  const page = await pb.collection('labels').getList<LabelRecord>(1, TAXONOMY_LIST_SIZE, { sort: 'order' });
  return page.items;
}

export const labelsQueryOptions = () =>
  queryOptions({ queryKey: postKeys.labels, queryFn: getLabels, staleTime: TAXONOMY_STALE_MS });

export const useLabels = () => useQuery(labelsQueryOptions());
