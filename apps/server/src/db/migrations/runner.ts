import { Migrator, type MigrationResult } from 'kysely';
import type { AnyKysely, Database } from '../types';

/** What a migration may use: the dialect, and the runner's transaction (never the pool itself). */
export interface MigrationContext {
  readonly dialect: Database['dialect'];
  readonly kysely: AnyKysely;
}

/** A schema change. `up` runs once, in order, inside the runner's transaction. */
export interface Migration {
  name: string;
  up(db: MigrationContext): Promise<void>;
  down?(db: MigrationContext): Promise<void>;
}

export interface MigrationReport {
  applied: string[];
}

export class MigrationError extends Error {
  override name = 'MigrationError';
}

function migratorFor(db: Database, migrations: readonly Migration[]): Migrator {
  const byName = Object.fromEntries(
    migrations.map((m) => [
      m.name,
      {
        // Kysely hands each migration the transaction it runs in. Using the pool instead would wait
        // for the connection that transaction holds (SQLite has one), and never finish.
        up: (trx: AnyKysely) => m.up({ dialect: db.dialect, kysely: trx }),
        down: async (trx: AnyKysely) => {
          if (!m.down) throw new MigrationError(`migration ${m.name} cannot be reverted`);
          await m.down({ dialect: db.dialect, kysely: trx });
        },
      },
    ]),
  );
  return new Migrator({
    db: db.kysely,
    provider: { getMigrations: () => Promise.resolve(byName) },
    migrationTableName: '_migrations',
    migrationLockTableName: '_migrations_lock',
  });
}

function unwrap(results: MigrationResult[] | undefined, error: unknown): string[] {
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new MigrationError(
      `migration ${failed} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`,
      { cause: error },
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Applies every pending migration; safe to call on every start and from several processes at once. */
export async function migrateToLatest(
  db: Database,
  migrations: readonly Migration[],
): Promise<MigrationReport> {
  const { results, error } = await migratorFor(db, migrations).migrateToLatest();
  return { applied: unwrap(results, error) };
}

/** Reverts the most recent migration. */
export async function migrateDown(db: Database, migrations: readonly Migration[]): Promise<MigrationReport> {
  const { results, error } = await migratorFor(db, migrations).migrateDown();
  return { applied: unwrap(results, error) };
}

export async function listAppliedMigrations(
  db: Database,
  migrations: readonly Migration[],
): Promise<string[]> {
  const all = await migratorFor(db, migrations).getMigrations();
  return all.filter((m) => m.executedAt !== undefined).map((m) => m.name);
}
