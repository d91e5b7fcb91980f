/**
 * One-time passwords by mail. A request always answers with an id, also for unknown addresses, so it
 * reveals nothing; the code is stored only as a bcrypt hash and works once, for a limited time, with a
 * limited number of attempts.
 *
 * Known and unknown addresses cost the same before the answer (PRODUCT.md §15: no enumeration by
 * timing): both hash a code, and the mail goes out after the answer, never while the caller waits.
 * Mails per address are limited in apis/rate-limits.ts like reset mails.
 */
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { ApiError } from '../../tools/api-error';
import { nowString } from '../../tools/dates';
import { randomId } from '../../tools/security/random';
import type { Collection } from '../collections/model';
import { emailBehaviour } from '../fields/text';
import { otpMail } from '../mail/templates';
import { ROW } from '../records/context';
import { rowsKey } from '../records/list-cache';
import { decodeRow, type RecordData } from '../records/record';
import { updateRecord } from '../records/write';
import { systemRequest } from '../rules/request-info';
import type { AccountMailDeps } from './account-mail';

const INVALID_OTP = 'Invalid or expired OTP.';
/** PocketBase's limit: 5 attempts per 180 s for one record. */
const MAX_ATTEMPTS = 5;
const ATTEMPT_WINDOW_SECONDS = 180;

function requireEnabled(collection: Collection): void {
  if (collection.type !== 'auth' || !collection.otp.enabled)
    throw new ApiError(403, 'The collection is not configured to allow OTP authentication.');
}

function randomDigits(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(randomInt(10));
  return code;
}

export async function requestOtp(
  deps: AccountMailDeps,
  collection: Collection,
  body: Record<string, unknown>,
): Promise<{ otpId: string }> {
  requireEnabled(collection);
  const email = typeof body.email === 'string' ? body.email.trim() : '';
  const problem = email
    ? emailBehaviour.validate({ type: 'email' } as never, email)
    : { code: 'validation_required', message: 'Cannot be blank.' };
  if (problem)
    throw new ApiError(400, 'An error occurred while validating the submitted data.', { email: problem });
  const otpId = randomId();
  const rows = await sql<
    Record<string, unknown>
  >`SELECT ${sql.ref(ROW)}.* FROM ${sql.table(collection.name)} AS ${sql.id(ROW)} WHERE LOWER(${sql.ref(`${ROW}.email`)}) = ${email.toLowerCase()} LIMIT 1`.execute(
    deps.records.db.kysely,
  );
  const row = rows.rows[0];
  const code = randomDigits(collection.otp.length);
  const hashed = await deps.records.passwords.hash(code);
  if (!row) return { otpId };
  const record = decodeRow(collection, row);
  const now = nowString();
  await deps.records.db.kysely
    .insertInto('_otps')
    .values({
      id: otpId,
      collectionRef: collection.id,
      recordRef: String(record.id),
      password: hashed,
      sentTo: String(record.email),
      created: now,
    })
    .execute();
  deps.records.lists?.changed([rowsKey('_otps')]);
  // Sent after the answer: waiting for the mail server would tell known addresses from unknown ones.
  const mail = otpMail(String(record.email), code, collection.otp.duration, deps.mail);
  setImmediate(() => {
    deps.mailer.send(mail).catch((error: unknown) => deps.onMailError?.(error, 'OTP mail not sent'));
  });
  return { otpId };
}

export async function authWithOtp(
  deps: AccountMailDeps,
  collection: Collection,
  body: Record<string, unknown>,
): Promise<RecordData> {
  requireEnabled(collection);
  const otpId = typeof body.otpId === 'string' ? body.otpId : '';
  const password = typeof body.password === 'string' ? body.password : '';
  if (!otpId || !password) throw new ApiError(400, INVALID_OTP);
  const otp = (await deps.records.db.kysely
    .selectFrom('_otps')
    .selectAll()
    .where('id', '=', otpId)
    .executeTakeFirst()) as
    | { recordRef: string; collectionRef: string; password: string; sentTo: string; created: string }
    | undefined;
  const expired = otp
    ? Date.parse(otp.created.replace(' ', 'T')) + collection.otp.duration * 1000 < Date.now()
    : true;
  if (!otp || otp.collectionRef !== collection.id || expired) throw new ApiError(400, INVALID_OTP);
  if (
    !(await deps.attempts.hit(`otp:${collection.id}:${otp.recordRef}`, MAX_ATTEMPTS, ATTEMPT_WINDOW_SECONDS))
      .allowed
  ) {
    throw new ApiError(429, 'Too many attempts, please try again later with a new OTP.');
  }
  if (!(await deps.records.passwords.verify(password, otp.password))) throw new ApiError(400, INVALID_OTP);
  // Single use: the code is gone once it has worked.
  await deps.records.db.kysely.deleteFrom('_otps').where('id', '=', otpId).execute();
  deps.records.lists?.changed([rowsKey('_otps')]);
  const rows = await sql<
    Record<string, unknown>
  >`SELECT * FROM ${sql.table(collection.name)} WHERE id = ${otp.recordRef}`.execute(deps.records.db.kysely);
  if (!rows.rows[0]) throw new ApiError(400, INVALID_OTP);
  let record = decodeRow(collection, rows.rows[0]);
  if (record.verified !== true && otp.sentTo === record.email) {
    // Reading the code proves the mailbox is the member's.
    record = await updateRecord(
      deps.records,
      collection,
      String(record.id),
      { verified: true },
      systemRequest(deps.records.registry.find('_superusers')!),
    );
  }
  return record;
}
