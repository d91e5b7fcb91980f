import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely } from 'kysely';
import { BetterSqliteDialect } from './driver';
import { sqliteFlavor } from './flavor';
import type { Database } from '../types';

export const SQLITE_FILE_NAME = 'data.db';

/**
 * Opens the embedded database: one connection that writes (and runs every transaction) and one
 * read-only connection for reads outside a transaction (see driver.ts). WAL lets the reader run
 * beside the writer; synchronous=FULL makes every acknowledged commit survive a killed process or a
 * power cut (PRODUCT.md §9, durability).
 */
export function openSqlite(filePath: string): Database {
  fs.mkdirSync(path.dirname(filePath), { recursive: true });
  const connection = new SQLite(filePath);
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = FULL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  // Opened after the writer switched the file to WAL, which a read-only connection cannot do.
  const readConnection = new SQLite(filePath, { readonly: true, fileMustExist: true });
  readConnection.pragma('busy_timeout = 5000');
  const kysely = new Kysely({ dialect: new BetterSqliteDialect(connection, 'writer') });
  const reader = new Kysely({ dialect: new BetterSqliteDialect(readConnection, 'reader') });
  return {
    dialect: 'sqlite',
    kysely,
    reader,
    flavor: sqliteFlavor,
    async backup(file) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      await connection.backup(file);
    },
    // One process owns the file, so there is nobody to exclude.
    async withLock(_name, _options, work) {
      return { acquired: true, value: await work() };
    },
    async destroy() {
      await reader.destroy();
      await kysely.destroy();
    },
  };
}
