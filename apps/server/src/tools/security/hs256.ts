/**
 * Compact JWS with HS256 and nothing else, on `node:crypto`.
 *
 * Why not a general JOSE library: every authenticated request verifies one token, and a WebCrypto
 * based verifier imports a key and schedules an asynchronous HMAC job each time, which a CPU profile
 * showed as about a fifth of the server's time on cheap requests. A synchronous `createHmac` over a
 * few hundred bytes costs a few microseconds. The surface is deliberately tiny: one algorithm, no
 * `crit` extensions, no key negotiation, so there is no algorithm-confusion path to get wrong.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const BASE64URL = /^[A-Za-z0-9_-]*$/;
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export type JwtPayload = Record<string, unknown>;

function parseSegment(segment: string): Record<string, unknown> | null {
  if (segment === '' || !BASE64URL.test(segment)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const hmac = (key: Uint8Array, data: string): Buffer => createHmac('sha256', key).update(data).digest();

/** Signs `payload` with header `{"alg":"HS256","typ":"JWT"}`. */
export function signHs256(payload: JwtPayload, key: Uint8Array): string {
  const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${body}.${hmac(key, body).toString('base64url')}`;
}

/** The payload of a well-formed token WITHOUT any check of signature or times; null if malformed. */
export function decodeHs256Unverified(token: string): JwtPayload | null {
  const parts = token.split('.');
  return parts.length === 3 ? parseSegment(parts[1]!) : null;
}

/**
 * The payload when the header says exactly HS256 (with no critical extensions) and the signature
 * matches `key` (compared in constant time); null otherwise. No time is checked: the answer depends
 * on `token` and `key` only, so a caller may remember it (see `hs256TimesValid`).
 */
export function verifyHs256Signature(token: string, key: Uint8Array): JwtPayload | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = parseSegment(headerPart);
  if (!header || header.alg !== 'HS256' || 'crit' in header) return null;
  if (signaturePart === '' || !BASE64URL.test(signaturePart)) return null;
  const given = Buffer.from(signaturePart, 'base64url');
  const expected = hmac(key, `${headerPart}.${payloadPart}`);
  // Re-encoding rules out alternative spellings of the same bytes (trailing bits in base64url).
  if (given.length !== expected.length || given.toString('base64url') !== signaturePart) return null;
  if (!timingSafeEqual(given, expected)) return null;
  return parseSegment(payloadPart);
}

/** `exp` is present and in the future, and `nbf`, when present, is not. */
export function hs256TimesValid(payload: JwtPayload, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  const { exp, nbf } = payload;
  if (typeof exp !== 'number' || !Number.isFinite(exp) || exp <= nowSeconds) return false;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowSeconds)) return false;
  return true;
}
