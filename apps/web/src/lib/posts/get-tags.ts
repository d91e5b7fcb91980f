import { queryOptions, useQuery } from '@tanstack/react-query';
import { pb } from '../pocketbase';
import { postKeys } from './keys';
import { TAXONOMY_LIST_SIZE, TAXONOMY_STALE_MS } from './taxonomy';
import type { TagRecord } from './types';

/** "tags: list all (page size 1000, sorted by name)" (spec part 2 §7). */
export async function getTags(): Promise<TagRecord[]> {
  const page = await pb.collection('tags').getList<TagRecord>(1, TAXONOMY_LIST_SIZE, { sort: 'name' });
  return page.items;
}

export const tagsQueryOptions = () =>
  queryOptions({ queryKey: postKeys.tags, queryFn: getTags, staleTime: TAXONOMY_STALE_MS });

export const useTags = () => useQuery(tagsQueryOptions());
