import type { CollectionInput } from '../core/collections/model';
import { MEMBER, MOD, all, any } from './rules';
import { CAN_SEE_POST, CONTRIBUTES } from './posts';

/** Stories and series read and write as their post does; editing is for contributors only (spec §6). */
const postRules = {
  listRule: all(MEMBER, CAN_SEE_POST('post.')),
  viewRule: all(MEMBER, CAN_SEE_POST('post.')),
  createRule: all(MEMBER, CONTRIBUTES('post.')),
  updateRule: CONTRIBUTES('post.'),
  deleteRule: any(CONTRIBUTES('post.'), MOD),
};

export const stories: CollectionInput = {
  name: 'stories',
  ...postRules,
  fields: [
    { name: 'post', type: 'relation', collectionId: 'posts', required: true, cascadeDelete: true },
    { name: 'content', type: 'editor', required: true, maxSize: 2 * 1024 * 1024 },
    { name: 'series', type: 'relation', collectionId: 'series' },
    { name: 'created', type: 'autodate', onCreate: true },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ],
  indexes: [
    'CREATE UNIQUE INDEX idx_stories_post ON "stories" ("post")',
    'CREATE INDEX idx_stories_series ON "stories" ("series")',
    // Story lists page by creation date (spec part 1 §7), newest or oldest first.
    'CREATE INDEX idx_stories_created ON "stories" ("created")',
  ],
};

export const series: CollectionInput = {
  name: 'series',
  ...postRules,
  fields: [
    { name: 'post', type: 'relation', collectionId: 'posts', required: true, cascadeDelete: true },
    { name: 'stories', type: 'relation', collectionId: 'stories', maxSelect: 1000 },
    { name: 'created', type: 'autodate', onCreate: true },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ],
  indexes: [
    'CREATE UNIQUE INDEX idx_series_post ON "series" ("post")',
    // The series list pages by creation date, like the story lists.
    'CREATE INDEX idx_series_created ON "series" ("created")',
  ],
};
