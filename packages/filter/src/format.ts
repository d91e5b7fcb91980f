// formatFilter mirrors the official JS SDK's `pb.filter(raw, params)` (0.28.1, protocol §3.10)
// so the web app can build filters from untrusted values without string concatenation.
//
// Deliberate equivalences with the SDK:
// - params are enumerated with for...in (own and inherited enumerable keys, JS key order);
// - all `{:key}` placeholders are replaced in ONE regex pass, so a value that itself contains
//   `{:other}` is never expanded again;
// - when two placeholders could match at the same spot, the key enumerated first wins.
// The SDK escapes keys with RegExp.escape, which Node 20 lacks; escapeRegExp is equivalent for
// matching purposes.

/**
 * Replaces `{:key}` placeholders in `raw` with safely serialised values. Strings become
 * JSON string literals, which parseFilter decodes back to the identical string.
 */
export function formatFilter(raw: string, params?: Record<string, unknown>): string {
  if (!params) return raw;
  const values = new Map<string, unknown>();
  for (const key in params) {
    values.set(`{:${key}}`, params[key]);
  }
  if (values.size === 0) return raw;
  const pattern = new RegExp([...values.keys()].map(escapeRegExp).join('|'), 'g');
  return raw.replace(pattern, (placeholder) => serializeParam(values.get(placeholder)));
}

/** How the SDK renders one parameter value inside a filter. */
export function serializeParam(value: unknown): string {
  switch (typeof value) {
    case 'boolean':
    case 'number':
      return String(value);
    case 'string':
      return JSON.stringify(value);
    default:
      return serializeOther(value);
  }
}

function serializeOther(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Date) {
    // Throws RangeError for an invalid Date, exactly like the SDK.
    return JSON.stringify(value.toISOString().replace('T', ' '));
  }
  const json = JSON.stringify(value) as string | undefined;
  if (json === undefined) {
    // The SDK crashes here with an unhelpful TypeError (functions, symbols, a toJSON returning
    // undefined); we throw the same error type with a clearer message. BigInt already threw
    // its own TypeError inside JSON.stringify.
    throw new TypeError(`formatFilter: cannot serialise a ${typeof value} parameter`);
  }
  // Arrays and objects are quoted once more so they compare as JSON text against json fields.
  return json.startsWith('[') || json.startsWith('{') ? JSON.stringify(json) : json;
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}
