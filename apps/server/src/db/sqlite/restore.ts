import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/**
 * Puts a backup in place of the database file. The server must be stopped: the copy is checked
 * (`integrity_check`) first, the old file and its WAL are moved aside, never deleted.
 */
export function restoreSqlite(backupFile: string, databaseFile: string): string | null {
  checkSqliteFile(backupFile);
  fs.mkdirSync(path.dirname(databaseFile), { recursive: true });
  const existed = fs.existsSync(databaseFile);
  const aside = `${databaseFile}.before-restore-${Date.now()}`;
  if (existed) fs.renameSync(databaseFile, aside);
  for (const suffix of ['-wal', '-shm'])
    if (fs.existsSync(databaseFile + suffix)) fs.renameSync(databaseFile + suffix, aside + suffix);
  fs.copyFileSync(backupFile, databaseFile);
  return existed ? aside : null;
}

/** Throws unless `file` is an SQLite database that passes `integrity_check`. */
export function checkSqliteFile(file: string): void {
  const check = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const result = check.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(`the backup failed its integrity check: ${String(result)}`);
  } finally {
    check.close();
  }
}
