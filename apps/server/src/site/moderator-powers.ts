/**
 * Moderator powers are exactly PRODUCT.md §2 and §7 (§15): on another member's account a moderator
 * bans or lifts a ban and changes nothing else (not `emailVisibility`, which would reveal the
 * member's address, nor any field added later). The collection rule names the fields it knows; this
 * hook holds for every field, so a new one is covered without touching the rule. Admins and
 * superusers are not limited here (admins set roles).
 *
 * A moderation record names its caller as the one who acted, always: a report's `resolver` is set
 * by the server to whoever resolves it (the rule also refuses naming anyone else).
 *
 * A ban is final for the sessions it ended: banning rotates the member's `tokenKey`, so lifting the
 * ban later does not bring back a token issued before it (core/auth/tokens.ts refuses tokens while
 * banned; the new key makes that permanent for the old ones).
 */
import type { Core } from '../core';
import type { RecordEvent } from '../core/hooks';
import { ApiError } from '../tools/api-error';
import { randomTokenKey } from '../tools/security/random';
import { text } from './values';

const MODERATOR_MAY_CHANGE = new Set(['is_banned']);
/** Sent to change what is never read back: always a change. */
const WRITE_ONLY = new Set(['password', 'passwordConfirm', 'oldPassword']);

function rolesOf(event: RecordEvent): string[] {
  const roles = event.request.auth?.record.roles;
  return Array.isArray(roles) ? roles.map(String) : [];
}

function limitModeratorEdits(event: RecordEvent): void {
  const auth = event.request.auth;
  if (!auth || auth.isSuperuser || auth.collection.name !== 'users') return;
  if (text(auth.record.id) === text(event.record.id) || rolesOf(event).includes('admin')) return;
  const previous = event.previous ?? {};
  for (const key of Object.keys(event.request.body ?? {})) {
    const field = key.replace(/[+-]$/, '');
    if (MODERATOR_MAY_CHANGE.has(field)) continue;
    const changed =
      WRITE_ONLY.has(field) || JSON.stringify(event.record[field]) !== JSON.stringify(previous[field]);
    if (changed) {
      throw new ApiError(403, 'Moderators may only ban a member or lift a ban.', {
        [field]: { code: 'validation_not_allowed', message: 'Moderators cannot change this field.' },
      });
    }
  }
}

function resolverIsCaller(event: RecordEvent): void {
  const auth = event.request.auth;
  if (!auth || auth.isSuperuser || auth.collection.name !== 'users') return;
  const acting = ['action', 'resolution', 'resolver'].some((key) => key in (event.request.body ?? {}));
  if (acting) event.record.resolver = text(auth.record.id);
}

function endBannedSessions(event: RecordEvent): void {
  if (event.record.is_banned === true && event.previous?.is_banned !== true)
    event.record.tokenKey = randomTokenKey();
}

export function registerModeratorPowers(core: Core): void {
  core.hooks.on('beforeUpdate', endBannedSessions, 'users');
  core.hooks.on('beforeUpdate', limitModeratorEdits, 'users');
  core.hooks.on('beforeUpdate', resolverIsCaller, 'reports');
}
