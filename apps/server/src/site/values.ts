/** Record values are `unknown`; text fields, ids and dates read as strings, and missing ones as `''`. */
export function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}
