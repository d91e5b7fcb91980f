/**
 * External profile verification (PRODUCT.md §11): a member submits the 12-character code the external
 * site gave them; the server asks that site (`CF_VERIFY_URL`) whether the code is valid and for which
 * username, and on success stamps `cf_verified` and `cf_username` on the member's profile. Both fields
 * are server-owned: members cannot write them through the records API.
 *
 * The external site's contract (the spec leaves it open; documented in docs/operations.md):
 *   POST {CF_VERIFY_URL}   Content-Type: application/json   {"code": "<12 characters>"}
 *   200 {"valid": true, "username": "<name on the external site>"}  -> verified
 *   200 {"valid": false}  (or 404)                                    -> the code is not valid
 *   anything else, a network error or no answer within the timeout    -> the site is unavailable
 */
import { sql } from 'kysely';
import type { CfVerifyConfig } from '../config';
import type { Core } from '../core';
import { updateRecord } from '../core/records/write';
import { systemRequest } from '../core/rules/request-info';
import { nowString } from '../tools/dates';
import { text } from './values';

export const CF_CODE_LENGTH = 12;
/** Answers larger than this are not a verification answer; they are not read further. */
const MAX_ANSWER_BYTES = 16 * 1024;

export const CF_MESSAGES = {
  unconfigured: 'Profile verification is not available on this site.',
  length: `The verification code must be ${CF_CODE_LENGTH} characters long.`,
  invalid: 'This verification code is not valid.',
  unavailable: 'The verification service could not be reached. Please try again later.',
  noProfile: 'Create your profile before verifying it.',
  already: 'Your profile is already verified.',
  taken: 'That external profile is already verified by another member.',
} as const;

export type CfVerification =
  { ok: true; cf_username: string; cf_verified: string } | { ok: false; status: number; error: string };

const failure = (status: number, error: string): CfVerification => ({ ok: false, status, error });

type ExternalAnswer = { kind: 'valid'; username: string } | { kind: 'invalid' } | { kind: 'unavailable' };

/** Asks the external site about one code; never throws. */
export async function askExternalSite(config: CfVerifyConfig, code: string): Promise<ExternalAnswer> {
  try {
    const response = await fetch(config.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ code }),
      redirect: 'error',
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    if (response.status === 404) return { kind: 'invalid' };
    if (response.status !== 200) return { kind: 'unavailable' };
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > MAX_ANSWER_BYTES) return { kind: 'unavailable' };
    const body = await response.text();
    if (body.length > MAX_ANSWER_BYTES) return { kind: 'unavailable' };
    const answer = JSON.parse(body) as { valid?: unknown; username?: unknown };
    if (answer.valid === false) return { kind: 'invalid' };
    const username = typeof answer.username === 'string' ? answer.username.trim() : '';
    if (answer.valid === true && username && username.length <= 100) return { kind: 'valid', username };
    return { kind: 'unavailable' };
  } catch {
    // Timeouts, refused connections and malformed answers all mean the same to the member.
    return { kind: 'unavailable' };
  }
}

export async function verifyCfProfile(
  core: Core,
  config: CfVerifyConfig | undefined,
  userId: string,
  code: unknown,
): Promise<CfVerification> {
  if (!config) return failure(400, CF_MESSAGES.unconfigured);
  if (typeof code !== 'string' || code.trim().length !== CF_CODE_LENGTH)
    return failure(400, CF_MESSAGES.length);
  const profile = (
    await sql<{
      id: string;
      cf_verified: string | null;
    }>`SELECT id, cf_verified FROM profiles WHERE "user" = ${userId} LIMIT 1`.execute(core.db.reader)
  ).rows[0];
  if (!profile) return failure(400, CF_MESSAGES.noProfile);
  if (text(profile.cf_verified)) return failure(400, CF_MESSAGES.already);

  const answer = await askExternalSite(config, code.trim());
  if (answer.kind === 'invalid') return failure(400, CF_MESSAGES.invalid);
  if (answer.kind === 'unavailable') return failure(502, CF_MESSAGES.unavailable);

  // One external profile vouches for one member.
  const holder = (
    await sql<{ id: string }>`SELECT id FROM profiles
      WHERE LOWER(cf_username) = ${answer.username.toLowerCase()} AND cf_verified != '' AND id != ${profile.id}
      LIMIT 1`.execute(core.db.reader)
  ).rows[0];
  if (holder) return failure(400, CF_MESSAGES.taken);

  const saved = await updateRecord(
    core.records,
    core.registry.find('profiles')!,
    profile.id,
    { cf_username: answer.username, cf_verified: nowString() },
    systemRequest(core.registry.find('_superusers')!),
  );
  return { ok: true, cf_username: text(saved.cf_username), cf_verified: text(saved.cf_verified) };
}
