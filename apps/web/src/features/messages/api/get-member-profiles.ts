import { pb } from '../../../lib/pocketbase';
import type { MemberProfile } from './types';

/**
 * The profiles of these members, by user id: the names and avatars of conversation partners and
 * senders. One request for the lot (users themselves can only be listed by staff; profiles by members).
 */
export async function getMemberProfiles(userIds: readonly string[]): Promise<Map<string, MemberProfile>> {
  const unique = [...new Set(userIds)].filter(Boolean);
  const profiles = new Map<string, MemberProfile>();
  if (unique.length === 0) return profiles;
  const filter = unique.map((id) => pb.filter('user = {:id}', { id })).join(' || ');
  const list = await pb.collection('profiles').getList<MemberProfile>(1, unique.length, { filter });
  for (const profile of list.items) profiles.set(profile.user, profile);
  return profiles;
}

/** The name a member goes by on the messages screens: the profile name, else the username, else "User". */
export function memberName(profile: Pick<MemberProfile, 'name' | 'username'> | undefined): string {
  return profile?.name || profile?.username || 'User';
}
