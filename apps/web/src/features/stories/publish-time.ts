/**
 * Scheduled stories (PRODUCT.md §14): the story form's "Publish at" is a native date-and-time input,
 * which reads and writes the member's local time as `YYYY-MM-DDTHH:mm`; the server keeps UTC.
 */
import { formatDateTime } from '../../lib/format';
import type { PostRecord } from '../../lib/posts/types';

const pad = (n: number) => String(n).padStart(2, '0');

/** A stored date as the input's local `YYYY-MM-DDTHH:mm`; '' for none. */
export function toLocalInput(value: string | undefined): string {
  if (!value) return '';
  const date = new Date(value.replace(' ', 'T'));
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The input's local time as the ISO date the server stores; '' for none. */
export function fromLocalInput(value: string): string {
  if (!value.trim()) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** "Scheduled for Mar 2, 2026, 10:00 AM" for an approved story waiting for its time, else null. */
export function scheduledText(
  post: Pick<PostRecord, 'published' | 'approved' | 'publish_at'>,
): string | null {
  if (post.published || !post.approved || !post.publish_at) return null;
  return `Scheduled for ${formatDateTime(post.publish_at)}`;
}
