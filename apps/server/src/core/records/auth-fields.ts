/**
 * The rules of auth records' own fields on create and update: matching password confirmation, the old
 * password for a change made by the owner, and `email`/`verified` reserved to managers (superusers or
 * callers matching the collection's manageRule). A password change rotates the token key, which
 * invalidates every token issued before it.
 */
import type { AnyKysely } from '../../db/types';
import { isCommonPassword } from '../auth/common-passwords';
import type { Collection } from '../collections/model';
import type { RequestInfo } from '../rules/request-info';
import type { RecordContext } from './context';
import { canManage } from '../rules/access';
import type { RecordData } from './record';
import type { FieldErrors } from './validate';
import { toText } from '../fields/text';

/** The form's text, cast as PocketBase's `cast.ToString` does (multipart digits arrive as numbers here). */
const textOf = toText;

const TOO_COMMON = {
  code: 'validation_password_too_common',
  message: 'This password is too common; choose another.',
};
const MISMATCH = { code: 'validation_values_mismatch', message: "Values don't match." };
const NOT_ALLOWED = { code: 'validation_values_mismatch', message: 'Only managers can change this field.' };

const REQUIRED = { code: 'validation_required', message: 'Cannot be blank.' };
const INVALID_OLD_PASSWORD = {
  code: 'validation_invalid_old_password',
  message: 'Missing or invalid old password.',
};

/**
 * What the auth checks found. `form` are PocketBase's RecordUpsert.validateFormFields errors
 * (forms/record_upsert.go): when there are any, the write fails with them alone, before the fields
 * are validated. `fields` join the field validation (a too common password).
 */
export interface AuthChecks {
  form: FieldErrors;
  fields: FieldErrors;
}

/** The password, passwordConfirm pair of the form: each required when the other is given, and equal. */
function passwordPair(
  errors: FieldErrors,
  form: { password: string; passwordConfirm: string; oldPassword: string },
  isNew: boolean,
): void {
  if (form.password === '' && (isNew || form.passwordConfirm !== '' || form.oldPassword !== ''))
    errors.password = REQUIRED;
  if (form.passwordConfirm === '' && (isNew || form.password !== '' || form.oldPassword !== ''))
    errors.passwordConfirm = REQUIRED;
  else if (form.passwordConfirm !== form.password) errors.passwordConfirm = MISMATCH;
}

const formOf = (body: Record<string, unknown>) => ({
  password: textOf(body.password),
  passwordConfirm: textOf(body.passwordConfirm),
  oldPassword: textOf(body.oldPassword),
});

export async function prepareAuthCreate(
  _ctx: RecordContext,
  data: RecordData,
  body: Record<string, unknown>,
  superuser: boolean,
): Promise<AuthChecks> {
  const form: FieldErrors = {};
  const fields: FieldErrors = {};
  const submitted = formOf(body);
  if (!superuser && data.verified === true) form.verified = NOT_ALLOWED;
  passwordPair(form, submitted, true);
  if (isCommonPassword(submitted.password)) fields.password = TOO_COMMON;
  if (typeof data.email === 'string') data.email = data.email.trim();
  return Promise.resolve({ form, fields });
}

export async function prepareAuthUpdate(
  ctx: RecordContext,
  collection: Collection,
  previous: RecordData,
  data: RecordData,
  body: Record<string, unknown>,
  request: RequestInfo,
  db: AnyKysely,
): Promise<AuthChecks & { passwordChanged: boolean }> {
  const form: FieldErrors = {};
  const fields: FieldErrors = {};
  // Inside the write's transaction: SQLite has one connection, so a read through the pool would wait forever.
  const manager = await canManage(ctx, collection, String(previous.id), request, db);
  if (typeof data.email === 'string') data.email = data.email.trim();
  if (!manager && data.email !== previous.email) form.email = NOT_ALLOWED;
  if (!manager && data.verified !== previous.verified) form.verified = NOT_ALLOWED;

  const submitted = formOf(body);
  passwordPair(form, submitted, false);
  // The owner changing the password proves they know the current one; managers need not.
  if (!manager && (submitted.password !== '' || submitted.passwordConfirm !== '')) {
    if (submitted.oldPassword === '') form.oldPassword = REQUIRED;
    else if (!(await ctx.passwords.verify(submitted.oldPassword, String(previous.password))))
      form.oldPassword = INVALID_OLD_PASSWORD;
  }
  if (submitted.password === '') {
    data.password = previous.password;
    return { form, fields, passwordChanged: false };
  }
  if (isCommonPassword(submitted.password)) fields.password = TOO_COMMON;
  return { form, fields, passwordChanged: true };
}
