import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flashError } from '../../../components/flash';
import { pb } from '../../../lib/pocketbase';
import { notificationKeys } from './keys';
import type { NotificationRecord } from './types';

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
