/** A badge count capped for display: 12 with cap 9 reads "9+" (spec part 1 §9, part 2 §9 uses 99). */
export function formatBadgeCount(count: number, cap = 9): string {
  return count > cap ? `${cap}+` : String(count);
}

/** A count with thousands separators, e.g. 1234 -> "1,234" (spec part 2 §2, admin navigation). */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}
