/**
 * The checks every way of signing in ends with (password, one-time password, OAuth2), so none of them
 * can skip one: a banned account is refused (PRODUCT.md §3, §7), and the collection's `authRule` must
 * hold for the record (PocketBase: null lets nobody in, "" everybody).
 */
import { ApiError } from '../../tools/api-error';
import type { Collection } from '../collections/model';
import type { RecordContext } from '../records/context';
import { passesAuthRule } from '../rules/access';
import type { RecordData } from '../records/record';
import type { RequestInfo } from '../rules/request-info';
import { isBanned } from './tokens';

/** Told of every sign-in the gate let through, before its token is issued. */
export type SignInListener = (collection: Collection, record: RecordData) => Promise<void>;

/**
 * Listeners per core (keyed by its record context, so several cores in one process, as in the tests,
 * keep their own). Site behaviour that must follow a sign-in, whatever its method, registers here:
 * a pending account deletion is cancelled by signing in (site/account-deletion.ts).
 */
const listeners = new WeakMap<RecordContext, SignInListener[]>();

export function onSignIn(records: RecordContext, listener: SignInListener): void {
  listeners.set(records, [...(listeners.get(records) ?? []), listener]);
}

export const BANNED_MESSAGE = 'This account has been banned.';
const AUTH_RULE_FAILED = "The request doesn't satisfy the collection requirements to authenticate.";

/** Throws the 403 a refused sign-in answers with; `request.context` names the method for the rule. */
export async function assertMaySignIn(
  records: RecordContext,
  collection: Collection,
  record: RecordData,
  request: RequestInfo,
): Promise<void> {
  if (isBanned(record)) throw new ApiError(403, BANNED_MESSAGE);
  if (!(await passesAuthRule(records, collection, record, request)))
    throw new ApiError(403, AUTH_RULE_FAILED);
  for (const listener of listeners.get(records) ?? []) await listener(collection, record);
}
