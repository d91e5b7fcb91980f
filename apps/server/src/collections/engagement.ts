import type { CollectionInput } from '../core/collections/model';
import { ADULT, MEMBER, MOD, all, any, owns } from './rules';
import { NOT_BLOCKED } from './blocks';
import { CAN_SEE_POST, CONTRIBUTES } from './posts';

const timestamps = [
  { name: 'created', type: 'autodate' as const, onCreate: true },
  { name: 'updated', type: 'autodate' as const, onCreate: true, onUpdate: true },
];

export const comments: CollectionInput = {
  name: 'comments',
  listRule: all(MEMBER, CAN_SEE_POST('target.'), NOT_BLOCKED('author')),
  viewRule: all(MEMBER, CAN_SEE_POST('target.')),
  createRule: all(MEMBER, ADULT, owns('author'), "target.published != ''"),
  updateRule: all(
    owns('author'),
    '@request.body.author:changed = false',
    '@request.body.target:changed = false',
  ),
  // Authors moderate the threads under their own posts (spec part 1 §6).
  deleteRule: any(owns('author'), CONTRIBUTES('target.'), MOD),
  fields: [
    { name: 'target', type: 'relation', collectionId: 'posts', required: true, cascadeDelete: true },
    { name: 'author', type: 'relation', collectionId: 'users', required: true },
    { name: 'content', type: 'editor', required: true, maxSize: 50_000 },
    { name: 'reply', type: 'relation', collectionId: 'comments', cascadeDelete: true },
    // The top-level comment a reply sits under, kept by the server (site/comment-threads.ts).
    { name: 'root', type: 'relation', collectionId: 'comments' },
    { name: 'attachments', type: 'file', maxSelect: 10, maxSize: 10 * 1024 * 1024 },
    ...timestamps,
  ],
  indexes: [
    'CREATE INDEX idx_comments_target_created ON "comments" ("target", "created")',
    'CREATE INDEX idx_comments_author ON "comments" ("author")',
    // A thread a page at a time: the page of top-level comments (reply = ''), oldest first, then every
    // reply under the comments on that page, by their root.
    // `id` breaks ties of `created` in the pages' order (`created,id`), so the index serves it whole.
    'CREATE INDEX idx_comments_target_reply_created ON "comments" ("target", "reply", "created", "id")',
    'CREATE INDEX idx_comments_reply_created ON "comments" ("reply", "created")',
    // The replies under a page, asked by their roots alone (`root = ? || root = ? ...`): one probe per
    // root. Asked with `target = ?` as well, SQLite's sampled statistics (a story has four comments on
    // average, and no sqlite_stat4) made the planner walk a popular story's whole thread in `created`
    // order instead.
    'CREATE INDEX idx_comments_root_created ON "comments" ("root", "created", "id")',
  ],
};

/** Likes and favorites: one per member and post; members add and remove only their own. */
function reaction(name: 'likes' | 'favorites', extraFields: CollectionInput['fields'] = []): CollectionInput {
  return {
    name,
    // Reactions follow visibility (PRODUCT.md §15): only on, and only read about, posts one may view,
    // so a like never reveals an unpublished draft's id.
    listRule: all(MEMBER, CAN_SEE_POST('target.')),
    viewRule: all(MEMBER, CAN_SEE_POST('target.')),
    createRule: all(MEMBER, owns('user'), CAN_SEE_POST('target.')),
    updateRule: null,
    deleteRule: owns('user'),
    fields: [
      { name: 'target', type: 'relation', collectionId: 'posts', required: true, cascadeDelete: true },
      { name: 'user', type: 'relation', collectionId: 'users', required: true, cascadeDelete: true },
      ...(extraFields ?? []),
      ...timestamps,
    ],
    indexes: [
      `CREATE UNIQUE INDEX idx_${name}_target_user ON "${name}" ("target", "user")`,
      `CREATE INDEX idx_${name}_user ON "${name}" ("user")`,
    ],
  };
}

export const likes = reaction('likes');
export const favorites = reaction('favorites', [
  { name: 'type', type: 'select', values: ['series', 'story'] },
]);

/** Reading history is private: only its member sees it; counts come from posts.view_count. */
export const views: CollectionInput = {
  name: 'views',
  listRule: owns('user'),
  viewRule: owns('user'),
  createRule: all(MEMBER, owns('user'), CAN_SEE_POST('post.')),
  updateRule: null,
  deleteRule: null,
  fields: [
    { name: 'post', type: 'relation', collectionId: 'posts', required: true, cascadeDelete: true },
    { name: 'user', type: 'relation', collectionId: 'users', required: true, cascadeDelete: true },
    ...timestamps,
  ],
  indexes: ['CREATE UNIQUE INDEX idx_views_post_user ON "views" ("post", "user")'],
};

/** Created by the server only; the owner may mark them read and delete them. */
export const notifications: CollectionInput = {
  name: 'notifications',
  listRule: owns('user'),
  viewRule: owns('user'),
  createRule: null,
  updateRule: all(
    owns('user'),
    '@request.body.user:isset = false && @request.body.content:isset = false && @request.body.href:isset = false && @request.body.icon:isset = false',
  ),
  deleteRule: owns('user'),
  fields: [
    { name: 'user', type: 'relation', collectionId: 'users', required: true, cascadeDelete: true },
    { name: 'icon', type: 'text', max: 50 },
    { name: 'content', type: 'text', max: 1000 },
    { name: 'href', type: 'text', max: 500 },
    { name: 'read', type: 'bool' },
    // Likes and favorites on one post fold into one unread notification (PRODUCT.md §5).
    { name: 'fold_key', type: 'text', hidden: true, max: 100 },
    { name: 'fold_count', type: 'number', hidden: true, onlyInt: true },
    ...timestamps,
  ],
  indexes: [
    'CREATE INDEX idx_notifications_user_read_created ON "notifications" ("user", "read", "created")',
    // All of a member's notifications, newest first, read or not.
    'CREATE INDEX idx_notifications_user_created ON "notifications" ("user", "created")',
    'CREATE INDEX idx_notifications_fold ON "notifications" ("user", "fold_key", "read")',
  ],
};
