/**
 * What every `FileStorage` must do, checked with one table of cases against each implementation:
 * the local disk, and S3 through a real S3-compatible server (s3rver, in this process). The record
 * files, downloads and thumbnails are built on exactly these promises.
 *
 * Not in the table: two PUTs of one key racing. S3 itself makes each PUT atomic, but s3rver writes
 * into the object's file in place and can interleave them, so that promise is checked for the local
 * disk only (tools.test.ts), where this server implements it.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFileStorage, readAll, readStart, type FileStorage } from '../../src/tools/files/storage';
import { startS3, type TestS3 } from '../support/s3';

interface Backend {
  storage: FileStorage;
  /** The keys the backend holds under a prefix, sorted (seen from outside: the directory or the bucket). */
  keys(prefix: string): Promise<string[]>;
  close(): Promise<void>;
}

/** Keys under a directory, as `/`-separated paths. */
function walk(root: string, dir = root): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(root, full) : [path.relative(root, full).split(path.sep).join('/')];
  });
}

/** Listing pages this small make prefix deletion page through S3 even with a handful of objects. */
const PAGE = 4;

const backends: Array<{ name: string; open(): Promise<Backend> }> = [
  {
    name: 'local disk',
    open() {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'community-storage-contract-'));
      return Promise.resolve({
        storage: new LocalFileStorage(root),
        keys: (prefix) =>
          Promise.resolve(
            walk(root)
              .filter((key) => key.startsWith(prefix))
              .sort(),
          ),
        close: () => Promise.resolve(fs.rmSync(root, { recursive: true, force: true })),
      });
    },
  },
  {
    name: 'S3 (s3rver)',
    async open() {
      const s3: TestS3 = await startS3('contract-bucket');
      return {
        storage: s3.storage({ pageSize: PAGE }),
        keys: (prefix) => s3.keys(prefix),
        close: () => s3.close(),
      };
    },
  },
];

const text = (value: string) => Buffer.from(value);
const streamOf = (...parts: string[]) => Readable.from(parts.map((part) => Buffer.from(part)));

type Case = [string, (storage: FileStorage, keys: (prefix: string) => Promise<string[]>) => Promise<void>];

const cases: Case[] = [
  [
    'puts a buffer and reads it back whole, with its size and modification time',
    async (storage) => {
      const before = Date.now();
      await storage.put('c1/r1/a.txt', text('hello world'));
      expect((await readAll(storage, 'c1/r1/a.txt')).toString()).toBe('hello world');
      const info = await storage.stat('c1/r1/a.txt');
      expect(info?.size).toBe(11);
      // S3 keeps whole seconds; allow for that and a little clock skew.
      expect(Math.abs(info!.modified.getTime() - before)).toBeLessThan(60_000);
      expect(await storage.exists('c1/r1/a.txt')).toBe(true);
    },
  ],
  [
    'puts a stream',
    async (storage) => {
      await storage.put('c1/r1/streamed.txt', streamOf('stre', 'am', 'ed'));
      expect((await readAll(storage, 'c1/r1/streamed.txt')).toString()).toBe('streamed');
      expect((await storage.stat('c1/r1/streamed.txt'))?.size).toBe(8);
    },
  ],
  [
    'keeps binary content byte for byte',
    async (storage) => {
      const bytes = randomBytes(300_000);
      await storage.put('c1/r2/blob.bin', bytes);
      expect((await readAll(storage, 'c1/r2/blob.bin')).equals(bytes)).toBe(true);
    },
  ],
  [
    'replaces an object whole',
    async (storage) => {
      await storage.put('c1/r3/x.txt', text('a much longer first version'));
      await storage.put('c1/r3/x.txt', text('short'));
      expect((await readAll(storage, 'c1/r3/x.txt')).toString()).toBe('short');
      expect((await storage.stat('c1/r3/x.txt'))?.size).toBe(5);
    },
  ],
  [
    'streams byte ranges (inclusive ends; an end past the object stops at its end)',
    async (storage) => {
      await storage.put('c1/r5/r.txt', text('0123456789'));
      const range = async (start: number, end: number) => {
        const chunks: Buffer[] = [];
        for await (const chunk of await storage.getStream('c1/r5/r.txt', { start, end })) {
          chunks.push(chunk as Buffer);
        }
        return Buffer.concat(chunks).toString();
      };
      expect(await range(0, 0)).toBe('0');
      expect(await range(2, 5)).toBe('2345');
      expect(await range(7, 9)).toBe('789');
      expect(await range(8, 1000)).toBe('89');
      expect((await readStart(storage, 'c1/r5/r.txt', 4)).toString()).toBe('0123');
      expect((await readStart(storage, 'c1/r5/r.txt', 4096)).toString()).toBe('0123456789');
    },
  ],
  [
    'stores and reads an empty object, also from its first bytes',
    async (storage) => {
      await storage.put('c1/r6/empty', Buffer.alloc(0));
      expect(await storage.stat('c1/r6/empty')).toMatchObject({ size: 0 });
      expect((await readAll(storage, 'c1/r6/empty')).length).toBe(0);
      expect((await readStart(storage, 'c1/r6/empty', 4096)).length).toBe(0);
    },
  ],
  [
    'answers a missing object: no stat, not there, a rejected stream, a harmless delete',
    async (storage) => {
      expect(await storage.stat('c1/none/missing.txt')).toBeNull();
      expect(await storage.exists('c1/none/missing.txt')).toBe(false);
      await expect(storage.getStream('c1/none/missing.txt')).rejects.toThrow();
      await expect(storage.getStream('c1/none/missing.txt', { start: 0, end: 9 })).rejects.toThrow();
      await storage.delete('c1/none/missing.txt');
      await storage.deletePrefix('c1/none/');
    },
  ],
  [
    'deletes one object and nothing beside it',
    async (storage, keys) => {
      await storage.put('c2/r1/a', text('a'));
      await storage.put('c2/r1/b', text('b'));
      await storage.delete('c2/r1/a');
      expect(await storage.exists('c2/r1/a')).toBe(false);
      expect(await keys('c2/')).toEqual(['c2/r1/b']);
    },
  ],
  [
    'deletes everything under a prefix, nested thumbs too, and no similarly named neighbour',
    async (storage, keys) => {
      const record = 'c3/r1';
      const names = Array.from({ length: 3 * PAGE + 1 }, (_, i) => `${record}/f${i}.txt`);
      for (const name of names) await storage.put(name, text(name));
      await storage.put(`${record}/thumbs_f0.png/10x10_f0.png`, text('thumb'));
      await storage.put('c3/r10/kept.txt', text('neighbour'));
      await storage.put('c3/r1.txt', text('not under the prefix'));
      await storage.deletePrefix(`${record}/`);
      expect(await keys('c3/')).toEqual(['c3/r1.txt', 'c3/r10/kept.txt']);
      await storage.deletePrefix('c3/');
      expect(await keys('c3/')).toEqual([]);
      expect(await keys('c1/')).not.toEqual([]); // other cases' objects are still there
    },
  ],
  [
    'refuses keys and prefixes that could reach outside their place',
    async (storage) => {
      for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', 'a\\b', '', 'a/./b', 'a\u0000']) {
        await expect(storage.put(key, text('x'))).rejects.toThrow(RangeError);
        await expect(storage.stat(key)).rejects.toThrow(RangeError);
        await expect(storage.delete(key)).rejects.toThrow(RangeError);
      }
      await expect(storage.getStream('../outside')).rejects.toThrow(RangeError);
      await expect(storage.deletePrefix('../')).rejects.toThrow(RangeError);
      await expect(storage.deletePrefix('c1')).rejects.toThrow(RangeError);
      await expect(storage.deletePrefix('/')).rejects.toThrow(RangeError);
    },
  ],
];

describe.each(backends)('FileStorage contract: $name', (backend) => {
  let opened: Backend | undefined;
  beforeAll(async () => {
    opened = await backend.open();
  });
  afterAll(async () => {
    await opened?.storage.close();
    await opened?.close();
  });

  it.each(cases)('%s', async (_name, run) => {
    await run(opened!.storage, (prefix) => opened!.keys(prefix));
  });
});
