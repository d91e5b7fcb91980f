import type { CollectionInput } from '../core/collections/model';
import { ADMIN, MEMBER, MOD, all, any, owns, unchanged, untouched } from './rules';

/** Private fields: visible to the member themself and to moderators (PRODUCT.md §2). */
const SELF_OR_MOD = any('id = @request.auth.id', MOD);

export const users: CollectionInput = {
  id: '_pb_users_auth_',
  name: 'users',
  type: 'auth',
  passwordAuth: { enabled: true, identityFields: ['email', 'username'] },
  listRule: all(MEMBER, any(owns('id'), MOD)),
  viewRule: MEMBER,
  createRule: untouched('roles', 'is_banned', 'profile', 'settings', 'unmigrated'),
  updateRule: any(
    // A birthday is given once (at sign-up, or later by a single sign-on member) and then fixed.
    // Identity links are fixed (PRODUCT.md §15): `profile` points only at the member's own profile.
    all(
      owns('id'),
      unchanged('roles', 'is_banned', 'unmigrated'),
      any(unchanged('birthday'), "birthday = ''"),
      any(unchanged('profile'), '@request.body.profile.user = @request.auth.id'),
    ),
    // Moderators may ban or lift a ban, and change nothing else of another member.
    all(
      MOD,
      unchanged('roles'),
      untouched('username', 'email', 'birthday', 'profile', 'settings', 'password', 'unmigrated'),
    ),
    ADMIN,
  ),
  deleteRule: null,
  manageRule: ADMIN,
  fields: [
    { name: 'username', type: 'text', required: true, min: 3, max: 64, pattern: '^[A-Za-z0-9._-]+$' },
    { name: 'birthday', type: 'date', readRule: SELF_OR_MOD },
    { name: 'profile', type: 'relation', collectionId: 'profiles' },
    { name: 'roles', type: 'select', values: ['admin', 'moderator', 'tester'], maxSelect: 3 },
    { name: 'settings', type: 'json', readRule: SELF_OR_MOD },
    { name: 'is_banned', type: 'bool', readRule: SELF_OR_MOD },
    // An account brought over from another archive (src/importers/), until its member claims it by
    // signing in with their old password or resetting it (site/imported-accounts.ts).
    { name: 'unmigrated', type: 'bool', readRule: SELF_OR_MOD },
    { name: 'created', type: 'autodate', onCreate: true },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ],
  indexes: [
    'CREATE UNIQUE INDEX idx_users_username ON "users" ("username")',
    // The admin's member list pages by sign-up date.
    'CREATE INDEX idx_users_created ON "users" ("created")',
  ],
};
