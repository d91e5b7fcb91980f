/**
 * Backups as PocketBase makes them (apis/backup*.go, core/base_backup.go): list, create (an optional
 * name, `[a-z0-9_-]+.zip`, else `pb_backup_<site>_<time>.zip`), upload a zip, delete, restore, and
 * scheduled backups (`@auto_pb_backup_…`, the oldest beyond `cronMaxKeep` removed). They are kept in
 * `<data>/backups`, or in the bucket `settings.backups.s3` names. One backup or restore runs at a
 * time in a process; another is refused with PocketBase's "Try again later" answer.
 *
 * Restoring stops the server, puts the backup's data in place and starts the server again on it
 * (`restart`, given by app.ts); if the server cannot start on the restored data, the previous data
 * goes back and it starts on that. The command line restores the same way with the server stopped.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ApiError } from '../../tools/api-error';
import { extractZip, looksLikeZip } from '../../tools/backups/archive';
import {
  LocalBackupStore,
  S3BackupStore,
  type BackupFileInfo,
  type BackupStore,
} from '../../tools/backups/backup-store';
import type { CronScheduler } from '../../tools/cron';
import type { SettingsStore } from '../settings';
import { checkExtracted, swapIn, writeSnapshot, type SnapshotPlaces } from './snapshot';

export const AUTO_BACKUP_JOB = '__pbAutoBackup__';
export const AUTO_BACKUP_PREFIX = '@auto_pb_backup_';
const BUSY = 'Try again later - another backup/restore process has already been started.';
const NAME = /^[a-z0-9_-]+\.zip$/;

/**
 * Stops the server, runs `swap` (which puts the restored data in place and returns how to undo it),
 * and starts the server again: on the restored data, or, when that fails, after the undo.
 */
export type Restart = (swap: () => Promise<() => Promise<void>>) => Promise<void>;

export interface BackupDeps extends Omit<SnapshotPlaces, 'dataDir'> {
  /** Where backups, their work folders and the replaced data go; a temporary folder without one. */
  dataDir: string | undefined;
  settings: SettingsStore;
  appName: () => string;
  restart?: Restart | undefined;
  onError: (error: unknown, message: string) => void;
}

const fieldError = (field: string, code: string, message: string) =>
  new ApiError(400, 'An error occurred while validating the submitted data.', { [field]: { code, message } });

/** PocketBase's generated name: prefix, the site's name in snake case (50 characters at most), UTC time. */
export function generatedName(prefix: string, appName: string, now = new Date()): string {
  const site = appName
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 50);
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `${prefix}${site}_${stamp}.zip`;
}

export class BackupService {
  /** The key of the backup being made or restored in this process, if any. */
  private active: string | null = null;
  private places: SnapshotPlaces | undefined;

  constructor(private readonly deps: BackupDeps) {}

  /** The data directory backups work in (uploads are written there before they are stored). */
  get dataDir(): string {
    return this.where().dataDir;
  }

  /** The places a backup reads and a restore writes; a core without a data directory gets a temporary one. */
  private where(): SnapshotPlaces {
    this.places ??= {
      ...this.deps,
      dataDir: this.deps.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'community-data-')),
    };
    return this.places;
  }

  get busy(): boolean {
    return this.active !== null;
  }

  /** The store the settings choose now (they may change between calls, as in PocketBase). */
  store(): BackupStore {
    const { s3 } = this.deps.settings.get().backups;
    return s3.enabled ? new S3BackupStore(s3) : new LocalBackupStore(path.join(this.dataDir, 'backups'));
  }

  async list(): Promise<BackupFileInfo[]> {
    return this.withStore((store) => store.list());
  }

  async stat(key: string): Promise<BackupFileInfo | null> {
    return this.withStore((store) => store.stat(key));
  }

  /** Checks a name a superuser asked for (PocketBase's backupCreateForm). */
  async checkName(name: string): Promise<void> {
    if (name.length > 150)
      throw fieldError('name', 'validation_length_out_of_range', 'The length must be between 1 and 150.');
    if (!NAME.test(name)) throw fieldError('name', 'validation_match_invalid', 'Must be in a valid format.');
    if (await this.stat(name))
      throw fieldError(
        'name',
        'validation_backup_name_exists',
        'The backup file name is invalid or already exists.',
      );
  }

  /** Makes a backup named `name` (or a generated one); resolves when it is stored. Returns its key. */
  async create(name?: string): Promise<string> {
    const key = name || generatedName('pb_backup_', this.deps.appName());
    return this.exclusive(key, () =>
      this.inWorkDir(async (work) => {
        const zip = path.join(work, 'backup.zip');
        await writeSnapshot(this.where(), work, zip);
        await this.withStore((store) => store.putFile(key, zip));
        return key;
      }),
    );
  }

  /** Stores an uploaded file as a backup under its own name, once its content reads as a zip. */
  async upload(file: string, name: string): Promise<void> {
    if (!(await looksLikeZip(file)))
      throw fieldError(
        'file',
        'validation_invalid_mime_type',
        '"application/zip" is the only allowed file type.',
      );
    if (!NAME.test(name) && !/^[\w@.-]+\.zip$/.test(name))
      throw fieldError('file', 'validation_invalid_name', 'The file name is not a valid backup name.');
    if (await this.stat(name))
      throw fieldError(
        'file',
        'validation_backup_name_exists',
        'Backup file with the specified name already exists.',
      );
    await this.withStore((store) => store.putFile(name, file));
  }

  async delete(key: string): Promise<void> {
    if (this.active === key)
      throw new ApiError(400, 'The backup is currently being used and cannot be deleted.');
    try {
      await this.withStore((store) => store.delete(key));
    } catch (error) {
      throw new ApiError(
        400,
        `Invalid or already deleted backup file. Raw error: \n${(error as Error).message}`,
      );
    }
  }

  async stream(key: string): Promise<Readable> {
    const store = this.store();
    const stream = await store.getStream(key);
    stream.once('close', () => void store.close());
    return stream;
  }

  /**
   * Checks that a restore can start (nothing else running, the backup exists), then restores in the
   * background: the answer does not wait for the restart.
   */
  async startRestore(key: string): Promise<void> {
    if (this.busy) throw new ApiError(400, BUSY);
    const restart = this.deps.restart;
    if (!restart)
      throw new ApiError(400, 'This process cannot restart itself; restore from the command line instead.');
    if (!(await this.stat(key))) throw new ApiError(400, 'Missing or invalid backup file.');
    this.active = key;
    void this.restoreWith(key, restart)
      .catch((error: unknown) => this.deps.onError(error, `backup ${key} could not be restored`))
      .finally(() => (this.active = null));
  }

  /**
   * Restores `source` (a stored backup's key, or a zip file's path) with the server stopped (the
   * command line). Throws why it could not, having changed nothing.
   */
  async restoreStopped(source: { key: string } | { file: string }): Promise<void> {
    await this.inWorkDir(async (work) => {
      const extracted = await this.extract(source, work);
      await swapIn(this.where(), extracted, this.asideDir());
    });
  }

  /** Adds the scheduled backups job as `settings.backups.cron` says, or removes it. */
  schedule(crons: CronScheduler): void {
    const { cron } = this.deps.settings.get().backups;
    if (!cron) return crons.remove(AUTO_BACKUP_JOB);
    crons.add(AUTO_BACKUP_JOB, { cron }, () => this.autoBackup());
  }

  private async autoBackup(): Promise<void> {
    await this.create(generatedName(AUTO_BACKUP_PREFIX, this.deps.appName()));
    const maxKeep = this.deps.settings.get().backups.cronMaxKeep;
    if (maxKeep === 0) return;
    await this.withStore(async (store) => {
      const autos = (await store.list(AUTO_BACKUP_PREFIX)).sort(
        (a, b) => b.modified.getTime() - a.modified.getTime() || (a.key < b.key ? 1 : -1),
      );
      for (const old of autos.slice(maxKeep)) await store.delete(old.key);
    });
  }

  private async restoreWith(key: string, restart: Restart): Promise<void> {
    await this.inWorkDir(async (work) => {
      const extracted = await this.extract({ key }, work);
      await restart(() => swapIn(this.where(), extracted, this.asideDir()));
    });
  }

  private async extract(source: { key: string } | { file: string }, work: string): Promise<string> {
    let zip: string;
    if ('file' in source) zip = source.file;
    else {
      zip = path.join(work, 'restore.zip');
      await this.withStore((store) => store.getFile(source.key, zip));
    }
    const extracted = path.join(work, 'extracted');
    await extractZip(zip, extracted);
    await checkExtracted(extracted, this.deps.db.dialect);
    return extracted;
  }

  /** Where the data a restore replaced is kept (the operator removes it once happy). */
  private asideDir(): string {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    return path.join(this.dataDir, '.restore', `replaced-${stamp}`);
  }

  private async exclusive<T>(key: string, work: () => Promise<T>): Promise<T> {
    if (this.busy) throw new ApiError(400, BUSY);
    this.active = key;
    try {
      return await work();
    } finally {
      this.active = null;
    }
  }

  /** A fresh folder inside the data directory (so moves into place stay on one disk), removed after. */
  private async inWorkDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
    const dir = path.join(this.dataDir, '.restore', `work-${randomBytes(6).toString('hex')}`);
    await fs.mkdir(dir, { recursive: true });
    try {
      return await work(dir);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  private async withStore<T>(use: (store: BackupStore) => Promise<T>): Promise<T> {
    const store = this.store();
    try {
      return await use(store);
    } finally {
      await store.close();
    }
  }
}
