import { CollectionRegistry } from '../collections/registry';
import { CollectionService } from '../collections/service';
import type { Migration } from '../../db/migrations/runner';
import { migrationDatabase } from './context';

/** One-time passwords in flight: which record, the code's hash, where it was sent. Server-only. */
export const otps: Migration = {
  name: '0004_otps',
  async up(db) {
    const database = migrationDatabase(db);
    const registry = await CollectionRegistry.load(db.kysely);
    await new CollectionService(database, registry).create(
      {
        name: '_otps',
        type: 'base',
        system: true,
        fields: [
          { name: 'collectionRef', type: 'text', system: true, required: true },
          { name: 'recordRef', type: 'text', system: true, required: true },
          { name: 'password', type: 'text', system: true, hidden: true, required: true },
          { name: 'sentTo', type: 'text', system: true },
          { name: 'created', type: 'autodate', system: true, onCreate: true },
        ],
        // Quoted: PostgreSQL folds unquoted names to lower case.
        indexes: ['CREATE INDEX idx__otps_record ON "_otps" ("collectionRef", "recordRef")'],
      },
      db.kysely,
    );
  },
};
