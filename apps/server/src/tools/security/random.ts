/**
 * CSPRNG helpers for ids, secrets and one-time codes, plus a timing-safe string comparison.
 *
 * Every character is drawn with `crypto.randomInt`, which uses rejection sampling over the OS CSPRNG,
 * so there is no modulo bias whatever the alphabet size.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

export const LOWER_ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Length of PocketBase record ids (`[a-z0-9]{15}`). */
export const RECORD_ID_LENGTH = 15;
/** Length of PocketBase auth-record `tokenKey` values. */
export const TOKEN_KEY_LENGTH = 50;

/** Upper bound for a single call; larger requests are almost certainly a bug. */
const MAX_LENGTH = 1 << 20;

/**
 * A string of `length` characters, each chosen uniformly from `alphabet` (code points, so astral
 * characters count as one). Throws `RangeError` for a bad length or an alphabet with fewer than two
 * characters or with duplicates (duplicates would silently skew the distribution).
 */
export function randomString(length: number, alphabet: string = LOWER_ALPHANUMERIC): string {
  if (!Number.isSafeInteger(length) || length < 0 || length > MAX_LENGTH) {
    throw new RangeError(`randomString: length must be an integer in [0, ${MAX_LENGTH}]`);
  }
  const symbols = Array.from(alphabet);
  if (symbols.length < 2) throw new RangeError('randomString: alphabet needs at least 2 characters');
  if (new Set(symbols).size !== symbols.length) {
    throw new RangeError('randomString: alphabet must not contain duplicate characters');
  }
  let out = '';
  for (let i = 0; i < length; i++) out += symbols[randomInt(symbols.length)]!;
  return out;
}

/** A new PocketBase-style record id: 15 characters of `[a-z0-9]`. */
export function randomId(): string {
  return randomString(RECORD_ID_LENGTH, LOWER_ALPHANUMERIC);
}

/** A new per-record `tokenKey`: 50 characters of `[A-Za-z0-9]` (~297 bits). */
export function randomTokenKey(): string {
  return randomString(TOKEN_KEY_LENGTH, ALPHANUMERIC);
}

/**
 * Compares two strings without leaking, through timing, where they differ or how long the secret is:
 * both sides are reduced to a fixed-size SHA-256 digest (UTF-8) and the digests are compared with
 * `crypto.timingSafeEqual`.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const da = createHash('sha256').update(a, 'utf8').digest();
  const db = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(da, db);
}
