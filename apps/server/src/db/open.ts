import path from 'node:path';
import { openPostgres } from './postgres/connect';
import { openSqlite, SQLITE_FILE_NAME } from './sqlite/connect';
import type { Database } from './types';

export interface DatabaseOptions {
  dataDir: string;
  /** When set, PostgreSQL is used instead of the embedded SQLite file. */
  databaseUrl?: string | undefined;
  /** PostgreSQL only: keep recurring statements prepared (db/postgres/prepared-pool.ts); on by default. */
  preparedStatements?: boolean | undefined;
}

export function openDatabase(options: DatabaseOptions): Database {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, { prepare: options.preparedStatements ?? true })
    : openSqlite(path.join(options.dataDir, SQLITE_FILE_NAME));
}
