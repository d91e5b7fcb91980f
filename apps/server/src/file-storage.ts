/**
 * Where uploaded files live, chosen once at start from the configuration: an S3-compatible bucket
 * when `S3_BUCKET` is set (needed when several processes serve the site), otherwise the local disk
 * under `<dataDir>/storage`. The rest of the server only sees the `FileStorage` interface.
 */
import path from 'node:path';
import type { Config } from './config';
import { S3FileStorage } from './tools/files/s3-storage';
import { LocalFileStorage, type FileStorage } from './tools/files/storage';

export function openFileStorage(config: Pick<Config, 'dataDir' | 's3'>): FileStorage {
  return config.s3
    ? new S3FileStorage(config.s3)
    : new LocalFileStorage(path.join(config.dataDir, 'storage'));
}

/** Where the files are, for the start-up log line (never the credentials). */
export function describeFileStorage(config: Pick<Config, 'dataDir' | 's3'>): Record<string, string> {
  if (!config.s3) return { storage: 'local', path: path.join(config.dataDir, 'storage') };
  return { storage: 's3', endpoint: config.s3.endpoint ?? 'aws', bucket: config.s3.bucket };
}
