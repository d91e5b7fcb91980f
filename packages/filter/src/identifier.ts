// Identifier character classes and the split of a raw identifier into path segments and
// modifier. Shared by the filter tokenizer and the sort parser, which accept the same shapes.
import type { IdentifierOperand } from './ast';

/** ASCII letters only: PocketBase field and collection names are ASCII, so is its scanner. */
export function isLetter(ch: string): boolean {
  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
}

export function isDigit(ch: string): boolean {
  return ch >= '0' && ch <= '9';
}

export function isIdentifierStart(ch: string): boolean {
  return isLetter(ch) || ch === '@' || ch === '_' || ch === '#';
}

export function isIdentifierPart(ch: string): boolean {
  return isLetter(ch) || isDigit(ch) || ch === '_' || ch === '.' || ch === ':';
}

/**
 * Returns why `raw` is not a well-formed identifier, or null when it is. Beyond the lexical
 * rules we also reject empty path segments (`a..b`, `a.:x`): they can never resolve to a
 * field, and failing here gives a clearer message than an "unknown field" later on.
 */
export function identifierProblem(raw: string): string | null {
  const first = raw[0];
  if (first === undefined || !isIdentifierStart(first)) {
    return 'must start with a letter, "@", "_" or "#"';
  }
  for (const ch of raw.slice(1)) {
    if (!isIdentifierPart(ch)) {
      return `contains the invalid character ${JSON.stringify(ch)}`;
    }
  }
  if (raw.length === 1 && !isLetter(first)) {
    return `a lone "${first}" is not an identifier`;
  }
  const last = raw[raw.length - 1];
  if (last === '.' || last === ':') {
    return `must not end with "${last}"`;
  }
  const { segments } = splitIdentifier(raw);
  if (segments.some((segment) => segment === '')) {
    return 'contains an empty path segment';
  }
  return null;
}

/** Splits a raw identifier; assumes nothing about validity (see identifierProblem). */
export function splitIdentifier(raw: string): { segments: string[]; modifier: string | null } {
  const segments = raw.split('.');
  const lastIndex = segments.length - 1;
  const last = segments[lastIndex] ?? '';
  const colon = last.indexOf(':');
  if (colon === -1) {
    return { segments, modifier: null };
  }
  // Only the last segment can carry a modifier: earlier colons are collection aliases
  // such as `@collection.users:u.name`.
  segments[lastIndex] = last.slice(0, colon);
  return { segments, modifier: last.slice(colon + 1) };
}

export function toIdentifierOperand(raw: string): IdentifierOperand {
  const { segments, modifier } = splitIdentifier(raw);
  return { kind: 'identifier', raw, segments, modifier };
}
