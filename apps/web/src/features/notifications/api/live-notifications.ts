import type { QueryClient } from '@tanstack/react-query';
import type { ListResult, RecordSubscription } from 'pocketbase';
import { type NotificationList, type NotificationRecord } from './types';
import { notificationKeys } from './keys';

type Cached = ListResult<NotificationRecord> | undefined;

/** Whether a record belongs in a list: every one of the member's in "all", the unread ones in "unread". */
const belongs = (record: NotificationRecord, list: NotificationList) => list === 'all' || !record.read;

/** One list after a live event (spec part 1 §4): create adds, update replaces, delete removes. */
export function patchList(
  cached: Cached,
  list: NotificationList,
  { action, record }: RecordSubscription<NotificationRecord>,
): Cached {
  if (!cached) return cached;
  const listed = cached.items.some((item) => item.id === record.id);
  let items = cached.items;
  if (action === 'delete' || !belongs(record, list)) {
    items = items.filter((item) => item.id !== record.id);
  } else if (listed) {
    items = items.map((item) => (item.id === record.id ? record : item));
  } else if (action === 'create' || action === 'update') {
    // An update of one not listed yet (say, marked unread again) is as new to this list as a create.
    items = [record, ...items];
  }
  if (items === cached.items) return cached;
  return { ...cached, items, totalItems: cached.totalItems + (items.length - cached.items.length) };
}

/** The newest `created` among the notifications the member has already been shown. */
export function newestKnown(queryClient: QueryClient, userId: string): string {
  let newest = '';
  for (const list of ['all', 'unread'] as const) {
    const cached = queryClient.getQueryData<ListResult<NotificationRecord>>(
      notificationKeys.list(userId, list),
    );
    for (const item of cached?.items ?? []) if (item.created > newest) newest = item.created;
  }
  return newest;
}

/**
 * Applies a live event to every cached list of the member's notifications. Returns whether it brought a
 * newer unread notification, the case that plays the sound (spec part 1 §4).
 */
export function applyNotificationEvent(
  queryClient: QueryClient,
  userId: string,
  event: RecordSubscription<NotificationRecord>,
): boolean {
  if (event.record.user !== userId) return false;
  const newer =
    event.action === 'create' &&
    !event.record.read &&
    event.record.created > newestKnown(queryClient, userId);
  for (const list of ['all', 'unread'] as const) {
    queryClient.setQueryData<ListResult<NotificationRecord>>(notificationKeys.list(userId, list), (cached) =>
      patchList(cached, list, event),
    );
  }
  return newer;
}
