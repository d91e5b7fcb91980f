/**
 * File storage in an S3-compatible bucket (AWS S3, MinIO, Garage, R2, ...), so several server
 * processes see the same uploads. Each storage key is the object key as it is; thumbnails are
 * objects like any other, so they are rendered once for the whole cluster.
 *
 * S3 already gives what the local storage works for: a PUT replaces an object whole (readers never
 * see half of one), GET takes a byte range, and deleting a missing object is not an error.
 */
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertValidKey, type ByteRange, type FileStorage, type StoredObjectInfo } from './storage';

export interface S3StorageOptions {
  /** The service's URL; undefined for AWS itself. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Both undefined: the SDK finds credentials itself (environment, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  /** Keys listed (and deleted) per request when deleting a prefix; S3 allows 1000 at most. */
  pageSize?: number;
}

/** Connections to the storage at once, per process. */
const SOCKETS = 256;

/** DeleteObjects takes at most this many keys per request. */
const MAX_PAGE = 1000;

function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

export class S3FileStorage implements FileStorage {
  readonly bucket: string;
  private readonly client: S3Client;
  private readonly pageSize: number;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.pageSize = Math.max(1, Math.min(MAX_PAGE, options.pageSize ?? MAX_PAGE));
    this.client = new S3Client({
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
      // Checksums only where the API demands them: many S3-compatible servers reject the newer
      // checksum headers and chunked uploads that the SDK would otherwise send by default.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A storage that does not answer must fail the request, not hold it (and its socket) forever.
      // A download holds its connection while the client reads, so the pool is larger than the
      // SDK's default of 50: slow readers must not queue everybody else's files.
      requestHandler: {
        connectionTimeout: 5_000,
        requestTimeout: 60_000,
        httpAgent: { keepAlive: true, maxSockets: SOCKETS },
        httpsAgent: { keepAlive: true, maxSockets: SOCKETS },
      },
    });
  }

  async put(key: string, content: Buffer | Readable): Promise<void> {
    assertValidKey(key);
    // A streamed PUT needs its length up front; callers bound what they store (the field's maxSize,
    // a rendered thumb), so a stream is read into memory first.
    const body = Buffer.isBuffer(content) ? content : await collect(content);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentLength: body.length }),
    );
  }

  async getStream(key: string, range?: ByteRange): Promise<Readable> {
    assertValidKey(key);
    try {
      const response = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      const body = response.Body;
      if (!(body instanceof Readable)) throw new Error(`S3 returned no readable body for ${key}`);
      if (!range) return body;
      const served = parseContentRange(response.ContentRange);
      // Some S3-compatible servers answer a range of an empty object with a 206 whose length is
      // wrong (s3rver: `bytes 0-0/0`, one byte promised, none sent); an empty object reads as nothing.
      if (served?.size === 0) {
        body.destroy();
        return Readable.from([]);
      }
      if (served && served.start === range.start && served.end <= range.end) return body;
      // A server may send more than asked (the whole object, or s3rver's `bytes=0-0` read as
      // `bytes=0-`): keep exactly the requested bytes.
      const skip = range.start - (served?.start ?? 0);
      if (skip < 0) {
        body.destroy();
        throw new Error(`S3 sent bytes from ${served?.start} for a range from ${range.start}`);
      }
      return slice(body, skip, range.end - range.start + 1);
    } catch (error) {
      // A range that starts past the end reads as nothing, as a local file does (e.g. the first
      // bytes of an empty object); the object's existence was confirmed by the 416 itself.
      if (range && statusOf(error) === 416) return Readable.from([]);
      throw error;
    }
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    assertValidKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, modified: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    if (!prefix.endsWith('/')) throw new RangeError('a storage prefix must end with "/"');
    assertValidKey(prefix.slice(0, -1));
    // Listed page by page and each page deleted before the next is asked for; a listing restarts
    // from the beginning each time, since the deleted keys no longer appear in it. The original
    // listing API (ListObjects, paged by key rather than by continuation token) is implemented by
    // every S3-compatible server; s3rver, for one, fails to make V2 tokens on current Node (DES).
    for (;;) {
      const page = await this.client.send(
        new ListObjectsCommand({ Bucket: this.bucket, Prefix: prefix, MaxKeys: this.pageSize }),
      );
      const keys = (page.Contents ?? []).map((object) => object.Key).filter((k): k is string => !!k);
      if (keys.length === 0) return;
      const result = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = result.Errors ?? [];
      if (failed.length > 0) {
        const first = failed[0]!;
        throw new Error(`S3 could not delete ${failed.length} object(s), e.g. ${first.Key}: ${first.Code}`);
      }
      if (!page.IsTruncated) return;
    }
  }

  /** Lists every key under a prefix (tests and maintenance; the app itself never needs a listing). */
  async keys(prefix = ''): Promise<string[]> {
    const found: string[] = [];
    let marker: string | undefined;
    for (;;) {
      const page = await this.client.send(
        new ListObjectsCommand({
          Bucket: this.bucket,
          Prefix: prefix,
          MaxKeys: this.pageSize,
          Marker: marker,
        }),
      );
      for (const object of page.Contents ?? []) if (object.Key) found.push(object.Key);
      // Without a delimiter the next page starts after the last key listed.
      if (!page.IsTruncated || found.length === 0) return found.sort();
      marker = found[found.length - 1];
    }
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const status = statusOf(error);
      const reason =
        status === 404
          ? 'it does not exist'
          : status === 403 || status === 401
            ? 'access denied (check S3_ACCESS_KEY and S3_SECRET)'
            : (error as Error).message || (error as Error).name;
      throw new Error(`the S3 bucket "${this.bucket}" cannot be used: ${reason}`);
    }
  }

  /** The same question as at start: is the bucket there and ours to use? (HEAD creates nothing.) */
  probe(): Promise<void> {
    return this.check();
  }

  /** Closes the client's idle connections. */
  close(): Promise<void> {
    this.client.destroy();
    return Promise.resolve();
  }
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/** `bytes <start>-<end>/<size>` of a 206 answer; null when absent or not understood. */
function parseContentRange(header: string | undefined): { start: number; end: number; size: number } | null {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header?.trim() ?? '');
  return match ? { start: Number(match[1]), end: Number(match[2]), size: Number(match[3]) } : null;
}

/** The `take` bytes of `source` that follow its first `skip` bytes; the rest is not read. */
function slice(source: Readable, skip: number, take: number): Readable {
  async function* bytes(): AsyncGenerator<Buffer> {
    let skipping = skip;
    let left = take;
    for await (const chunk of source) {
      let part = chunk as Buffer;
      if (skipping > 0) {
        const dropped = Math.min(skipping, part.length);
        part = part.subarray(dropped);
        skipping -= dropped;
      }
      if (part.length === 0) continue;
      if (part.length >= left) {
        yield part.subarray(0, left);
        return; // leaving the loop destroys the source
      }
      left -= part.length;
      yield part;
    }
  }
  return Readable.from(bytes());
}
