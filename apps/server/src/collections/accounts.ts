import type { CollectionInput } from '../core/collections/model';
import { ADMIN, owns } from './rules';

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

/**
 * A member's copy of their data (GDPR articles 15 and 20; site/data-export.ts builds it). A row is
 * asked for by `POST /api/account/export`, at most one a day, built by a background job, and removed
 * with its file when `expires` has passed. The zip is a protected file: downloading it needs the
 * member's own session (a file token), never a secret in a mailed link.
 */
export const dataExports: CollectionInput = {
  name: 'data_exports',
  listRule: owns('user'),
  viewRule: owns('user'),
  createRule: null,
  updateRule: null,
  deleteRule: null,
  fields: [
    { name: 'user', type: 'relation', collectionId: 'users', required: true, cascadeDelete: true },
    // pending: asked for; building: claimed by a job; ready: the file is there; failed: it could not be made.
    { name: 'status', type: 'select', values: ['pending', 'building', 'ready', 'failed'], required: true },
    // Written by the job straight to storage (it can be larger than an upload is held in memory).
    { name: 'file', type: 'file', maxSelect: 1, protected: true },
    // When the job took it: a claim older than the job's time limit is taken again (a process died).
    { name: 'claimed', type: 'date' },
    { name: 'expires', type: 'date' },
    { name: 'created', type: 'autodate', onCreate: true },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ],
  indexes: [
    'CREATE INDEX idx_data_exports_user ON "data_exports" ("user", "created")',
    'CREATE INDEX idx_data_exports_status ON "data_exports" ("status")',
  ],
};
