/**
 * PostgreSQL backups go through the standard tools (`pg_dump`, `pg_restore`), which must be installed
 * beside the server (Debian: postgresql-client). The connection string is passed as an argument, never
 * through a shell.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function dumpPostgres(connectionString: string, file: string): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await run('pg_dump', ['--format=custom', '--no-owner', '--file', file, '--dbname', connectionString]);
}

export async function restorePostgres(connectionString: string, file: string): Promise<void> {
  await run('pg_restore', [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--single-transaction',
    '--dbname',
    connectionString,
    file,
  ]);
}
