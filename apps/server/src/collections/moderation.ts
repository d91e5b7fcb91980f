import type { CollectionInput } from '../core/collections/model';
import { MEMBER, MOD, all, any, owns, untouched } from './rules';
import { CAN_SEE_POST, CONTRIBUTES } from './posts';

const TARGETS = ['post', 'comment', 'profile', 'message'] as const;

/** Exactly one target is set: a report is about one thing. */
const EXACTLY_ONE_TARGET = any(
  ...TARGETS.map((target) => TARGETS.map((t) => (t === target ? `${t} != ''` : `${t} = ''`)).join(' && ')),
);

export const reports: CollectionInput = {
  name: 'reports',
  listRule: any(MOD, owns('user')),
  viewRule: any(MOD, owns('user')),
  createRule: all(
    MEMBER,
    owns('user'),
    EXACTLY_ONE_TARGET,
    untouched('action', 'resolver', 'resolution'),
    // Reports follow visibility (PRODUCT.md §15): only about what the reporter may view.
    any("post = ''", CAN_SEE_POST('post.')),
    any("comment = ''", CAN_SEE_POST('comment.target.')),
    any("message = ''", 'message.from = @request.auth.id || message.to = @request.auth.id'),
  ),
  // Delete and ban need a resolution text.
  updateRule: all(
    MOD,
    // The one who acted is the caller, always (PRODUCT.md §15; site/moderator-powers.ts sets it).
    any('@request.body.resolver:isset = false', '@request.body.resolver = @request.auth.id'),
    any(
      '@request.body.action:isset = false',
      "@request.body.action = 'resolve'",
      "@request.body.resolution != ''",
    ),
  ),
  deleteRule: null,
  fields: [
    { name: 'user', type: 'relation', collectionId: 'users', required: true },
    { name: 'reason', type: 'text', required: true, max: 2000 },
    { name: 'post', type: 'relation', collectionId: 'posts', cascadeDelete: false },
    { name: 'comment', type: 'relation', collectionId: 'comments' },
    { name: 'profile', type: 'relation', collectionId: 'profiles' },
    { name: 'message', type: 'relation', collectionId: 'messages' },
    { name: 'action', type: 'select', values: ['resolve', 'delete', 'ban'] },
    { name: 'resolver', type: 'relation', collectionId: 'users' },
    { name: 'resolution', type: 'text', max: 2000 },
    { name: 'created', type: 'autodate', onCreate: true },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ],
  indexes: ['CREATE INDEX idx_reports_resolver_created ON "reports" ("resolver", "created")'],
};

/** The review audit trail: every moderator decision on a submission, with who, what and why. */
export const postContentActions: CollectionInput = {
  name: 'post_content_actions',
  listRule: any(MOD, CONTRIBUTES('post.')),
  viewRule: any(MOD, CONTRIBUTES('post.')),
  createRule: all(MOD, owns('resolver'), "post != ''", any("action = 'publish'", "resolution != ''")),
  updateRule: null,
  deleteRule: null,
  fields: [
    { name: 'user', type: 'relation', collectionId: 'users' },
    // The post may be deleted by the action itself; its title stays in the trail.
    { name: 'post', type: 'relation', collectionId: 'posts' },
    { name: 'title', type: 'text', max: 300 },
    { name: 'resolver', type: 'relation', collectionId: 'users', required: true },
    { name: 'action', type: 'select', required: true, values: ['publish', 'reject', 'delete'] },
    { name: 'resolution', type: 'text', max: 2000 },
    { name: 'created', type: 'autodate', onCreate: true },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ],
  indexes: ['CREATE INDEX idx_post_content_actions_post ON "post_content_actions" ("post")'],
};

/**
 * Accounts not migrated yet: a registration stopped midway (no linked profile, PRODUCT.md §3), or an
 * account imported from another archive that its member has not claimed (site/imported-accounts.ts).
 */
export const unmigratedUsers: CollectionInput = {
  name: 'unmigrated_users',
  type: 'view',
  listRule: any(MOD, 'id = @request.auth.id'),
  viewRule: any(MOD, 'id = @request.auth.id'),
  viewQuery:
    "SELECT u.id AS id, u.username AS username FROM users u WHERE u.profile = '' OR u.unmigrated = TRUE",
  fields: [{ name: 'username', type: 'text' }],
};

/**
 * What moderators did outside reports and review decisions (PRODUCT.md §7: every moderator action is
 * recorded with who, what, when and why): deleting someone else's post, comment or message, banning or
 * lifting a ban directly, and an admin changing a member's roles (`summary` holds the new roles). Written by the server only (site/moderation-log.ts).
 */
export const moderationLog: CollectionInput = {
  name: 'moderation_log',
  listRule: MOD,
  viewRule: MOD,
  createRule: null,
  updateRule: null,
  deleteRule: null,
  fields: [
    { name: 'moderator', type: 'relation', collectionId: 'users', required: true },
    {
      name: 'action',
      type: 'select',
      required: true,
      values: ['delete', 'ban', 'unban', 'pin', 'unpin', 'roles', 'delete_account'],
    },
    { name: 'target_collection', type: 'text', max: 50 },
    { name: 'target_id', type: 'text', max: 50 },
    // The item itself may be gone; its title or first words stay here.
    { name: 'summary', type: 'text', max: 300 },
    { name: 'owner', type: 'relation', collectionId: 'users' },
    { name: 'reason', type: 'text', max: 2000 },
    { name: 'created', type: 'autodate', onCreate: true },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ],
  indexes: ['CREATE INDEX idx_moderation_log_created ON "moderation_log" ("created")'],
};

/**
 * The staff chat of the dashboard (PRODUCT.md §13): a room only moderators and admins read and write,
 * each as themself. Messages older than 90 days go when a new one is written (site/staff-chat.ts).
 */
export const staffMessages: CollectionInput = {
  name: 'staff_messages',
  listRule: MOD,
  viewRule: MOD,
  createRule: all(MOD, owns('author')),
  updateRule: null,
  deleteRule: null,
  fields: [
    { name: 'author', type: 'relation', collectionId: 'users', required: true },
    { name: 'content', type: 'text', required: true, max: 2000 },
    { name: 'created', type: 'autodate', onCreate: true },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ],
  indexes: ['CREATE INDEX idx_staff_messages_created ON "staff_messages" ("created")'],
};
