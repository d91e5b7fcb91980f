import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResult, RecordModel } from 'pocketbase';
import { flashError } from '../../../components/flash';
import { pb } from '../../../lib/pocketbase';

/** A notification (spec part 1 §3). */
export interface NotificationRecord extends RecordModel {
  icon: string;
  content: string;
  href: string;
  user: string;
  read: boolean;
}

/** "list page 1 up to 10000" (spec part 1 §7 and §9). */
export const NOTIFICATIONS_PAGE_SIZE = 10000;

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: (userId: string) => ['notifications', userId, 'unread'] as const,
};

/** The user's unread notifications, newest first (the dropdown's list). */
export function getUnreadNotifications(userId: string): Promise<ListResult<NotificationRecord>> {
  return pb.collection('notifications').getList<NotificationRecord>(1, NOTIFICATIONS_PAGE_SIZE, {
    filter: pb.filter('user = {:user} && read = false', { user: userId }),
    sort: '-created',
  });
}

export function unreadNotificationsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: notificationKeys.unread(userId),
    queryFn: () => getUnreadNotifications(userId),
  });
}

export function useUnreadNotifications(userId: string) {
  return useQuery(unreadNotificationsQueryOptions(userId));
}

/** "update read": one update per notification, as the spec lists the call. */
export async function markNotificationsRead(ids: readonly string[]): Promise<void> {
  await Promise.all(ids.map((id) => pb.collection('notifications').update(id, { read: true })));
}

/** Marks the given notifications read, then reloads every notification list. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onError: flashError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
