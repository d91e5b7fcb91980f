import type { CollectionInput } from '../core/collections/model';
import { ADMIN } from './rules';

/**
 * Account deletion (issue 45, docs/adr/0037-account-deletion.md). A member's request waits here through
 * its grace period: signing in again removes it (site/account-deletion.ts), and once `erase_after` has
 * passed the periodic job erases the account and, with it (the relation cascades), this row. A request
 * confirmed by mail instead of a password waits first for its link (`confirmation`, until
 * `confirm_before`) with `erase_after` empty. Written by the server only; admins may read the queue.
 */
export const accountDeletions: CollectionInput = {
  name: 'account_deletions',
  listRule: ADMIN,
  viewRule: ADMIN,
  createRule: null,
  updateRule: null,
  deleteRule: null,
  fields: [
    { name: 'user', type: 'relation', collectionId: 'users', required: true, cascadeDelete: true },
    // What becomes of the member's stories and series: kept under the "orphaned" account, or removed.
    { name: 'works', type: 'select', values: ['orphan', 'delete'], required: true },
    // Comments and forum posts: kept as by "deleted member" (the default), or removed.
    { name: 'discussions', type: 'select', values: ['keep', 'delete'], required: true },
    // Empty until the request is confirmed (by the password, or by the mailed link).
    { name: 'erase_after', type: 'date' },
    // A SHA-256 of the mailed link's secret, never the secret itself; emptied once confirmed.
    { name: 'confirmation', type: 'text', max: 64, hidden: true },
    { name: 'confirm_before', type: 'date' },
    { name: 'created', type: 'autodate', onCreate: true },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ],
  indexes: [
    'CREATE UNIQUE INDEX idx_account_deletions_user ON "account_deletions" ("user")',
    'CREATE INDEX idx_account_deletions_erase_after ON "account_deletions" ("erase_after")',
  ],
};

/**
 * The usernames of erased accounts, unavailable for a cooling-off period (30 days) so nobody can pose
 * as the member who just left. Only a hash of the name is kept: the erased member is not named here,
 * and the row goes when its time is over (the erase job removes expired ones).
 */
export const retiredUsernames: CollectionInput = {
  name: 'retired_usernames',
  listRule: null,
  viewRule: null,
  createRule: null,
  updateRule: null,
  deleteRule: null,
  fields: [
    { name: 'name_hash', type: 'text', required: true, min: 64, max: 64, hidden: true },
    { name: 'until', type: 'date', required: true },
    { name: 'created', type: 'autodate', onCreate: true },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ],
  indexes: [
    'CREATE UNIQUE INDEX idx_retired_usernames_hash ON "retired_usernames" ("name_hash")',
    'CREATE INDEX idx_retired_usernames_until ON "retired_usernames" ("until")',
  ],
};
