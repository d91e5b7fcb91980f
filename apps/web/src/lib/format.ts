/** A badge count capped for display: 12 with cap 9 reads "9+" (spec part 1 §9, part 2 §9 uses 99). */
export function formatBadgeCount(count: number, cap = 9): string {
  return count > cap ? `${cap}+` : String(count);
}

/** A count with thousands separators, e.g. 1234 -> "1,234" (spec part 2 §2, admin navigation). */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

/** A record date ("2026-03-02 10:00:00.000Z") as it reads on a page; empty for no or a broken date. */
function parseRecordDate(value: string): Date | null {
  if (!value) return null;
  const date = new Date(value.replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "March 2, 2026". */
export function formatDate(value: string): string {
  return parseRecordDate(value)?.toLocaleDateString('en-US', { dateStyle: 'long' }) ?? '';
}

/** "Mar 2, 2026, 10:00 AM", in the reader's time zone. */
export function formatDateTime(value: string): string {
  return parseRecordDate(value)?.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) ?? '';
}
