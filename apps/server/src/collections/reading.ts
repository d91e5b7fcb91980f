import type { CollectionInput } from '../core/collections/model';
import { MEMBER, all, any, owns, unchanged } from './rules';
import { CAN_SEE_POST } from './posts';

/**
 * How far a member read each story (PRODUCT.md §14 "Reading"): private to its member (nobody else lists,
 * views or counts it, moderators included), written only for a story the member may view.
 */
export const readProgress: CollectionInput = {
  name: 'read_progress',
  listRule: all(MEMBER, owns('user')),
  viewRule: all(MEMBER, owns('user')),
  createRule: all(MEMBER, owns('user'), CAN_SEE_POST('story.post.')),
  updateRule: all(MEMBER, owns('user'), unchanged('user', 'story')),
  deleteRule: all(MEMBER, owns('user')),
  fields: [
    { name: 'user', type: 'relation', collectionId: 'users', required: true, cascadeDelete: true },
    { name: 'story', type: 'relation', collectionId: 'stories', required: true, cascadeDelete: true },
    // The last paragraph in view (0-based) out of how many the story had then.
    { name: 'paragraph', type: 'number', onlyInt: true, min: 0, max: 1_000_000 },
    { name: 'paragraphs', type: 'number', onlyInt: true, min: 0, max: 1_000_000 },
    { name: 'finished', type: 'bool' },
    { name: 'created', type: 'autodate', onCreate: true },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ],
  indexes: [
    'CREATE UNIQUE INDEX idx_read_progress_user_story ON "read_progress" ("user", "story")',
    // "Continue reading": a member's unfinished stories, most recently read first.
    'CREATE INDEX idx_read_progress_user_updated ON "read_progress" ("user", "finished", "updated")',
  ],
};

/**
 * A member follows an author or a series (PRODUCT.md §14 "Reading") and is told of new published work.
 * Exactly one of `author` and `series` is set; whom a member follows is theirs to know.
 */
export const follows: CollectionInput = {
  name: 'follows',
  listRule: all(MEMBER, owns('user')),
  viewRule: all(MEMBER, owns('user')),
  createRule: all(
    MEMBER,
    owns('user'),
    any("author != '' && series = ''", "author = '' && series != ''"),
    // Not oneself, and only a series the member may view.
    any("author = ''", 'author != @request.auth.id'),
    any("series = ''", CAN_SEE_POST('series.post.')),
  ),
  updateRule: null,
  deleteRule: all(MEMBER, owns('user')),
  fields: [
    { name: 'user', type: 'relation', collectionId: 'users', required: true, cascadeDelete: true },
    { name: 'author', type: 'relation', collectionId: 'users', cascadeDelete: true },
    { name: 'series', type: 'relation', collectionId: 'series', cascadeDelete: true },
    { name: 'created', type: 'autodate', onCreate: true },
  ],
  indexes: [
    'CREATE INDEX idx_follows_user ON "follows" ("user")',
    // Who to tell when an author publishes, or a series gets a chapter.
    'CREATE INDEX idx_follows_author ON "follows" ("author")',
    'CREATE INDEX idx_follows_series ON "follows" ("series")',
  ],
};

/**
 * Muted tags and labels (PRODUCT.md §14): one row per tag or label a member hides from story and series
 * lists, browse, search and the home page (site/mutes.ts leaves them out on the server). Private to the
 * member; exactly one of `tag` and `label` is set.
 */
export const mutes: CollectionInput = {
  name: 'mutes',
  listRule: all(MEMBER, owns('user')),
  viewRule: all(MEMBER, owns('user')),
  createRule: all(MEMBER, owns('user'), any("tag != '' && label = ''", "tag = '' && label != ''")),
  updateRule: null,
  deleteRule: all(MEMBER, owns('user')),
  fields: [
    { name: 'user', type: 'relation', collectionId: 'users', required: true, cascadeDelete: true },
    { name: 'tag', type: 'relation', collectionId: 'tags', cascadeDelete: true },
    { name: 'label', type: 'relation', collectionId: 'labels', cascadeDelete: true },
    { name: 'created', type: 'autodate', onCreate: true },
  ],
  indexes: ['CREATE UNIQUE INDEX idx_mutes_user_tag_label ON "mutes" ("user", "tag", "label")'],
};
