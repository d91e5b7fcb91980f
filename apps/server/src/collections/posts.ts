import type { CollectionInput } from '../core/collections/model';
import { NOT_BLOCKED } from './blocks';
import { ADULT, MEMBER, MOD, all, any, unchanged, untouched } from './rules';

/** Counters kept by the server in the same transaction as the like, favorite, view or comment. */
export const POST_COUNTERS = ['like_count', 'favorite_count', 'view_count', 'comment_count'] as const;

/** Who may see a post: published ones, one's own unpublished ones, and everything for moderators. */
export const CAN_SEE_POST = (prefix = '') => any(`${prefix}published != ''`, CONTRIBUTES(prefix), MOD);
/**
 * The caller is one of the post's contributors. Signed in first: as in PocketBase, "any of no values"
 * compares one NULL, and a guest's empty id equals it (a trail row whose post was deleted).
 */
export const CONTRIBUTES = (prefix = '') =>
  `@request.auth.id != '' && ${prefix}contributors.id ?= @request.auth.id`;

/**
 * Size-native metadata (PRODUCT.md §14): the size classes of the larger and the smaller character, in
 * order from smallest to largest, and the change that happens. Stories and series carry them on their post.
 */
export const SIZE_CLASSES = ['micro', 'mini', 'tiny', 'normal', 'macro', 'mega', 'giga', 'tera'] as const;
export const SIZE_CHANGES = ['none', 'growth', 'shrinking', 'both'] as const;

export const posts: CollectionInput = {
  name: 'posts',
  // Lists leave out the posts of members the caller blocked (PRODUCT.md §14); a direct link still opens.
  listRule: all(MEMBER, CAN_SEE_POST(), NOT_BLOCKED('contributors')),
  viewRule: all(MEMBER, CAN_SEE_POST()),
  createRule: all(
    MEMBER,
    ADULT,
    // Authorship is consented (PRODUCT.md §15): the creator is the only contributor; co-authors are
    // invited (post_invitations) and added by the server when they accept.
    '@request.body.contributors:length = 1',
    CONTRIBUTES(),
    // Stories and series need a verified email (spec part 1 §6).
    any("type != 'story' && type != 'series'", '@request.auth.verified = true'),
    any(untouched('published'), MOD),
    untouched('submitted', 'approved', ...POST_COUNTERS),
    // Scheduled chapters (PRODUCT.md §14): only a story is given a publish time.
    any(untouched('publish_at'), "@request.body.publish_at = ''", "type = 'story'"),
  ),
  updateRule: all(
    any(CONTRIBUTES(), MOD),
    any(unchanged('published'), MOD),
    unchanged('submitted', 'approved', 'type', ...POST_COUNTERS),
    // The publish time may move until the story is out; then it is history.
    any(unchanged('publish_at'), "published = '' && type = 'story'"),
  ),
  deleteRule: any(CONTRIBUTES(), MOD),
  fields: [
    {
      name: 'type',
      type: 'select',
      required: true,
      values: ['comment', 'profile', 'message', 'forum-post', 'series', 'story'],
    },
    { name: 'title', type: 'text', max: 300 },
    { name: 'description', type: 'text', max: 5000 },
    { name: 'contributors', type: 'relation', collectionId: 'users', required: true, maxSelect: 20 },
    { name: 'labels', type: 'relation', collectionId: 'labels', maxSelect: 50 },
    { name: 'tags', type: 'relation', collectionId: 'tags', maxSelect: 50 },
    {
      name: 'attachments',
      type: 'file',
      maxSelect: 20,
      maxSize: 10 * 1024 * 1024,
      thumbs: ['200x200', '800x0'],
    },
    { name: 'larger_size', type: 'select', values: [...SIZE_CLASSES] },
    { name: 'smaller_size', type: 'select', values: [...SIZE_CLASSES] },
    { name: 'size_change', type: 'select', values: [...SIZE_CHANGES] },
    { name: 'published', type: 'date' },
    { name: 'submitted', type: 'date' },
    /**
     * Scheduled chapters (PRODUCT.md §14): when a story should come out. A moderator's approval before
     * that time sets `approved` (server-owned) instead of `published`; site/scheduled.ts publishes it
     * when the time comes. Empty, or already past at approval: published at once, as before.
     */
    { name: 'publish_at', type: 'date' },
    { name: 'approved', type: 'date' },
    ...POST_COUNTERS.map((name) => ({ name, type: 'number' as const, onlyInt: true, min: 0 })),
    { name: 'created', type: 'autodate', onCreate: true },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ],
  indexes: [
    'CREATE INDEX idx_posts_type_published ON "posts" ("type", "published")',
    'CREATE INDEX idx_posts_submitted ON "posts" ("submitted")',
    'CREATE INDEX idx_posts_created ON "posts" ("created")',
    // The content queue: unpublished posts, oldest first.
    'CREATE INDEX idx_posts_published_created ON "posts" ("published", "created")',
    // The scheduled-publishing job: approved posts still waiting for their time.
    'CREATE INDEX idx_posts_approved_published ON "posts" ("approved", "published")',
    // Browse and search by sizes (PRODUCT.md §14): the larger character first, as members ask.
    'CREATE INDEX idx_posts_sizes ON "posts" ("larger_size", "size_change", "smaller_size")',
    'CREATE INDEX idx_posts_smaller_size ON "posts" ("smaller_size")',
  ],
};
