/**
 * Gives each suite a fresh database on every dialect: a new SQLite file in a temporary directory, and,
 * when PostgreSQL is available, a new PostgreSQL database created for the suite and dropped after it.
 *
 *   describeEachDialect('records', (getDb) => { it('...', async () => { const db = getDb(); ... }) });
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { systemMigrations } from '../../src/core/migrations';
import { migrateToLatest } from '../../src/db/migrations/runner';
import { openPostgres } from '../../src/db/postgres/connect';
import { openSqlite } from '../../src/db/sqlite/connect';
import type { Database, DialectName } from '../../src/db/types';

export interface TestDatabase {
  db: Database;
  dialect: DialectName;
  /** The data directory to hand a test server (the SQLite file lives in it). */
  dataDir: string;
  /** The connection string for PostgreSQL, undefined for SQLite. */
  databaseUrl: string | undefined;
  drop(): Promise<void>;
}

export async function createTestDatabase(
  dialect: DialectName,
  options: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `community-test-${dialect}-`));
  let db: Database;
  let databaseUrl: string | undefined;
  let dropDatabase = (): Promise<void> => Promise.resolve();
  if (dialect === 'sqlite') {
    db = openSqlite(path.join(dataDir, 'data.db'));
  } else {
    const adminUrl = inject('postgresAdminUrl');
    if (!adminUrl) throw new Error('PostgreSQL is not available for this run');
    const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    db = openPostgres(databaseUrl, { poolSize: 4 });
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    };
  }
  if (options.migrate !== false) await migrateToLatest(db, systemMigrations);
  return {
    db,
    dialect,
    dataDir,
    databaseUrl,
    async drop() {
      await db.destroy();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The dialects this run covers: SQLite always, PostgreSQL when the global setup found it. */
export function availableDialects(): DialectName[] {
  return inject('postgresAdminUrl') ? ['sqlite', 'postgres'] : ['sqlite'];
}

/** Declares the suite once per dialect; PostgreSQL's copy is skipped (visibly) when it is unavailable. */
export function describeEachDialect(
  name: string,
  body: (get: () => TestDatabase) => void,
  options: { migrate?: boolean } = {},
): void {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    const available = dialect === 'sqlite' || inject('postgresAdminUrl') !== null;
    describe.skipIf(!available)(`${name} [${dialect}]`, () => {
      let current: TestDatabase | undefined;
      beforeAll(async () => {
        current = await createTestDatabase(dialect, options);
      });
      afterAll(async () => {
        await current?.drop();
      });
      body(() => {
        if (!current) throw new Error('the test database is not ready yet');
        return current;
      });
    });
  }
}
