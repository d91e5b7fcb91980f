import { queryOptions, useQuery } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import { profileKeys } from './keys';
import type { ProfileRecord } from './profile-fields';

/** `/profiles/me` means the signed-in member (spec part 1 §2). */
export const ME = 'me';

/**
 * "profiles: get first by user or user.username" (spec part 1 §7). The server keeps a copy of the
 * member's username on the profile (members may not list other users, so `user.username` would not
 * match for them).
 */
export function getProfile(username: string, myUserId: string): Promise<ProfileRecord> {
  const filter =
    username === ME
      ? pb.filter('user = {:id}', { id: myUserId })
      : pb.filter('username = {:username}', { username: username.toLowerCase() });
  return pb.collection('profiles').getFirstListItem<ProfileRecord>(filter, { expand: 'user' });
}

export function profileQueryOptions(username: string, myUserId: string) {
  return queryOptions({
    queryKey: username === ME ? profileKeys.mine(myUserId) : profileKeys.byUsername(username.toLowerCase()),
    queryFn: () => getProfile(username, myUserId),
  });
}

export function useProfile(username: string, myUserId: string) {
  return useQuery(profileQueryOptions(username, myUserId));
}

/**
 * The signed-in member's own profile, or null when there is none yet (a registration interrupted before
 * the profile was made: PRODUCT.md §3); /edit-profile then creates it.
 */
export async function getMyProfile(userId: string): Promise<ProfileRecord | null> {
  const found = await pb.collection('profiles').getList<ProfileRecord>(1, 1, {
    filter: pb.filter('user = {:id}', { id: userId }),
    expand: 'user',
    skipTotal: true,
  });
  return found.items[0] ?? null;
}

export function useMyProfile(userId: string) {
  return useQuery(
    queryOptions({ queryKey: [...profileKeys.mine(userId), 'or-none'], queryFn: () => getMyProfile(userId) }),
  );
}
