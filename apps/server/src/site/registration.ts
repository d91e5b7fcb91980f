/**
 * Accounts (PRODUCT.md §3): usernames and emails are stored trimmed and in lower case, members are
 * adults (18+ from the birthday), and a profile's age is computed from its member's birthday.
 */
import { sql } from 'kysely';
import type { Core } from '../core';
import type { RecordEvent } from '../core/hooks';
import { ApiError } from '../tools/api-error';
import { text } from './values';

export const MINIMUM_AGE = 18;

/** Whole years between a `YYYY-MM-DD…` birthday and now, in UTC. */
export function ageOn(birthday: string, now = new Date()): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(birthday);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  let age = now.getUTCFullYear() - year;
  if (now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day)) age--;
  return age;
}

const EARLIEST_BIRTH_YEAR = 1900;

/**
 * Dates are real dates (PRODUCT.md §15): a birthday is a calendar date from 1900 to today. Years past
 * 9999 or before year 0 (`+010000-01-01`, `-000100-01-01`) would otherwise slip past the age check.
 * (Input that is no date at all reads as no birthday, PocketBase's rule, which sign-up refuses.)
 */
function impossibleBirthday(event: RecordEvent, birthday: string): boolean {
  // Only a birthday being given is checked: a stored one never blocks unrelated changes.
  if (!birthday || (event.previous && !('birthday' in (event.request.body ?? {})))) return false;
  const match = /^(\d{4})-\d{2}-\d{2} /.exec(birthday);
  if (!match || Number(match[1]) < EARLIEST_BIRTH_YEAR) return true;
  return birthday.slice(0, 10) > new Date().toISOString().slice(0, 10);
}

function normalizeAccount(event: RecordEvent): void {
  const record = event.record;
  if (typeof record.username === 'string') record.username = record.username.trim().toLowerCase();
  if (typeof record.email === 'string') record.email = record.email.trim().toLowerCase();
  const birthday = typeof record.birthday === 'string' ? record.birthday : '';
  if (impossibleBirthday(event, birthday)) {
    throw new ApiError(400, event.previous ? 'Failed to update record.' : 'Failed to create record.', {
      birthday: {
        code: 'validation_invalid_date',
        message: `Must be a date between ${EARLIEST_BIRTH_YEAR}-01-01 and today.`,
      },
    });
  }
  // The registration form asks for a birthday; single sign-on cannot, so those members give it later
  // and may not post until they have (ADULT in collections/rules.ts). Superusers import accounts as is.
  const signUp = !event.previous && event.request.context !== 'oauth2' && !event.request.auth?.isSuperuser;
  if (signUp && !birthday) {
    throw new ApiError(400, 'Failed to create record.', {
      birthday: { code: 'validation_required', message: 'Cannot be blank.' },
    });
  }
  const age = birthday ? ageOn(birthday) : null;
  if (age !== null && age < MINIMUM_AGE) {
    throw new ApiError(400, event.previous ? 'Failed to update record.' : 'Failed to create record.', {
      birthday: { code: 'validation_too_young', message: 'You must be at least 18 years old to register' },
    });
  }
}

async function computeProfileAge(event: RecordEvent): Promise<void> {
  const user = text(event.record.user);
  const row = await sql<{ birthday: string }>`SELECT birthday FROM users WHERE id = ${user}`.execute(
    event.db,
  );
  const birthday = row.rows[0]?.birthday ?? '';
  event.record.age = birthday ? (ageOn(birthday) ?? 0) : 0;
}

export function registerRegistration(core: Core): void {
  core.hooks.on('beforeCreate', normalizeAccount, 'users');
  core.hooks.on('beforeUpdate', normalizeAccount, 'users');
  core.hooks.on('beforeCreate', computeProfileAge, 'profiles');
  core.hooks.on('beforeUpdate', computeProfileAge, 'profiles');
}
