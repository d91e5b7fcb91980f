import { postgresFlavor } from '../../db/postgres/flavor';
import { sqliteFlavor } from '../../db/sqlite/flavor';
import type { MigrationContext } from '../../db/migrations/runner';
import type { Database } from '../../db/types';

/**
 * The migration's transaction seen as a `Database`, so migrations can use the collection service.
 * It cannot back up or close anything: it borrows the runner's connection.
 */
export function migrationDatabase(db: MigrationContext): Database {
  return {
    dialect: db.dialect,
    kysely: db.kysely,
    flavor: db.dialect === 'sqlite' ? sqliteFlavor : postgresFlavor,
    backup: () => Promise.reject(new Error('a migration cannot take a backup')),
    destroy: () => Promise.resolve(),
  };
}
