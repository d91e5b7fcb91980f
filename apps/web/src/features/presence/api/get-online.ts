import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecordModel } from 'pocketbase';
import type { NamedUser } from '../../../lib/display-name';
import { pb } from '../../../lib/pocketbase';
import { presenceKeys } from './keys';

/** Spec part 2 §9: the online presence list holds up to 10000 (the server serves its page maximum). */
export const ONLINE_LIST_SIZE = 10_000;

export interface PresenceRecord extends RecordModel {
  user: string;
  status: string;
  updated: string;
  expand?: { user?: NamedUser };
}

/** "presence: full list where status is online" (spec part 2 §7), with who each member is. */
export async function getOnline(): Promise<PresenceRecord[]> {
  const page = await pb.collection('presence').getList<PresenceRecord>(1, ONLINE_LIST_SIZE, {
    filter: 'status = "online"',
    expand: 'user,user.profile',
  });
  return page.items;
}

export function onlineQueryOptions() {
  return queryOptions({ queryKey: presenceKeys.online, queryFn: getOnline });
}

export function useOnline(enabled: boolean) {
  return useQuery({ ...onlineQueryOptions(), enabled });
}
