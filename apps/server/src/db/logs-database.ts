/**
 * Where request and job logs are kept, apart from the community's data as PocketBase keeps them: on
 * SQLite a file of its own beside `data.db` (`auxiliary.db`), so a burst of log writes never queues
 * behind a member's write and a restore of the data never needs the logs; on PostgreSQL a table of
 * its own (`_logs`) in the same database, since several processes share it.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { SqlFlavor } from '../tools/search/flavor';
import type { AnyKysely, Database, DialectName } from './types';

export const LOGS_FILE_NAME = 'auxiliary.db';

export interface LogsDatabase {
  readonly dialect: DialectName;
  readonly kysely: AnyKysely;
  readonly flavor: SqlFlavor;
  /** SQLite: writes a consistent copy of the logs file (PostgreSQL's table is in the main dump). */
  backup?(file: string): Promise<void>;
  /** Closes the SQLite file (PostgreSQL's table lives in the main pool, closed with it). */
  close(): Promise<void>;
}

/**
 * Opens (and on first use creates) the logs table. `dataDir` is where the SQLite file goes; without
 * one, SQLite keeps the logs in memory (tests, one-off commands).
 */
export async function openLogsDatabase(db: Database, dataDir: string | undefined): Promise<LogsDatabase> {
  if (db.dialect === 'postgres') {
    // Processes starting together create it once.
    await db.withLock('logs-table', { wait: true }, () =>
      sql`CREATE TABLE IF NOT EXISTS _logs (
        id TEXT PRIMARY KEY NOT NULL,
        level INTEGER NOT NULL DEFAULT 0,
        message TEXT NOT NULL DEFAULT '',
        data JSONB NOT NULL DEFAULT '{}'::jsonb,
        created TEXT NOT NULL DEFAULT ''
      )`
        .execute(db.kysely)
        .then(() => createIndexes(db.kysely)),
    );
    return { dialect: 'postgres', kysely: db.kysely, flavor: db.flavor, close: () => Promise.resolve() };
  }
  let file = ':memory:';
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    file = path.join(dataDir, LOGS_FILE_NAME);
  }
  const connection = new SQLite(file);
  connection.pragma('journal_mode = WAL');
  // A log line lost to a power cut is acceptable; a disk sync per batch of them is not needed.
  connection.pragma('synchronous = NORMAL');
  connection.pragma('busy_timeout = 5000');
  const kysely = new Kysely({ dialect: new SqliteDialect({ database: connection }) });
  await sql`CREATE TABLE IF NOT EXISTS _logs (
    id TEXT PRIMARY KEY NOT NULL,
    level INTEGER NOT NULL DEFAULT 0,
    message TEXT NOT NULL DEFAULT '',
    data JSON NOT NULL DEFAULT '{}',
    created TEXT NOT NULL DEFAULT ''
  )`.execute(kysely);
  await createIndexes(kysely);
  return {
    dialect: 'sqlite',
    kysely,
    flavor: db.flavor,
    async backup(target) {
      await connection.backup(target);
    },
    async close() {
      await kysely.destroy();
    },
  };
}

async function createIndexes(kysely: AnyKysely): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS idx_logs_level ON _logs (level)`.execute(kysely);
  await sql`CREATE INDEX IF NOT EXISTS idx_logs_message ON _logs (message)`.execute(kysely);
  await sql`CREATE INDEX IF NOT EXISTS idx_logs_created ON _logs (created)`.execute(kysely);
}
