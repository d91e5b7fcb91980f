import { randomBytes } from 'node:crypto';
import { CollectionRegistry } from '../collections/registry';
import { CollectionService } from '../collections/service';
import { nowString } from '../../tools/dates';
import type { Migration } from '../../db/migrations/runner';
import { migrationDatabase } from './context';

/** The id PocketBase gives `_superusers`; the SDK hard-codes it to recognise a superuser session. */
export const SUPERUSERS_ID = 'pbc_3142635823';

/**
 * The `_superusers` auth collection, and the app's master secret from which each collection's token
 * secrets are derived (so tokens survive restarts and differ per installation).
 */
export const superusers: Migration = {
  name: '0003_superusers',
  async up(db) {
    const now = nowString();
    await db.kysely
      .insertInto('_params')
      .values({
        id: 'secret',
        value: JSON.stringify(randomBytes(48).toString('base64url')),
        created: now,
        updated: now,
      })
      .execute();
    const database = migrationDatabase(db);
    const service = new CollectionService(database, new CollectionRegistry());
    await service.create(
      {
        id: SUPERUSERS_ID,
        name: '_superusers',
        type: 'auth',
        system: true,
        authRule: '',
        fields: [
          { name: 'created', type: 'autodate', system: true, onCreate: true, onUpdate: false },
          { name: 'updated', type: 'autodate', system: true, onCreate: true, onUpdate: true },
        ],
      },
      db.kysely,
    );
  },
};
