/**
 * The account flows that go through a mailed link: email verification, password reset and email change.
 * Requests always answer the same way whether or not the address belongs to an account, so they cannot
 * be used to find out who is a member.
 */
import { sql } from 'kysely';
import { ApiError } from '../../tools/api-error';
import { randomTokenKey } from '../../tools/security/random';
import type { RecordTokenType } from '../../tools/security/tokens';
import type { Collection } from '../collections/model';
import { emailBehaviour } from '../fields/text';
import { emailChangeMail, passwordResetMail, verificationMail, type MailContext } from '../mail/templates';
import type { Mailer } from '../mail/mailer';
import type { RateLimiter } from '../../tools/rate-limiter';
import { ROW, type RecordContext } from '../records/context';
import { decodeRow, type RecordData } from '../records/record';
import { updateRecord } from '../records/write';
import { systemRequest, type AuthInfo } from '../rules/request-info';
import type { TokenService } from './tokens';

export interface AccountMailDeps {
  records: RecordContext;
  tokens: TokenService;
  mailer: Mailer;
  mail: MailContext;
  /** Counts attempts that are limited per account (OTP tries, failed sign-ins). */
  attempts: RateLimiter;
  /** Where a mail sent after the answer reports that it failed (the log). */
  onMailError?: (error: unknown, message: string) => void;
}

const INVALID_DATA = 'An error occurred while validating the submitted data.';
const fieldError = (field: string, code: string, message: string) =>
  new ApiError(400, INVALID_DATA, { [field]: { code, message } });

function requireEmail(value: unknown, field = 'email'): string {
  const email = typeof value === 'string' ? value.trim() : '';
  if (!email) throw fieldError(field, 'validation_required', 'Cannot be blank.');
  const problem = emailBehaviour.validate({ type: 'email' } as never, email);
  if (problem) throw fieldError(field, problem.code, problem.message);
  return email;
}

async function findByEmail(
  deps: AccountMailDeps,
  collection: Collection,
  email: string,
): Promise<RecordData | null> {
  const rows = await sql<
    Record<string, unknown>
  >`SELECT ${sql.ref(ROW)}.* FROM ${sql.table(collection.name)} AS ${sql.id(ROW)} WHERE LOWER(${sql.ref(`${ROW}.email`)}) = ${email.toLowerCase()} LIMIT 1`.execute(
    deps.records.db.reader,
  );
  return rows.rows[0] ? decodeRow(collection, rows.rows[0]) : null;
}

/** Checks a mailed token: valid, of the right type, for this collection. */
async function recordFromToken(
  deps: AccountMailDeps,
  collection: Collection,
  token: unknown,
  type: RecordTokenType,
) {
  if (typeof token !== 'string' || token === '')
    throw fieldError('token', 'validation_required', 'Cannot be blank.');
  const found = await deps.tokens.verify(deps.records, token, type);
  if (!found) throw fieldError('token', 'validation_invalid_token', 'Invalid or expired token.');
  if (found.collection.id !== collection.id)
    throw fieldError('token', 'validation_token_collection_mismatch', 'The token collection does not match.');
  return { record: found.record, claims: found.claims as { email?: string; newEmail?: string } };
}

async function systemUpdate(
  deps: AccountMailDeps,
  collection: Collection,
  id: string,
  body: Record<string, unknown>,
) {
  const superusers = deps.records.registry.find('_superusers')!;
  return updateRecord(deps.records, collection, id, body, systemRequest(superusers));
}

export async function requestVerification(
  deps: AccountMailDeps,
  collection: Collection,
  body: Record<string, unknown>,
): Promise<void> {
  if (collection.name === '_superusers') throw new ApiError(400, 'All superusers are verified by default.');
  const email = requireEmail(body.email);
  const record = await findByEmail(deps, collection, email);
  if (!record || record.verified === true) return;
  const token = await deps.tokens.issue(collection, record, 'verification', { email: String(record.email) });
  await deps.mailer.send(verificationMail(String(record.email), token, deps.mail));
}

export async function confirmVerification(
  deps: AccountMailDeps,
  collection: Collection,
  body: Record<string, unknown>,
): Promise<void> {
  const { record, claims } = await recordFromToken(deps, collection, body.token, 'verification');
  if (claims.email !== record.email)
    throw fieldError(
      'token',
      'validation_token_email_mismatch',
      'The token email does not match the account.',
    );
  if (record.verified !== true) await systemUpdate(deps, collection, String(record.id), { verified: true });
}

export async function requestPasswordReset(
  deps: AccountMailDeps,
  collection: Collection,
  body: Record<string, unknown>,
): Promise<void> {
  if (!collection.passwordAuth.enabled)
    throw new ApiError(400, 'The collection is not configured to allow password authentication.');
  const email = requireEmail(body.email);
  const record = await findByEmail(deps, collection, email);
  if (!record) return;
  const token = await deps.tokens.issue(collection, record, 'passwordReset', { email: String(record.email) });
  await deps.mailer.send(passwordResetMail(String(record.email), token, deps.mail));
}

export async function confirmPasswordReset(
  deps: AccountMailDeps,
  collection: Collection,
  body: Record<string, unknown>,
): Promise<void> {
  const { record, claims } = await recordFromToken(deps, collection, body.token, 'passwordReset');
  const update: Record<string, unknown> = {
    password: body.password ?? '',
    passwordConfirm: body.passwordConfirm ?? '',
  };
  if (typeof update.password !== 'string' || update.password === '')
    throw fieldError('password', 'validation_required', 'Cannot be blank.');
  // Whoever can read the mailbox owns the address: the reset also verifies it.
  if (claims.email === record.email) update.verified = true;
  await systemUpdate(deps, collection, String(record.id), update);
}

export async function requestEmailChange(
  deps: AccountMailDeps,
  collection: Collection,
  auth: AuthInfo | null,
  body: Record<string, unknown>,
): Promise<void> {
  if (!auth) throw new ApiError(401, 'The request requires valid record authorization token.');
  if (auth.collection.id !== collection.id)
    throw new ApiError(403, `The request requires auth record from ${collection.name} collection.`);
  if (collection.name === '_superusers')
    throw new ApiError(400, 'All superusers can change their emails directly.');
  const newEmail = requireEmail(body.newEmail, 'newEmail');
  if (newEmail.toLowerCase() === String(auth.record.email).toLowerCase())
    throw fieldError('newEmail', 'validation_not_in_invalid', 'Must be a different email.');
  if (await findByEmail(deps, collection, newEmail))
    throw fieldError('newEmail', 'validation_invalid_new_email', 'Invalid new email address.');
  const token = await deps.tokens.issue(collection, auth.record, 'emailChange', {
    email: String(auth.record.email),
    newEmail,
  });
  await deps.mailer.send(emailChangeMail(newEmail, token, deps.mail));
}

export async function confirmEmailChange(
  deps: AccountMailDeps,
  collection: Collection,
  body: Record<string, unknown>,
): Promise<void> {
  const { record, claims } = await recordFromToken(deps, collection, body.token, 'emailChange');
  if (claims.email !== record.email || !claims.newEmail)
    throw fieldError(
      'token',
      'validation_invalid_token_email',
      'The token email does not match the account.',
    );
  const password = typeof body.password === 'string' ? body.password : '';
  if (!password || !(await deps.records.passwords.verify(password, String(record.password)))) {
    throw fieldError('password', 'validation_invalid_password', 'Missing or invalid auth record password.');
  }
  // A new token key ends every session that was signed in with the old address.
  await systemUpdate(deps, collection, String(record.id), {
    email: claims.newEmail,
    verified: true,
    tokenKey: randomTokenKey(),
  });
}
