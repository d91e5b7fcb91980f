/**
 * PocketBase-compatible record tokens: compact JWS, HS256, header `{"alg":"HS256","typ":"JWT"}`.
 *
 * Claims (exactly PocketBase's, no `iat`):
 *   auth           {id, type, collectionId, refreshable, exp}
 *   file           {id, type, collectionId, exp}
 *   verification   {id, type, collectionId, email, exp}
 *   passwordReset  {id, type, collectionId, email, exp}
 *   emailChange    {id, type, collectionId, email, newEmail, exp}
 *
 * Signing secret (see `recordTokenSecret`): the UTF-8 bytes of `record.tokenKey + collectionSecret`,
 * where `collectionSecret` is the collection's secret for that token type (options `authToken`,
 * `fileToken`, `verificationToken`, `passwordResetToken`, `emailChangeToken`, each 30+ random chars).
 * This is PocketBase's scheme, so tokens issued by either server verify on the other. Consequences:
 *   - rotating `tokenKey` (password or email change, "log out everywhere") kills every token of that
 *     record, of every type;
 *   - rotating one collection secret kills that type for the whole collection;
 *   - a token of one type is useless as another twice over: it is signed with a different secret and
 *     its `type` claim is checked.
 *
 * Outcomes: a token that is invalid for any reason (garbage, bad signature, wrong alg, expired, wrong
 * type, missing claims) gives `null`, never an error, so callers answer uniformly (401/400) and learn
 * nothing an attacker could probe. Programmer errors (bad arguments, weak secrets) throw TypeError/RangeError.
 */
import {
  decodeHs256Unverified,
  hs256TimesValid,
  signHs256,
  verifyHs256Signature,
  type JwtPayload,
} from './hs256';

export const RECORD_TOKEN_TYPES = ['auth', 'file', 'verification', 'passwordReset', 'emailChange'] as const;
export type RecordTokenType = (typeof RECORD_TOKEN_TYPES)[number];

/** The auth-collection option that holds each type's `secret` and `duration` (PocketBase names). */
export const TOKEN_COLLECTION_OPTION = {
  auth: 'authToken',
  file: 'fileToken',
  verification: 'verificationToken',
  passwordReset: 'passwordResetToken',
  emailChange: 'emailChangeToken',
} as const satisfies Record<RecordTokenType, string>;

/** PocketBase's default durations in seconds (`_superusers` auth tokens: `SUPERUSER_AUTH_DURATION`). */
export const DEFAULT_TOKEN_DURATIONS = {
  auth: 432_000,
  file: 180,
  verification: 86_400,
  passwordReset: 1_800,
  emailChange: 1_800,
} as const satisfies Record<RecordTokenType, number>;
export const SUPERUSER_AUTH_DURATION = 86_400;

/** Secrets shorter than this many bytes are refused (PocketBase's are 50 + 50 characters). */
export const MIN_SECRET_BYTES = 32;
/** Anything longer is not one of our tokens and is not worth parsing. */
const MAX_TOKEN_LENGTH = 8_192;
const RESERVED_CLAIMS = new Set(['id', 'type', 'collectionId', 'refreshable', 'exp', 'iat', 'nbf']);
/** Claims each type must carry besides id, type, collectionId and exp. */
const REQUIRED_STRING_CLAIMS: Record<RecordTokenType, readonly string[]> = {
  auth: [],
  file: [],
  verification: ['email'],
  passwordReset: ['email'],
  emailChange: ['email', 'newEmail'],
};

export interface RecordTokenClaims {
  id: string;
  type: RecordTokenType;
  collectionId: string;
  exp?: number;
  /** Present on auth tokens: true for normal logins, false for impersonation. */
  refreshable?: boolean;
  email?: string;
  newEmail?: string;
  [claim: string]: unknown;
}

export interface RecordTokenInput {
  recordId: string;
  collectionId: string;
  type: RecordTokenType;
  /** Auth tokens only; defaults to true (false for impersonation tokens). */
  refreshable?: boolean;
  /** Type-specific claims: `email` (verification, passwordReset, emailChange), `newEmail` (emailChange). */
  extra?: Record<string, string | number | boolean>;
}

function isTokenType(value: unknown): value is RecordTokenType {
  return typeof value === 'string' && (RECORD_TOKEN_TYPES as readonly string[]).includes(value);
}

function nonEmpty(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/**
 * The HS256 secret for one record and token type: `tokenKey + collectionSecret`, PocketBase's scheme.
 * Both halves must be non-empty, so a token is always bound to a record *and* a collection/type secret.
 */
export function recordTokenSecret(tokenKey: string, collectionSecret: string): string {
  if (!nonEmpty(tokenKey) || !nonEmpty(collectionSecret)) {
    throw new TypeError('recordTokenSecret: tokenKey and collection secret must be non-empty strings');
  }
  return tokenKey + collectionSecret;
}

function signingKey(secret: string): Uint8Array {
  const key = new TextEncoder().encode(typeof secret === 'string' ? secret : '');
  if (key.byteLength < MIN_SECRET_BYTES) {
    throw new RangeError(`token secret must be at least ${MIN_SECRET_BYTES} bytes`);
  }
  return key;
}

/**
 * Signs a PocketBase-style record token that expires `durationSeconds` from now. The work is
 * synchronous; the promise (rejected on bad arguments) keeps callers free to move it off-thread.
 */
export function signRecordToken(
  input: RecordTokenInput,
  secret: string,
  durationSeconds: number,
): Promise<string> {
  return new Promise((resolve) => resolve(signNow(input, secret, durationSeconds)));
}

function signNow(input: RecordTokenInput, secret: string, durationSeconds: number): string {
  const { recordId, collectionId, type, refreshable, extra = {} } = input;
  if (!nonEmpty(recordId) || !nonEmpty(collectionId)) {
    throw new TypeError('signRecordToken: recordId and collectionId must be non-empty strings');
  }
  if (!isTokenType(type)) throw new TypeError(`signRecordToken: unknown token type ${String(type)}`);
  if (!Number.isSafeInteger(durationSeconds) || durationSeconds <= 0) {
    throw new RangeError('signRecordToken: durationSeconds must be a positive integer');
  }
  if (refreshable !== undefined && type !== 'auth') {
    throw new TypeError('signRecordToken: refreshable applies to auth tokens only');
  }
  for (const name of Object.keys(extra)) {
    if (RESERVED_CLAIMS.has(name)) throw new TypeError(`signRecordToken: extra may not set "${name}"`);
  }
  for (const name of REQUIRED_STRING_CLAIMS[type]) {
    if (!nonEmpty(extra[name])) throw new TypeError(`signRecordToken: ${type} tokens need extra.${name}`);
  }
  const claims: JwtPayload = { ...extra, id: recordId, type, collectionId };
  if (type === 'auth') claims.refreshable = refreshable ?? true;
  claims.exp = Math.floor(Date.now() / 1000) + durationSeconds;
  return signHs256(claims, signingKey(secret));
}

/** Checks the shape PocketBase requires (id, collectionId, a known type) and the per-type claims. */
function toClaims(payload: JwtPayload, expectedType?: RecordTokenType): RecordTokenClaims | null {
  const { id, collectionId, type, refreshable, exp } = payload;
  if (!nonEmpty(id) || !nonEmpty(collectionId) || !isTokenType(type)) return null;
  if (expectedType !== undefined && type !== expectedType) return null;
  if (exp !== undefined && typeof exp !== 'number') return null;
  if (refreshable !== undefined && typeof refreshable !== 'boolean') return null;
  const claims: RecordTokenClaims = { ...payload, id, collectionId, type };
  if (expectedType === undefined) return claims;
  if (REQUIRED_STRING_CLAIMS[type].some((name) => !nonEmpty(payload[name]))) return null;
  if (type === 'auth') claims.refreshable = refreshable === true;
  return claims;
}

/**
 * Reads the claims WITHOUT checking the signature or expiry: only to find which record (and so which
 * tokenKey) should verify the token. Never trust the result. Returns null for anything malformed or
 * lacking PocketBase's required `id`, `collectionId` and a known `type`.
 */
export function decodeUnverified(token: string): RecordTokenClaims | null {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
  const payload = decodeHs256Unverified(token);
  return payload ? toClaims(payload) : null;
}

/**
 * Verifies a record token: HS256 only (`none`, other HMACs and asymmetric algs are refused), a valid
 * signature under `secret`, a required unexpired `exp` (and `nbf`/`iat` not in the future when present),
 * the expected `type` and its type-specific claims. Returns the claims, or null when anything is off.
 * The caller must still check that the record it loaded matches `id` and `collectionId`.
 */
export function verifyRecordToken(
  token: string,
  secret: string,
  expectedType: RecordTokenType,
): Promise<RecordTokenClaims | null> {
  return new Promise((resolve) => resolve(verifyNow(token, secret, expectedType)));
}

function verifyNow(token: string, secret: string, expectedType: RecordTokenType): RecordTokenClaims | null {
  if (!isTokenType(expectedType)) {
    throw new TypeError(`verifyRecordToken: unknown type ${String(expectedType)}`);
  }
  const key = signingKey(secret);
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
  const payload = signedPayload(token, key, secret, expectedType);
  if (!payload || !hs256TimesValid(payload)) return null;
  if (payload.iat !== undefined && (typeof payload.iat !== 'number' || payload.iat > Date.now() / 1000))
    return null;
  return toClaims(payload, expectedType);
}

/** Tokens whose signature was checked, by type, secret and token; the oldest go first when full. */
const MAX_SIGNED = 5_000;
const signedPayloads = new Map<string, JwtPayload>();

/**
 * The payload of a token correctly signed with `secret`, remembered: every request of a signed-in
 * member presents the same token, and parsing and HMAC-ing it again was a few percent of a simple
 * view's CPU. Only the signature check is remembered (it depends on the token and the secret alone);
 * times are checked by the caller on every use, and a rotated `tokenKey` is a different secret, so a
 * revoked token still fails at once. Failures are not remembered.
 */
function signedPayload(
  token: string,
  key: Uint8Array,
  secret: string,
  expectedType: RecordTokenType,
): JwtPayload | null {
  const memoKey = `${expectedType}\u0000${secret}\u0000${token}`;
  const remembered = signedPayloads.get(memoKey);
  if (remembered) return remembered;
  // Cheap pre-check so a token of the wrong type costs no HMAC; the verified claims are checked again.
  if (decodeUnverified(token)?.type !== expectedType) return null;
  const payload = verifyHs256Signature(token, key);
  if (!payload) return null;
  if (signedPayloads.size >= MAX_SIGNED) signedPayloads.delete(signedPayloads.keys().next().value!);
  signedPayloads.set(memoKey, Object.freeze(payload));
  return payload;
}
