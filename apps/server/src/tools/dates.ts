/** PocketBase's wire format for dates: UTC, a space instead of `T`, milliseconds, `Z`. */
const EXACT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function formatDate(date: Date): string {
  return date.toISOString().replace('T', ' ');
}

export function nowString(): string {
  return formatDate(new Date());
}

/**
 * Reads a date the way PocketBase does: the exact layout first, then looser forms (RFC 3339, a bare
 * `YYYY-MM-DD`, a space instead of `T`). Anything unparsable is `''`, never an error.
 */
export function normalizeDate(input: unknown): string {
  if (input instanceof Date) return Number.isNaN(input.getTime()) ? '' : formatDate(input);
  if (typeof input === 'number' && Number.isFinite(input)) return formatDate(new Date(input));
  if (typeof input !== 'string') return '';
  const text = input.trim();
  if (text === '') return '';
  if (EXACT.test(text)) return text;
  const candidate = /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text.replace(' ', 'T');
  const withZone = /([zZ]|[+-]\d{2}:?\d{2})$/.test(candidate) ? candidate : `${candidate}Z`;
  const ms = Date.parse(withZone);
  return Number.isNaN(ms) ? '' : formatDate(new Date(ms));
}
