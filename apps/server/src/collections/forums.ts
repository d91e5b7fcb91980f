import type { CollectionInput } from '../core/collections/model';
import { ADMIN, MEMBER, MOD, all, any, untouched } from './rules';
import { NOT_BLOCKED } from './blocks';
import { CONTRIBUTES } from './posts';

export const forums: CollectionInput = {
  name: 'forums',
  listRule: MEMBER,
  viewRule: MEMBER,
  createRule: ADMIN,
  updateRule: ADMIN,
  deleteRule: ADMIN,
  fields: [
    { name: 'name', type: 'text', required: true, max: 100 },
    { name: 'description', type: 'editor', maxSize: 10_000 },
    { name: 'sort_order', type: 'number', onlyInt: true },
    { name: 'created', type: 'autodate', onCreate: true },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ],
};

export const forumPosts: CollectionInput = {
  name: 'forum_posts',
  listRule: all(MEMBER, NOT_BLOCKED('post.contributors')),
  viewRule: MEMBER,
  // One post, one record (PRODUCT.md §15): a forum post's post is a `forum-post` and stays its own.
  createRule: all(MEMBER, CONTRIBUTES('post.'), "post.type = 'forum-post'", untouched('pinned')),
  // Authors edit their thread but never pin it; moderators pin and unpin, and change nothing else of
  // another member's thread (PRODUCT.md §15).
  updateRule: all(
    any(all(CONTRIBUTES('post.'), untouched('pinned')), all(MOD, untouched('post', 'forum', 'content'))),
    '@request.body.post:changed = false',
  ),
  deleteRule: any(CONTRIBUTES('post.'), MOD),
  fields: [
    { name: 'post', type: 'relation', collectionId: 'posts', required: true, cascadeDelete: true },
    { name: 'forum', type: 'relation', collectionId: 'forums', required: true, cascadeDelete: true },
    { name: 'content', type: 'editor', required: true, maxSize: 200_000 },
    { name: 'pinned', type: 'bool' },
    { name: 'created', type: 'autodate', onCreate: true },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ],
  indexes: [
    'CREATE INDEX idx_forum_posts_forum_updated ON "forum_posts" ("forum", "updated")',
    'CREATE UNIQUE INDEX idx_forum_posts_post ON "forum_posts" ("post")',
    // The pinned-thread view reads only pinned rows.
    'CREATE INDEX idx_forum_posts_pinned ON "forum_posts" ("pinned")',
  ],
};

/** Read-only views of the spec (part 1 §3): pinned threads and posts per forum. Portable SQL. */
export const pinnedForumPosts: CollectionInput = {
  name: 'pinned_forum_posts',
  type: 'view',
  listRule: all(MEMBER, NOT_BLOCKED('post.contributors')),
  viewRule: MEMBER,
  viewQuery:
    'SELECT fp.id AS id, fp.forum AS forum, fp.post AS post, fp.created AS created, fp.updated AS updated FROM forum_posts fp WHERE fp.pinned = TRUE',
  fields: [
    { name: 'forum', type: 'relation', collectionId: 'forums' },
    { name: 'post', type: 'relation', collectionId: 'posts' },
    { name: 'created', type: 'date' },
    { name: 'updated', type: 'date' },
  ],
};

export const forumPostCounts: CollectionInput = {
  name: 'forum_post_counts',
  type: 'view',
  listRule: MEMBER,
  viewRule: MEMBER,
  viewQuery: 'SELECT forum AS id, COUNT(*) AS count FROM forum_posts GROUP BY forum',
  fields: [{ name: 'count', type: 'number' }],
};
