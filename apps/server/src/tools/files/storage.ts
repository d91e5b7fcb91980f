/**
 * Where uploaded files live. Keys are `/`-separated relative paths
 * (`<collectionId>/<recordId>/<filename>`, thumbs under `.../thumbs_<filename>/<size>_<filename>`).
 * The interface is what an object store offers too, so the S3 implementation (s3-storage.ts) replaces
 * the local disk one without touching callers: put an object, stream (part of) one, stat, delete one,
 * and delete everything under a prefix. Which one a process uses is chosen at start (src/file-storage.ts).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomString } from '../security/random';

export interface StoredObjectInfo {
  size: number;
  modified: Date;
}

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

export interface FileStorage {
  /** Writes an object, replacing any object with that key; readers never see a half-written object. */
  put(key: string, content: Buffer | Readable): Promise<void>;
  /** Streams an object, or the given byte range of it. Rejects when the object does not exist. */
  getStream(key: string, range?: ByteRange): Promise<Readable>;
  /** Size and modification time, or null when the object does not exist. */
  stat(key: string): Promise<StoredObjectInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Deletes an object; deleting a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix` (which must end with `/`). */
  deletePrefix(prefix: string): Promise<void>;
  /** Rejects, saying why, when the storage cannot be used (checked once at start; may create the root). */
  check(): Promise<void>;
  /**
   * Rejects, saying why, when the storage cannot be reached right now (the readiness check). Unlike
   * `check`, it creates nothing: a vanished directory (an unmounted volume) must be reported, not
   * quietly made again on the wrong disk.
   */
  probe(): Promise<void>;
  /** Lets go of connections (an object store's client); the storage is not used afterwards. */
  close(): Promise<void>;
}

/** A key is relative, `/`-separated, and has no empty, `.` or `..` segments. */
export function isValidKey(key: string): boolean {
  if (key === '' || key.length > 1024 || key.includes('\\') || key.includes('\0')) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new RangeError(`invalid storage key: ${JSON.stringify(key)}`);
}

/** Files under one root directory; each key maps to the same relative path. */
export class LocalFileStorage implements FileStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The absolute path of a key, refusing anything that would resolve outside the root. */
  private pathOf(key: string): string {
    assertValidKey(key);
    const full = path.resolve(this.root, ...key.split('/'));
    if (!full.startsWith(this.root + path.sep)) throw new RangeError(`storage key escapes the root: ${key}`);
    return full;
  }

  async put(key: string, content: Buffer | Readable): Promise<void> {
    const target = this.pathOf(key);
    try {
      await this.write(target, content);
    } catch (error) {
      // A concurrent delete may have pruned the directory just created; a buffer can simply be rewritten.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || !Buffer.isBuffer(content)) throw error;
      await this.write(target, content);
    }
  }

  private async write(target: string, content: Buffer | Readable): Promise<void> {
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Written beside the target and renamed into place, so a crash never leaves a truncated file.
    const temporary = `${target}.${randomString(8)}.tmp`;
    try {
      if (Buffer.isBuffer(content)) await fs.writeFile(temporary, content, { flag: 'wx' });
      else {
        const handle = await fs.open(temporary, 'wx');
        try {
          await pipeline(content, handle.createWriteStream());
        } finally {
          await handle.close().catch(() => undefined);
        }
      }
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  async getStream(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    const handle = await fs.open(file, 'r');
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    try {
      const info = await fs.stat(this.pathOf(key));
      return info.isFile() ? { size: info.size, modified: info.mtime } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await fs.rm(file, { force: true });
    await this.pruneEmptyParents(file);
  }

  async deletePrefix(prefix: string): Promise<void> {
    if (!prefix.endsWith('/')) throw new RangeError('a storage prefix must end with "/"');
    const directory = this.pathOf(prefix.slice(0, -1));
    await fs.rm(directory, { recursive: true, force: true });
    await this.pruneEmptyParents(directory);
  }

  async check(): Promise<void> {
    try {
      await fs.mkdir(this.root, { recursive: true });
      await fs.access(this.root, fs.constants.W_OK);
    } catch (error) {
      throw new Error(`the file storage directory ${this.root} is not writable: ${(error as Error).message}`);
    }
  }

  async probe(): Promise<void> {
    try {
      if (!(await fs.stat(this.root)).isDirectory()) throw new Error('not a directory');
      await fs.access(this.root, fs.constants.W_OK);
    } catch (error) {
      throw new Error(`the file storage directory ${this.root} cannot be used: ${(error as Error).message}`);
    }
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  /** Removes directories left empty above a deleted entry, up to (not including) the root. */
  private async pruneEmptyParents(entry: string): Promise<void> {
    for (let dir = path.dirname(entry); dir.startsWith(this.root + path.sep); dir = path.dirname(dir)) {
      try {
        await fs.rmdir(dir);
      } catch {
        return; // not empty (or already gone): everything above is in use too
      }
    }
  }
}

/** The first `count` bytes of an object (fewer when it is shorter). */
export async function readStart(storage: FileStorage, key: string, count: number): Promise<Buffer> {
  const stream = await storage.getStream(key, { start: 0, end: Math.max(0, count - 1) });
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A whole object in memory (callers bound the size, e.g. by the field's maxSize). */
export async function readAll(storage: FileStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.getStream(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
