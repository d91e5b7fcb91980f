import type { CollectionInput } from '../core/collections/model';
import { NOT_BLOCKED } from './blocks';
import { MEMBER, all, owns } from './rules';

/** One record per member, with the member's id as its id; the server sweeps idle ones to offline. */
export const presence: CollectionInput = {
  name: 'presence',
  // Who's Online leaves out the members the caller blocked (PRODUCT.md §14).
  listRule: all(MEMBER, NOT_BLOCKED('user')),
  viewRule: MEMBER,
  createRule: all(MEMBER, owns('user'), 'id = @request.auth.id'),
  updateRule: all(owns('user'), '@request.body.user:changed = false'),
  deleteRule: null,
  fields: [
    { name: 'user', type: 'relation', collectionId: 'users', required: true, cascadeDelete: true },
    { name: 'status', type: 'select', required: true, values: ['online', 'invisible', 'offline'] },
    { name: 'created', type: 'autodate', onCreate: true },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ],
  indexes: ['CREATE INDEX idx_presence_status ON "presence" ("status", "updated")'],
};
