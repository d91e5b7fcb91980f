/**
 * What a backup holds, and how it goes back. A backup is a zip of:
 * - `backup.json`: which database wrote it, and when;
 * - SQLite: `data.db` (SQLite's online backup, consistent while members write) and `auxiliary.db`
 *   (the logs); PostgreSQL: `data.dump` (`pg_dump --format=custom`, which holds the logs table too);
 * - `storage/`: the uploaded files, when they are kept on this disk (a bucket keeps its own).
 *
 * Restoring puts each part in place with the server stopped: SQLite's files and the storage folder
 * are moved aside (kept under `<data>/.restore/`) and the backup's moved in; PostgreSQL is restored
 * with `pg_restore --clean` in one transaction. `revert` moves the aside files back, for a restored
 * set the server then fails to start on.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { LogsDatabase } from '../../db/logs-database';
import { LOGS_FILE_NAME } from '../../db/logs-database';
import { SQLITE_FILE_NAME } from '../../db/sqlite/connect';
import { checkSqliteFile } from '../../db/sqlite/restore';
import type { Database, DialectName } from '../../db/types';
import { writeZip } from '../../tools/backups/archive';

export const MANIFEST = 'backup.json';
const DUMP = 'data.dump';
const STORAGE = 'storage';

export interface Manifest {
  format: 1;
  dialect: DialectName;
  created: string;
}

export interface SnapshotPlaces {
  db: Database;
  logsDb: LogsDatabase;
  dataDir: string;
  /** The uploads folder when uploads are kept on this disk; undefined with a bucket. */
  storageDir: string | undefined;
}

/** Writes the backup zip of the running site to `zipPath`, using `workDir` for the copies. */
export async function writeSnapshot(places: SnapshotPlaces, workDir: string, zipPath: string): Promise<void> {
  const { db, logsDb, storageDir } = places;
  const files: Record<string, string> = {};
  if (db.dialect === 'sqlite') {
    files[SQLITE_FILE_NAME] = path.join(workDir, SQLITE_FILE_NAME);
    await db.backup(files[SQLITE_FILE_NAME]);
    if (logsDb.backup) {
      files[LOGS_FILE_NAME] = path.join(workDir, LOGS_FILE_NAME);
      await logsDb.backup(files[LOGS_FILE_NAME]);
    }
  } else {
    files[DUMP] = path.join(workDir, DUMP);
    await db.backup(files[DUMP]);
  }
  const manifest: Manifest = { format: 1, dialect: db.dialect, created: new Date().toISOString() };
  await writeZip(zipPath, {
    json: { [MANIFEST]: manifest },
    files,
    dirs: storageDir ? { [STORAGE]: storageDir } : {},
  });
}

/** Checks an extracted backup before anything is replaced; throws with the reason it cannot be used. */
export async function checkExtracted(extracted: string, dialect: DialectName): Promise<void> {
  const manifest = await readManifest(extracted);
  const made =
    manifest?.dialect ?? ((await exists(path.join(extracted, SQLITE_FILE_NAME))) ? 'sqlite' : null);
  if (!made) throw new Error('the backup holds neither data.db nor a manifest');
  if (made !== dialect) throw new Error(`the backup was made on ${made} and this server runs on ${dialect}`);
  if (dialect === 'sqlite') checkSqliteFile(path.join(extracted, SQLITE_FILE_NAME));
  else if (!(await exists(path.join(extracted, DUMP)))) throw new Error('the backup holds no data.dump');
}

/**
 * Puts the extracted backup in place; the server must be stopped. Returns what undoes the file moves
 * (a PostgreSQL restore is one transaction: it either happened whole or not at all).
 */
export async function swapIn(
  places: Omit<SnapshotPlaces, 'logsDb'>,
  extracted: string,
  asideDir: string,
): Promise<() => Promise<void>> {
  const moves: Array<[from: string, to: string]> = [];
  const move = async (from: string, to: string) => {
    await fs.mkdir(path.dirname(to), { recursive: true });
    await fs.rename(from, to);
    moves.push([from, to]);
  };
  const revert = async () => {
    for (const [from, to] of moves.reverse()) await fs.rename(to, from).catch(() => undefined);
  };
  try {
    const { db, dataDir, storageDir } = places;
    if (db.dialect === 'sqlite') {
      for (const name of [SQLITE_FILE_NAME, LOGS_FILE_NAME]) {
        for (const suffix of ['', '-wal', '-shm']) {
          const current = path.join(dataDir, name + suffix);
          if (await exists(current)) await move(current, path.join(asideDir, name + suffix));
        }
        const incoming = path.join(extracted, name);
        if (await exists(incoming)) await move(incoming, path.join(dataDir, name));
      }
    } else {
      await db.restore(path.join(extracted, DUMP));
    }
    const incomingStorage = path.join(extracted, STORAGE);
    if (storageDir && (await exists(incomingStorage))) {
      if (await exists(storageDir)) await move(storageDir, path.join(asideDir, STORAGE));
      await move(incomingStorage, storageDir);
    }
  } catch (error) {
    await revert();
    throw error;
  }
  return revert;
}

async function readManifest(dir: string): Promise<Manifest | null> {
  try {
    return JSON.parse(await fs.readFile(path.join(dir, MANIFEST), 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}
