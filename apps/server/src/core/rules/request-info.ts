import type { Collection } from '../collections/model';

/** The authenticated caller: a record of an auth collection, with its collection. */
export interface AuthInfo {
  collection: Collection;
  record: Record<string, unknown>;
  isSuperuser: boolean;
}

/** Everything `@request.*` can read; the same object drives rules on every endpoint and in realtime. */
export interface RequestInfo {
  auth: AuthInfo | null;
  method: string;
  context: 'default' | 'oauth2' | 'otp' | 'password' | 'realtime' | 'protectedFile' | 'batch' | 'expand';
  query: Record<string, string>;
  /** Header names in snake_case lower case (`X-Token` -> `x_token`). */
  headers: Record<string, string>;
  /** The submitted data after modifiers were applied (create/update only). */
  body: Record<string, unknown>;
}

export function guestRequest(overrides: Partial<RequestInfo> = {}): RequestInfo {
  return { auth: null, method: 'GET', context: 'default', query: {}, headers: {}, body: {}, ...overrides };
}

export const isSuperuser = (info: RequestInfo) => info.auth?.isSuperuser === true;

export function headersToSnake(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase().replace(/-/g, '_')] = Array.isArray(value) ? (value[0] ?? '') : value;
  }
  return out;
}

/** The server acting on its own behalf (CLI, seeding, site hooks): bypasses rules like a superuser. */
export function systemRequest(collection: Collection): RequestInfo {
  return guestRequest({ auth: { collection, record: { id: '' }, isSuperuser: true } });
}
