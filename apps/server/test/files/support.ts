/**
 * A fixture with file fields, on every dialect: the shared community fixture (members, tokens) on a
 * server whose data directory is the suite's temporary directory (and, for S3, whose storage is a
 * bucket on an s3rver the suite starts), plus an `albums` collection whose fields exercise every file
 * option. Helpers build images and multipart bodies.
 */
import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll } from 'vitest';
import type { Collection } from '../../src/core/collections/model';
import { describeEachDialect } from '../support/databases';
import { buildFixture, PASSWORD, type Fixture } from '../support/fixture';
import { client } from '../sdk/sdk-server';
import { startS3, type TestS3 } from '../support/s3';

export interface FileFixture extends Fixture {
  albums: Collection;
  /** Where local storage keeps files (unused with S3). */
  storageDir: string;
  /** The storage the server was configured with. */
  storageKind: StorageKind;
  /** Every stored key under `prefix`, seen from outside the server: the directory or the bucket. */
  storedKeys(prefix: string): Promise<string[]>;
}

/** `local`: files under the data directory (the default); `s3`: a bucket on an s3rver of the suite's own. */
export type StorageKind = 'local' | 's3';

/** Keys under a directory, as `/`-separated paths. */
function walk(root: string, dir = root): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(root, full) : [path.relative(root, full).split(path.sep).join('/')];
  });
}

export const THUMBS = ['50x50', '60x40t', '60x40b', '60x40f', '0x30', '40x0'];
export const PHOTO_MAX = 1000;

export function describeWithFiles(
  name: string,
  body: (get: () => FileFixture) => void,
  storageKind: StorageKind = 'local',
): void {
  describeEachDialect(name, (getDb) => {
    let fixture: FileFixture | undefined;
    let s3: TestS3 | undefined;
    beforeAll(async () => {
      const dataDir = getDb().dataDir;
      if (storageKind === 's3') s3 = await startS3();
      const base = await buildFixture(getDb(), { config: { dataDir, s3: s3?.config } });
      const albums = await base.core.collections.create({
        name: 'albums',
        listRule: 'public = true || owner = @request.auth.id',
        viewRule: 'public = true || owner = @request.auth.id',
        createRule: "@request.auth.id != '' && owner = @request.auth.id",
        updateRule: 'owner = @request.auth.id',
        deleteRule: 'owner = @request.auth.id',
        fields: [
          { name: 'title', type: 'text', required: true },
          { name: 'owner', type: 'relation', collectionId: 'members', required: true },
          { name: 'public', type: 'bool' },
          {
            name: 'cover',
            type: 'file',
            maxSelect: 1,
            maxSize: 500_000,
            mimeTypes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
            thumbs: THUMBS,
          },
          { name: 'photos', type: 'file', maxSelect: 3, maxSize: PHOTO_MAX },
          { name: 'docs', type: 'file', maxSelect: 5 },
          { name: 'secret', type: 'file', maxSelect: 1, protected: true },
        ],
        indexes: ['CREATE UNIQUE INDEX idx_albums_title ON albums (title)'],
      });
      const storageDir = path.join(dataDir, 'storage');
      fixture = {
        ...base,
        albums,
        storageDir,
        storageKind,
        storedKeys: (prefix) =>
          s3
            ? s3.keys(prefix)
            : Promise.resolve(
                walk(storageDir)
                  .filter((k) => k.startsWith(prefix))
                  .sort(),
              ),
      };
    });
    afterAll(async () => {
      // The SDK suite talks over a real socket: keep-alive connections must not hold the close up.
      if (fixture?.server.server.listening) fixture.server.server.closeAllConnections();
      await fixture?.server.close();
      await s3?.close();
    });
    body(() => {
      if (!fixture) throw new Error('fixture not built');
      return fixture;
    });
  });
}

/** Where a record's file is on disk. */
export function diskPath(f: FileFixture, recordId: string, name: string): string {
  return path.join(f.storageDir, f.albums.id, recordId, name);
}

export const exists = (file: string): boolean => fs.existsSync(file);

export function png(width: number, height: number, color = '#3366cc'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

export function jpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#cc6633' } })
    .jpeg()
    .toBuffer();
}

/** A PNG that is only a header: it claims `width`×`height` pixels without any image data. */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed) >>> 0);
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.alloc(0)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const HTML = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
export const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

export type FormValue = string | { name: string; content: Buffer; type?: string };

/**
 * A multipart body serialised by the platform's own `FormData` (what browsers and the SDK send):
 * each entry is a key with one value or several (repeated parts).
 */
export async function multipart(
  entries: Array<[string, FormValue | FormValue[]]>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [key, value] of entries) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string') form.append(key, item);
      else
        form.append(
          key,
          new File([item.content], item.name, { type: item.type ?? 'application/octet-stream' }),
        );
    }
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

export const NAME_PATTERN = /^[a-z0-9_]{3,100}_[a-z0-9]{10}\.[\w.*\-+=#]{1,20}$/;

/** An SDK client of the server at `url`, signed in as a fixture member. */
export async function signedInClient(url: string, email = 'alice@example.com') {
  const pb = client(url);
  await pb.collection('members').authWithPassword(email, PASSWORD);
  return pb;
}

/** The status of a GET, with the body read so the connection is free again. */
export async function statusOf(target: string): Promise<number> {
  const res = await fetch(target);
  await res.arrayBuffer();
  return res.status;
}
