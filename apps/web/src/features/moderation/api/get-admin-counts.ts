import { queryOptions, useQuery } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import { adminCountKeys } from './keys';

/**
 * The admin navigation's counts (spec part 2 §7 "count requests for the sidebar"): for each collection,
 * page 1 of size 1, reading only `totalItems`.
 */
export const ADMIN_COUNTS = {
  /** Submitted for review: published is empty and submitted is set (spec part 2 §3). */
  submittedPosts: { collection: 'posts', filter: 'published = "" && submitted != ""' },
  /** Unresolved: resolver is empty. */
  openReports: { collection: 'reports', filter: 'resolver = ""' },
  users: { collection: 'users', filter: undefined },
} as const;

export type AdminCount = keyof typeof ADMIN_COUNTS;

export async function getAdminCount(name: AdminCount): Promise<number> {
  const { collection, filter } = ADMIN_COUNTS[name];
  const page = await pb.collection(collection).getList(1, 1, filter ? { filter } : {});
  return page.totalItems;
}

export function adminCountQueryOptions(name: AdminCount) {
  return queryOptions({ queryKey: adminCountKeys.count(name), queryFn: () => getAdminCount(name) });
}

export function useAdminCount(name: AdminCount) {
  return useQuery(adminCountQueryOptions(name));
}
