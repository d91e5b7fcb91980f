import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { sqliteFlavor } from './flavor';
import type { Database } from '../types';

export const SQLITE_FILE_NAME = 'data.db';

/**
 * Opens the embedded database. WAL lets readers run beside the single writer; synchronous=FULL makes
 * every acknowledged commit survive a killed process or a power cut (PRODUCT.md §9, durability).
 */
export function openSqlite(filePath: string): Database {
  fs.mkdirSync(path.dirname(filePath), { recursive: true });
  const connection = new SQLite(filePath);
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = FULL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  const kysely = new Kysely({ dialect: new SqliteDialect({ database: connection }) });
  return {
    dialect: 'sqlite',
    kysely,
    flavor: sqliteFlavor,
    async backup(file) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      await connection.backup(file);
    },
    async destroy() {
      await kysely.destroy();
    },
  };
}
