import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecordModel } from 'pocketbase';
import { pb } from '../../../lib/pocketbase';
import { accountKeys } from './keys';

/** The parts of a profile (spec part 1 §3) the account menu shows. */
export interface AccountProfile extends RecordModel {
  username: string;
  name: string;
  avatar?: string;
  settings?: { displayUsername?: boolean; displayAge?: boolean } | null;
}

export interface AccountUser extends RecordModel {
  username: string;
  expand?: { profile?: AccountProfile };
}

/** "users: get one with profile expanded" (spec part 1 §7). */
export function getAccount(userId: string): Promise<AccountUser> {
  return pb.collection('users').getOne<AccountUser>(userId, { expand: 'profile' });
}

export function accountQueryOptions(userId: string) {
  return queryOptions({ queryKey: accountKeys.detail(userId), queryFn: () => getAccount(userId) });
}

export function useAccount(userId: string) {
  return useQuery(accountQueryOptions(userId));
}

/** Spec part 1 §3 "Display name rule": username if displayUsername is on, else name. */
export function displayName(profile: AccountProfile | undefined, fallback: string): string {
  if (!profile) return fallback;
  return (profile.settings?.displayUsername ? profile.username : profile.name) || fallback;
}
