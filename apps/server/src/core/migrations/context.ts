import { postgresFlavor } from '../../db/postgres/flavor';
import { sqliteFlavor } from '../../db/sqlite/flavor';
import type { MigrationContext } from '../../db/migrations/runner';
import type { Database } from '../../db/types';

/**
 * The migration's transaction seen as a `Database`, so migrations can use the collection service.
 * It cannot back up, lock or close anything: it borrows the runner's connection (and its lock).
 */
export function migrationDatabase(db: MigrationContext): Database {
  return {
    dialect: db.dialect,
    kysely: db.kysely,
    // Inside the migration's transaction: reads must see its own writes.
    reader: db.kysely,
    flavor: db.dialect === 'sqlite' ? sqliteFlavor : postgresFlavor,
    backup: () => Promise.reject(new Error('a migration cannot take a backup')),
    restore: () => Promise.reject(new Error('a migration cannot restore a backup')),
    withLock: () => Promise.reject(new Error('a migration already runs under the migration lock')),
    destroy: () => Promise.resolve(),
  };
}
