/**
 * The rules of auth records' own fields on create and update: matching password confirmation, the old
 * password for a change made by the owner, and `email`/`verified` reserved to managers (superusers or
 * callers matching the collection's manageRule). A password change rotates the token key, which
 * invalidates every token issued before it.
 */
import type { AnyKysely } from '../../db/types';
import { isCommonPassword } from '../auth/common-passwords';
import type { Collection } from '../collections/model';
import { ruleSql } from '../rules/compile';
import { isSuperuser, type RequestInfo } from '../rules/request-info';
import { ROW, type RecordContext } from './context';
import { compileContext, findRecord } from './read';
import type { RecordData } from './record';
import type { FieldErrors } from './validate';

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

const TOO_COMMON = {
  code: 'validation_password_too_common',
  message: 'This password is too common; choose another.',
};
const MISMATCH = { code: 'validation_values_mismatch', message: "Values don't match." };
const NOT_ALLOWED = { code: 'validation_values_mismatch', message: 'Only managers can change this field.' };

export async function prepareAuthCreate(
  _ctx: RecordContext,
  data: RecordData,
  body: Record<string, unknown>,
  superuser: boolean,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (textOf(body.password) !== textOf(body.passwordConfirm)) errors.passwordConfirm = MISMATCH;
  if (isCommonPassword(textOf(body.password))) errors.password = TOO_COMMON;
  if (!superuser && data.verified === true) errors.verified = NOT_ALLOWED;
  if (typeof data.email === 'string') data.email = data.email.trim();
  return Promise.resolve(errors);
}

/** Whether the caller manages this account: a superuser, or someone matching the manageRule. */
export async function canManage(
  ctx: RecordContext,
  collection: Collection,
  id: string,
  request: RequestInfo,
  db: AnyKysely = ctx.db.reader,
): Promise<boolean> {
  if (isSuperuser(request)) return true;
  if (!collection.manageRule) return false;
  const condition = ruleSql(compileContext(ctx, request), collection, collection.manageRule, ROW);
  return (await findRecord(ctx, collection, id, condition, db)) !== null;
}

export async function prepareAuthUpdate(
  ctx: RecordContext,
  collection: Collection,
  previous: RecordData,
  data: RecordData,
  body: Record<string, unknown>,
  request: RequestInfo,
  db: AnyKysely,
): Promise<{ errors: FieldErrors; passwordChanged: boolean }> {
  const errors: FieldErrors = {};
  // Inside the write's transaction: SQLite has one connection, so a read through the pool would wait forever.
  const manager = await canManage(ctx, collection, String(previous.id), request, db);
  if (typeof data.email === 'string') data.email = data.email.trim();
  if (!manager && data.email !== previous.email) errors.email = NOT_ALLOWED;
  if (!manager && data.verified !== previous.verified) errors.verified = NOT_ALLOWED;

  const newPassword = typeof body.password === 'string' ? body.password : '';
  if (newPassword === '') {
    data.password = previous.password;
    return { errors, passwordChanged: false };
  }
  if (textOf(body.passwordConfirm) !== newPassword) errors.passwordConfirm = MISMATCH;
  if (isCommonPassword(newPassword)) errors.password = TOO_COMMON;
  if (!manager) {
    const old = typeof body.oldPassword === 'string' ? body.oldPassword : '';
    const ok = old !== '' && (await ctx.passwords.verify(old, String(previous.password)));
    if (!ok)
      errors.oldPassword = {
        code: 'validation_invalid_old_password',
        message: 'Missing or invalid old password.',
      };
  }
  return { errors, passwordChanged: true };
}
