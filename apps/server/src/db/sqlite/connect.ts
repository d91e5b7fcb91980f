import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely } from 'kysely';
import { BetterSqliteDialect } from './driver';
import { sqliteFlavor } from './flavor';
import { restoreSqlite } from './restore';
import type { Database } from '../types';

export const SQLITE_FILE_NAME = 'data.db';

/**
 * How often the writer refreshes the query planner's statistics. SQLite plans from `sqlite_stat1`
 * (rows per index key), which nothing fills unless `ANALYZE` runs; without it the planner assumes an
 * equality picks a handful of rows and, on a table of 100,000, may walk an index that holds most of
 * them and then sort. SQLite's advice for a long-lived connection is `PRAGMA optimize` at open and
 * every few hours; it re-analyses only tables that were never analysed or whose size changed a lot.
 */
const OPTIMIZE_EVERY_MS = 6 * 60 * 60 * 1000;
/** Rows sampled per index by those analyses, so one on a large table takes milliseconds, not seconds. */
const ANALYSIS_LIMIT = 1000;

/**
 * How much of the file each connection reads through a memory map instead of read calls: a page the
 * operating system already caches is then read in place, without a system call and a copy into
 * SQLite's own small page cache. Address space only; the memory is the OS's shared page cache. The
 * SQLite that better-sqlite3 builds caps it at just under 2 GiB; a larger file reads its tail as before.
 */
const MMAP_BYTES = 2 * 1024 ** 3;

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
  connection.pragma(`mmap_size = ${MMAP_BYTES}`);
  connection.pragma(`analysis_limit = ${ANALYSIS_LIMIT}`);
  connection.pragma('optimize = 0x10002');
  const optimizer = setInterval(() => refreshStatistics(connection), OPTIMIZE_EVERY_MS);
  optimizer.unref();
  // Opened after the writer switched the file to WAL, which a read-only connection cannot do.
  const readConnection = new SQLite(filePath, { readonly: true, fileMustExist: true });
  readConnection.pragma('busy_timeout = 5000');
  readConnection.pragma(`mmap_size = ${MMAP_BYTES}`);
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
    async restore(file) {
      restoreSqlite(file, filePath);
      return Promise.resolve();
    },
    // One process owns the file, so there is nobody to exclude.
    async withLock(_name, _options, work) {
      return { acquired: true, value: await work() };
    },
    async destroy() {
      clearInterval(optimizer);
      await reader.destroy();
      await kysely.destroy();
    },
  };
}

/** A busy or failing analysis only delays better plans: the next round tries again. */
function refreshStatistics(connection: SQLite.Database): void {
  try {
    connection.pragma('optimize');
  } catch {
    // Left for the next round.
  }
}
