import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecordModel } from 'pocketbase';
import type { NamedUser } from '../../../lib/display-name';
import { pb } from '../../../lib/pocketbase';
import { staffChatKeys } from './keys';

/** The staff chat shows the latest messages; older ones stay on the server for 90 days. */
export const STAFF_CHAT_HISTORY = 50;
export const STAFF_CHAT_EXPAND = 'author,author.profile';

export interface StaffMessage extends RecordModel {
  author: string;
  content: string;
  created: string;
  expand?: { author?: NamedUser };
}

/** The latest messages, oldest first as a chat reads. */
export async function getStaffMessages(): Promise<StaffMessage[]> {
  const page = await pb
    .collection('staff_messages')
    .getList<StaffMessage>(1, STAFF_CHAT_HISTORY, { sort: '-created', expand: STAFF_CHAT_EXPAND });
  return [...page.items].reverse();
}

export function staffMessagesQueryOptions() {
  return queryOptions({ queryKey: staffChatKeys.all, queryFn: getStaffMessages });
}

export function useStaffMessages() {
  return useQuery(staffMessagesQueryOptions());
}
