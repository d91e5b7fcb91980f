import type { CollectionInput } from '../core/collections/model';
import { ADMIN, MEMBER, MOD, all, any } from './rules';

export const labels: CollectionInput = {
  name: 'labels',
  listRule: '',
  viewRule: '',
  createRule: ADMIN,
  updateRule: ADMIN,
  deleteRule: ADMIN,
  fields: [
    { name: 'name', type: 'text', required: true, max: 100 },
    { name: 'description', type: 'text', max: 1000 },
    { name: 'isCategory', type: 'bool' },
    { name: 'parent', type: 'relation', collectionId: 'labels' },
    { name: 'order', type: 'number', onlyInt: true },
    { name: 'color', type: 'text', max: 20 },
  ],
};

/** Tags are made by members from names as they write; names are unique in any letter case. */
export const tags: CollectionInput = {
  name: 'tags',
  listRule: '',
  viewRule: '',
  createRule: MEMBER,
  updateRule: MOD,
  deleteRule: MOD,
  fields: [
    { name: 'name', type: 'text', required: true, min: 1, max: 100 },
    { name: 'parent', type: 'relation', collectionId: 'tags' },
  ],
  indexes: ['CREATE UNIQUE INDEX idx_tags_name ON "tags" ("name" COLLATE NOCASE)'],
};

export const pages: CollectionInput = {
  name: 'pages',
  listRule: any("visibleTo = 'everyone'", all("visibleTo = 'members'", MEMBER), MOD),
  viewRule: any("visibleTo = 'everyone'", all("visibleTo = 'members'", MEMBER), MOD),
  createRule: ADMIN,
  updateRule: ADMIN,
  deleteRule: ADMIN,
  fields: [
    { name: 'slug', type: 'text', required: true, max: 100, pattern: '^[a-z0-9-]+$' },
    { name: 'title', type: 'text', required: true, max: 200 },
    { name: 'content', type: 'editor', maxSize: 200_000 },
    { name: 'visibleTo', type: 'select', required: true, values: ['everyone', 'members', 'moderators'] },
    { name: 'created', type: 'autodate', onCreate: true },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ],
  indexes: ['CREATE UNIQUE INDEX idx_pages_slug ON "pages" ("slug")'],
};
