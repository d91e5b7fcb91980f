import type { RecordModel } from 'pocketbase';

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

/** Spec part 1 §4: unread first, then newest first. */
export function inDisplayOrder(items: readonly NotificationRecord[]): NotificationRecord[] {
  return [...items].sort(
    (a, b) => Number(a.read) - Number(b.read) || (a.created < b.created ? 1 : a.created > b.created ? -1 : 0),
  );
}
