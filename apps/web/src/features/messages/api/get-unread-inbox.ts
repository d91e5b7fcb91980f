import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResult } from 'pocketbase';
import { pb } from '../../../lib/pocketbase';
import { messageKeys } from './keys';
import type { DirectMessage } from './types';

export type { DirectMessage } from './types';

/** Size of the inbox dropdown's page (spec part 2 §7: "the inbox dropdown loads page 1 with 10 items"). */
export const INBOX_PAGE_SIZE = 10;

/** "list inbox (to = me, unread only, sort created descending)": page 1 of 10; totalItems is the unread count. */
export function getUnreadInbox(userId: string): Promise<ListResult<DirectMessage>> {
  return pb.collection('messages').getList<DirectMessage>(1, INBOX_PAGE_SIZE, {
    filter: pb.filter('to = {:me} && is_read = false', { me: userId }),
    sort: '-created',
  });
}

export function unreadInboxQueryOptions(userId: string) {
  return queryOptions({ queryKey: messageKeys.unreadInbox(userId), queryFn: () => getUnreadInbox(userId) });
}

export function useUnreadInbox(userId: string) {
  return useQuery(unreadInboxQueryOptions(userId));
}
