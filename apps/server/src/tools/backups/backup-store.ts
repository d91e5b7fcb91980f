/**
 * Where backups are kept, as PocketBase keeps them: files in `<data>/backups`, or objects in the S3
 * bucket that `settings.backups.s3` names. A key is a file name (no directories), listed with its
 * size and modification time. Uploads and downloads go through a local file, streamed, so a backup
 * of any size never sits in memory.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';

export interface BackupFileInfo {
  key: string;
  size: number;
  modified: Date;
}

export interface BackupStore {
  /** Every backup whose key starts with `prefix`, by key. */
  list(prefix?: string): Promise<BackupFileInfo[]>;
  stat(key: string): Promise<BackupFileInfo | null>;
  /** Stores the local file `file` as `key` (replacing nothing: callers check the name first). */
  putFile(key: string, file: string): Promise<void>;
  /** Writes the backup `key` into the local file `file`. */
  getFile(key: string, file: string): Promise<void>;
  getStream(key: string): Promise<Readable>;
  /** Deletes a backup; rejects when there is none with that key. */
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

/** A backup key is one file name: no separators, no leading dot, at most 255 characters. */
export function isValidBackupKey(key: string): boolean {
  return key.length > 0 && key.length <= 255 && !/[/\\\0]/.test(key) && !key.startsWith('.');
}

function assertKey(key: string): void {
  if (!isValidBackupKey(key)) throw new RangeError(`invalid backup key: ${JSON.stringify(key)}`);
}

export class LocalBackupStore implements BackupStore {
  constructor(private readonly dir: string) {}

  async list(prefix = ''): Promise<BackupFileInfo[]> {
    let names: string[];
    try {
      names = await fsp.readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const found: BackupFileInfo[] = [];
    for (const name of names.sort()) {
      if (!name.startsWith(prefix) || !isValidBackupKey(name)) continue;
      const info = await this.stat(name);
      if (info) found.push(info);
    }
    return found;
  }

  async stat(key: string): Promise<BackupFileInfo | null> {
    if (!isValidBackupKey(key)) return null;
    try {
      const info = await fsp.stat(path.join(this.dir, key));
      return info.isFile() ? { key, size: info.size, modified: info.mtime } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async putFile(key: string, file: string): Promise<void> {
    assertKey(key);
    await fsp.mkdir(this.dir, { recursive: true });
    // Copied beside the target and renamed, so a listing never shows half a backup.
    const temporary = path.join(this.dir, `.${key}.partial`);
    try {
      await fsp.copyFile(file, temporary);
      await fsp.rename(temporary, path.join(this.dir, key));
    } catch (error) {
      await fsp.rm(temporary, { force: true });
      throw error;
    }
  }

  async getFile(key: string, file: string): Promise<void> {
    assertKey(key);
    await fsp.copyFile(path.join(this.dir, key), file);
  }

  async getStream(key: string): Promise<Readable> {
    assertKey(key);
    const handle = await fsp.open(path.join(this.dir, key), 'r');
    return handle.createReadStream();
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    await fsp.rm(path.join(this.dir, key));
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

export interface S3BackupOptions {
  endpoint: string;
  bucket: string;
  region: string;
  accessKey: string;
  secret: string;
  forcePathStyle: boolean;
}

const statusOf = (error: unknown) =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;

export class S3BackupStore implements BackupStore {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3BackupOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKey, secretAccessKey: options.secret },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 10 * 60_000 },
    });
  }

  async list(prefix = ''): Promise<BackupFileInfo[]> {
    const found: BackupFileInfo[] = [];
    let marker: string | undefined;
    for (;;) {
      // ListObjects (v1) is what every S3-compatible server implements (see s3-storage.ts).
      const page = await this.client.send(
        new ListObjectsCommand({ Bucket: this.bucket, Prefix: prefix, Marker: marker, MaxKeys: 1000 }),
      );
      for (const object of page.Contents ?? [])
        if (object.Key && isValidBackupKey(object.Key))
          found.push({
            key: object.Key,
            size: object.Size ?? 0,
            modified: object.LastModified ?? new Date(0),
          });
      marker = page.Contents?.at(-1)?.Key;
      if (!page.IsTruncated || !marker) return found.sort((a, b) => (a.key < b.key ? -1 : 1));
    }
  }

  async stat(key: string): Promise<BackupFileInfo | null> {
    if (!isValidBackupKey(key)) return null;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { key, size: head.ContentLength ?? 0, modified: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  async putFile(key: string, file: string): Promise<void> {
    assertKey(key);
    const { size } = await fsp.stat(file);
    // A file stream with its length is sent as it is read (up to S3's 5 GB for one PUT).
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: fs.createReadStream(file),
        ContentLength: size,
        ContentType: 'application/zip',
      }),
    );
  }

  async getFile(key: string, file: string): Promise<void> {
    await pipeline(await this.getStream(key), fs.createWriteStream(file));
  }

  async getStream(key: string): Promise<Readable> {
    assertKey(key);
    const response = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    if (!(response.Body instanceof Readable)) throw new Error(`S3 returned no readable body for ${key}`);
    return response.Body;
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    // S3 deletes a missing key without complaint; PocketBase answers that case as an error.
    if (!(await this.stat(key))) throw new Error(`no backup named ${key}`);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  close(): Promise<void> {
    this.client.destroy();
    return Promise.resolve();
  }
}
