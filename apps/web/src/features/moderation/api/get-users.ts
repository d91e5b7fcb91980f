import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResult } from 'pocketbase';
import type { NamedUser } from '../../../lib/display-name';
import { pb } from '../../../lib/pocketbase';
import { userDirectoryKeys } from './keys';

/** Spec part 2 §9: "User directory 100 per page, default sort created ascending". */
export const USERS_PAGE_SIZE = 100;
export const USER_SORT_FIELDS = ['created', 'username', 'verified', 'is_banned'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
export type SortDirection = 'asc' | 'desc';

/** A member as the directory shows them (staff read the private `is_banned`). */
export interface DirectoryUser extends NamedUser {
  roles?: string[];
  verified?: boolean;
  is_banned?: boolean;
  created: string;
}

/** "The sort is sent to the backend as the field name with a + or - prefix" (spec part 2 §2). */
export const sortParam = (field: UserSortField, direction: SortDirection) =>
  `${direction === 'desc' ? '-' : '+'}${field}`;

/** "users list: page, size 100, expand, sort with + or - prefix" (spec part 2 §7). */
export function getUsers(page: number, sort: string): Promise<ListResult<DirectoryUser>> {
  return pb.collection('users').getList<DirectoryUser>(page, USERS_PAGE_SIZE, { sort, expand: 'profile' });
}

export function usersQueryOptions(page: number, sort: string) {
  return queryOptions({
    queryKey: userDirectoryKeys.page(page, sort),
    queryFn: () => getUsers(page, sort),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(page: number, sort: string) {
  return useQuery(usersQueryOptions(page, sort));
}
