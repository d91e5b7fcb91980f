import type { CollectionInput } from '../core/collections/model';
import { MEMBER, MOD, all, any, unchanged } from './rules';
import { NOT_BLOCKED } from './blocks';
import { CAN_SEE_POST, CONTRIBUTES } from './posts';

/**
 * Stories and series read and write as their post does; editing is for contributors only (spec §6).
 * One post, one record (PRODUCT.md §15): the record's post has the record's own type (so a forum post,
 * published at once, never backs a story that skipped review) and never changes; the unique index on
 * `post` makes it one record per post.
 */
const postRules = (type: 'story' | 'series') => ({
  listRule: all(MEMBER, CAN_SEE_POST('post.'), NOT_BLOCKED('post.contributors')),
  viewRule: all(MEMBER, CAN_SEE_POST('post.')),
  createRule: all(MEMBER, CONTRIBUTES('post.'), `post.type = '${type}'`),
  updateRule: all(CONTRIBUTES('post.'), unchanged('post')),
  deleteRule: any(CONTRIBUTES('post.'), MOD),
});

/** A chapter joins a series only by a contributor of that series (PRODUCT.md §15). */
const JOINS_OWN_SERIES = {
  create: any("series = ''", CONTRIBUTES('series.post.')),
  update: any(unchanged('series'), "@request.body.series = ''", CONTRIBUTES('@request.body.series.post.')),
};

export const stories: CollectionInput = {
  name: 'stories',
  ...postRules('story'),
  createRule: all(postRules('story').createRule, JOINS_OWN_SERIES.create),
  updateRule: all(postRules('story').updateRule, JOINS_OWN_SERIES.update),
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
  ...postRules('series'),
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
