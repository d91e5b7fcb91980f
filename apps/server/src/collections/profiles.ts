import type { CollectionInput } from '../core/collections/model';
import { NOT_BLOCKED } from './blocks';
import { MEMBER, MOD, all, any, owns, unchanged, untouched } from './rules';

// cf_verified and cf_username come from the external site (site/cf-verification.ts); age from the birthday.
const SERVER_OWNED = ['cf_verified', 'cf_username', 'age'] as const;

export const profiles: CollectionInput = {
  name: 'profiles',
  // The profile of a member one blocked leaves every list; viewing it (to unblock) still works.
  listRule: all(MEMBER, NOT_BLOCKED('user')),
  viewRule: MEMBER,
  // One profile per member, created by that member (the unique index on user enforces "once").
  createRule: all(MEMBER, owns('user'), untouched(...SERVER_OWNED)),
  updateRule: all(owns('user'), unchanged('user'), untouched(...SERVER_OWNED)),
  deleteRule: null,
  fields: [
    { name: 'user', type: 'relation', collectionId: 'users', required: true },
    { name: 'username', type: 'text', max: 64 },
    { name: 'name', type: 'text', required: true, max: 100 },
    {
      name: 'avatar',
      type: 'file',
      maxSelect: 1,
      maxSize: 10 * 1024 * 1024,
      mimeTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
      thumbs: ['64x64', '256x256f'],
    },
    { name: 'cf_username', type: 'text', max: 100 },
    { name: 'cf_verified', type: 'date' },
    // Computed fields follow their owner's setting (PRODUCT.md §15): the age is read, filtered and
    // sorted on only where `displayAge` is on (by the member themself and moderators always). In a
    // rule `true` is 1, and a JSON path compared with 1 matches a stored `true` on both databases.
    {
      name: 'age',
      type: 'number',
      onlyInt: true,
      min: 0,
      readRule: any('user.settings.displayAge = true', owns('user'), MOD),
    },
    { name: 'location', type: 'text', max: 200 },
    { name: 'relationship_status', type: 'select', values: ['single', 'taken', 'open', 'other'] },
    { name: 'gender', type: 'select', values: ['male', 'female', 'non-binary', 'other'] },
    {
      name: 'sexuality',
      type: 'select',
      values: ['gay', 'lesbian', 'bisexual', 'asexual', 'demisexual', 'straight', 'other'],
    },
    { name: 'pronouns', type: 'select', values: ['he/him', 'she/her', 'they/them'], maxSelect: 3 },
    { name: 'height', type: 'number', min: 0, max: 999999.99 },
    { name: 'height_unit', type: 'select', values: ['centimeters', 'meters', 'inches', 'feet'] },
    { name: 'weight', type: 'number', min: 0, max: 999999.99 },
    { name: 'weight_unit', type: 'select', values: ['kilograms', 'pounds'] },
    {
      name: 'macro_roles',
      type: 'select',
      values: ['giant', 'tiny', 'versatile', 'shrinker', 'shrinkee', 'grower', 'growee'],
      maxSelect: 7,
    },
    { name: 'bio', type: 'editor', maxSize: 20_000 },
    { name: 'socials', type: 'json', maxSize: 4_000 },
    { name: 'settings', type: 'json', maxSize: 2_000 },
    { name: 'created', type: 'autodate', onCreate: true },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ],
  indexes: [
    'CREATE UNIQUE INDEX idx_profiles_user ON "profiles" ("user")',
    'CREATE INDEX idx_profiles_username ON "profiles" ("username")',
  ],
};
