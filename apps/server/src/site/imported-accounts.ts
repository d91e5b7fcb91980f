/**
 * Accounts imported from another archive (src/importers/) until their members claim them. A member signs
 * in with the password they had there: the old archive's hash (`legacy_credentials`) is checked once,
 * then the password is stored as the site hashes passwords and the old hash is deleted. Or they claim the
 * account by the site's password reset. Either way the new password ends the account's `unmigrated` mark
 * (it leaves `unmigrated_users`) and removes the old hash. Before they post, imported members give a
 * birthday like members who joined by single sign-on (ADULT in collections/rules.ts).
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Core } from '../core';
import type { LegacyPasswordCheck } from '../core/auth/legacy-passwords';
import type { RecordEvent } from '../core/hooks';
import { rawWrite } from '../core/records/scope';
import { updateRecord } from '../core/records/write';
import { systemRequest } from '../core/rules/request-info';
import { ApiError } from '../tools/api-error';
import { constantTimeEqual } from '../tools/security/random';
import { text } from './values';

/** What a refused old password is told: it was right, but the site asks more of a password. */
export const OLD_PASSWORD_TOO_WEAK =
  'Your password from the old archive is correct, but this site needs a stronger one. Choose a new one with "Forgot your password?".';

const MD5_HEX = /^[0-9a-f]{32}$/;

/**
 * The bytes the old archive's pages may have hashed: UTF-8, or Latin-1 on an archive whose pages were
 * served as ISO-8859-1 (eFiction's default), where an accented password reached PHP's md5() as Latin-1.
 */
function passwordBytes(password: string): Buffer[] {
  const utf8 = Buffer.from(password, 'utf8');
  if ([...password].some((c) => c.charCodeAt(0) > 0xff)) return [utf8];
  const latin1 = Buffer.from(password, 'latin1');
  return latin1.equals(utf8) ? [utf8] : [utf8, latin1];
}

async function storedMd5(core: Core, userId: string): Promise<string | null> {
  const row = (
    await sql<{
      scheme: string;
      hash: string;
    }>`SELECT scheme, hash FROM legacy_credentials WHERE "user" = ${userId} LIMIT 1`.execute(core.db.reader)
  ).rows[0];
  const hash = text(row?.hash).toLowerCase();
  return row?.scheme === 'md5' && MD5_HEX.test(hash) ? hash : null;
}

export function legacyMd5Passwords(core: Core): LegacyPasswordCheck {
  return {
    async matches(collection, record, password) {
      if (collection.name !== 'users') return false;
      const stored = await storedMd5(core, text(record.id));
      if (!stored) return false;
      return passwordBytes(password).some((bytes) =>
        constantTimeEqual(createHash('md5').update(bytes).digest('hex'), stored),
      );
    },
    async adopt(collection, record, password) {
      try {
        return await updateRecord(
          core.records,
          collection,
          text(record.id),
          { password, passwordConfirm: password },
          systemRequest(core.registry.find('_superusers')!),
        );
      } catch (error) {
        // Too short or too common for this site: the member chooses a new one by a reset.
        if (error instanceof ApiError && error.status === 400) throw new ApiError(400, OLD_PASSWORD_TOO_WEAK);
        throw error;
      }
    },
  };
}

const passwordChanged = (event: RecordEvent) =>
  event.previous !== undefined && text(event.record.password) !== text(event.previous.password);

/** A new password, however it was set (the old one adopted, a reset, a change), claims the account. */
function claimOnNewPassword(event: RecordEvent): void {
  if (passwordChanged(event)) event.record.unmigrated = false;
}

async function forgetOldPassword(event: RecordEvent): Promise<void> {
  if (!passwordChanged(event)) return;
  await rawWrite(
    event.scope,
    { rows: 'legacy_credentials' },
    sql`DELETE FROM legacy_credentials WHERE "user" = ${text(event.record.id)}`,
  );
}

export function registerImportedAccounts(core: Core): void {
  core.legacyPasswords.push(legacyMd5Passwords(core));
  core.hooks.on('beforeUpdate', claimOnNewPassword, 'users');
  core.hooks.on('afterUpdate', forgetOldPassword, 'users');
}
