import type { NotificationList } from './types';

/** Query keys of notifications: every list is per member and kind (all, unread). */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (userId: string, list: NotificationList) => ['notifications', userId, list] as const,
};
