import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResult, RecordModel } from 'pocketbase';
import { flashError } from '../../../components/flash';
import { pb } from '../../../lib/pocketbase';
import { notificationKeys } from './keys';

/** A notification (spec part 1 §3). */
export interface NotificationRecord extends RecordModel {
  icon: string;
  content: string;
  href: string;
  user: string;
  read: boolean;
  created: string;
}

/** "list page 1 up to 10000" (spec part 1 §7 and §9). */
export const NOTIFICATIONS_PAGE_SIZE = 10000;

export type NotificationList = 'all' | 'unread';

/**
 * "notifications: list page 1 up to 10000 filtered by user (optionally read=false), sorted -created":
 * the unread ones for the header's dropdown, all of them for /notifications.
 */
export function getNotifications(
  userId: string,
  list: NotificationList,
): Promise<ListResult<NotificationRecord>> {
  const filter =
    list === 'unread'
      ? pb.filter('user = {:user} && read = false', { user: userId })
      : pb.filter('user = {:user}', { user: userId });
  return pb.collection('notifications').getList<NotificationRecord>(1, NOTIFICATIONS_PAGE_SIZE, {
    filter,
    sort: '-created',
  });
}

export function notificationsQueryOptions(userId: string, list: NotificationList) {
  return queryOptions({
    queryKey: notificationKeys.list(userId, list),
    queryFn: () => getNotifications(userId, list),
  });
}

export function useNotifications(userId: string, list: NotificationList) {
  return useQuery(notificationsQueryOptions(userId, list));
}

/** Spec part 1 §4: unread first, then newest first. */
export function inDisplayOrder(items: readonly NotificationRecord[]): NotificationRecord[] {
  return [...items].sort(
    (a, b) => Number(a.read) - Number(b.read) || (a.created < b.created ? 1 : a.created > b.created ? -1 : 0),
  );
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

/**
 * Following a notification: it is marked read, and what the app holds is refreshed, since the notification
 * says something changed there (a link to the page already open would otherwise show it as it was).
 */
export function useFollowNotification() {
  const queryClient = useQueryClient();
  const markRead = useMarkNotificationsRead();
  return (item: NotificationRecord) => {
    if (!item.read) markRead.mutate([item.id]);
    void queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] !== notificationKeys.all[0],
    });
  };
}
