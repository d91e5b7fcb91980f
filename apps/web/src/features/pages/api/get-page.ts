import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecordModel } from 'pocketbase';
import { pb } from '../../../lib/pocketbase';
import { pageKeys } from './keys';

/** A content page (spec part 1 §3 "Page"): title and HTML content, looked up by slug. */
export interface PageRecord extends RecordModel {
  slug: string;
  title: string;
  content: string;
}

/** "pages: get by slug" (spec part 1 §7): the first record whose slug matches; 404 when none. */
export function getPageBySlug(slug: string): Promise<PageRecord> {
  return pb.collection('pages').getFirstListItem<PageRecord>(pb.filter('slug = {:slug}', { slug }));
}

export function pageQueryOptions(slug: string) {
  return queryOptions({ queryKey: pageKeys.bySlug(slug), queryFn: () => getPageBySlug(slug) });
}

export function usePage(slug: string) {
  return useQuery(pageQueryOptions(slug));
}
