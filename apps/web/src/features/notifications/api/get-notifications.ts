import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResult } from 'pocketbase';
import { pb } from '../../../lib/pocketbase';
import { notificationKeys } from './keys';
import { NOTIFICATIONS_PAGE_SIZE, type NotificationList, type NotificationRecord } from './types';

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
