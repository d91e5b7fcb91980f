import type { CollectionInput } from '../core/collections/model';
import { MEMBER, all, owns } from './rules';

/**
 * Blocking (PRODUCT.md §14): one row per pair, `blocker` (the caller) and `blocked` (another member,
 * never staff, never oneself). Only the blocker lists, views or deletes it; the blocked member is
 * never told and never sees it. site/safe-messages.ts reads it to refuse messages both ways.
 */
export const blocks: CollectionInput = {
  name: 'blocks',
  listRule: all(MEMBER, owns('blocker')),
  viewRule: all(MEMBER, owns('blocker')),
  createRule: all(
    MEMBER,
    owns('blocker'),
    'blocked != @request.auth.id',
    "blocked.roles !~ 'moderator'",
    "blocked.roles !~ 'admin'",
  ),
  updateRule: null,
  deleteRule: all(MEMBER, owns('blocker')),
  fields: [
    { name: 'blocker', type: 'relation', collectionId: 'users', required: true, cascadeDelete: true },
    { name: 'blocked', type: 'relation', collectionId: 'users', required: true, cascadeDelete: true },
    { name: 'created', type: 'autodate', onCreate: true },
  ],
  indexes: [
    'CREATE UNIQUE INDEX idx_blocks_pair ON "blocks" ("blocker", "blocked")',
    // The visibility rules start from the author: "has this member been blocked by the caller?"
    'CREATE INDEX idx_blocks_blocked ON "blocks" ("blocked", "blocker")',
  ],
};

/**
 * The member(s) at `users` (a path to users from the collection's row) are not blocked by the caller:
 * no `blocks` row names one of them as blocked with the caller as blocker. All-of semantics, so a
 * story with several contributors is hidden when the caller blocked any of them.
 */
export const NOT_BLOCKED = (users: string) => `${users}.blocks_via_blocked.blocker != @request.auth.id`;
