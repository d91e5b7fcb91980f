/**
 * A real S3-compatible server for tests: s3rver, in this process, on a free loopback port, keeping
 * its objects in a temporary directory. Each suite starts its own, so buckets never leak between
 * suites; s3rver needs path-style addressing, its fixed credentials, and bucket names of 3+ chars.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../../src/config';
import { S3FileStorage, type S3StorageOptions } from '../../src/tools/files/s3-storage';

export interface TestS3 {
  /** What `S3_*` would configure: the server's endpoint, the bucket, path-style, s3rver's keys. */
  config: S3Config;
  /** A storage on the bucket (its own client; the test closes it with `close`). */
  storage(options?: Partial<S3StorageOptions>): S3FileStorage;
  /** Every key in the bucket under `prefix`, sorted. */
  keys(prefix?: string): Promise<string[]>;
  close(): Promise<void>;
}

export async function startS3(bucket = 'community-files'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'community-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  const config: S3Config = {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const opened: S3FileStorage[] = [];
  const storage = (options: Partial<S3StorageOptions> = {}) => {
    const created = new S3FileStorage({ ...config, ...options });
    opened.push(created);
    return created;
  };
  const lister = storage();
  return {
    config,
    storage,
    keys: (prefix = '') => lister.keys(prefix),
    async close() {
      for (const client of opened) await client.close();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
