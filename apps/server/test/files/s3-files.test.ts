/**
 * The server configured for S3 (`S3_*`, here a bucket on an s3rver of the suite's own), driven through
 * the official `pocketbase` SDK over HTTP: uploads land in the bucket (and nothing on the local disk),
 * downloads and ranges stream from it, thumbnails are rendered once and kept there, protected files
 * still need a file token, and replacing a file or deleting its record removes the objects. When the
 * storage cannot be reached, an upload fails whole and leaves no record behind.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { startApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Core } from '../../src/core';
import { S3FileStorage } from '../../src/tools/files/s3-storage';
import { createTestServer } from '../support/app';
import { createTestDatabase } from '../support/databases';
import { IDS } from '../support/fixture';
import { startS3 } from '../support/s3';
import { listen } from '../sdk/sdk-server';
import { describeWithFiles, multipart, png, signedInClient, statusOf } from './support';

interface Album {
  id: string;
  collectionId: string;
  collectionName: string;
  title: string;
  cover: string;
  docs: string[];
  secret: string;
}

describeWithFiles(
  'files on S3 via the SDK',
  (get) => {
    let url: string;
    const signedIn = (email?: string) => signedInClient(url, email);
    const title = () => `s3 ${Math.random().toString(36).slice(2)}`;
    const recordKeys = (album: Album) => get().storedKeys(`${album.collectionId}/${album.id}/`);

    beforeAll(async () => {
      expect(get().storageKind).toBe('s3');
      url = await listen(get());
    });

    it('stores uploads as objects in the bucket, none on the local disk', async () => {
      const pb = await signedIn();
      const album = await pb.collection('albums').create<Album>({
        title: title(),
        owner: IDS.alice,
        public: true,
        cover: new File([await png(400, 200)], 'cover.png', { type: 'image/png' }),
        docs: [new File(['first'], 'one.txt'), new File(['second'], 'two.txt')],
      });
      const prefix = `${album.collectionId}/${album.id}/`;
      expect(await recordKeys(album)).toEqual(
        [album.cover, ...album.docs].map((name) => `${prefix}${name}`).sort(),
      );
      expect(fs.existsSync(get().storageDir)).toBe(false);
    });

    it('downloads from the bucket: whole, HEAD and byte ranges', async () => {
      const pb = await signedIn();
      const content = 'The giant lifted the tiny traveller gently.';
      const album = await pb.collection('albums').create<Album>({
        title: title(),
        owner: IDS.alice,
        public: true,
        docs: [new File([content], 'story.txt')],
      });
      const fileUrl = pb.files.getURL(album, album.docs[0]!);
      const whole = await fetch(fileUrl);
      expect(whole.status).toBe(200);
      expect(await whole.text()).toBe(content);
      expect(whole.headers.get('content-length')).toBe(String(content.length));
      expect(whole.headers.get('content-type')).toMatch(/^text\/plain/);

      const head = await fetch(fileUrl, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(content.length));

      const part = await fetch(fileUrl, { headers: { range: 'bytes=4-8' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 4-8/${content.length}`);
      expect(await part.text()).toBe('giant');
      const first = await fetch(fileUrl, { headers: { range: 'bytes=0-0' } });
      expect(first.status).toBe(206);
      expect(await first.text()).toBe('T');
      const tail = await fetch(fileUrl, { headers: { range: 'bytes=-7' } });
      expect(await tail.text()).toBe('gently.');
      expect(await statusOf(`${fileUrl}`.replace(album.docs[0]!, 'story_missing0000.txt'))).toBe(404);
    });

    it('renders a thumbnail once and keeps it in the bucket', async () => {
      const pb = await signedIn();
      const album = await pb.collection('albums').create<Album>({
        title: title(),
        owner: IDS.alice,
        public: true,
        cover: new File([await png(400, 200)], 'wide.png', { type: 'image/png' }),
      });
      const thumbUrl = pb.files.getURL(album, album.cover, { thumb: '60x40f' });
      const res = await fetch(thumbUrl);
      expect(res.status).toBe(200);
      const thumb = Buffer.from(await res.arrayBuffer());
      const meta = await sharp(thumb).metadata();
      expect([meta.width, meta.height]).toEqual([60, 30]);
      const thumbKey = `${album.collectionId}/${album.id}/thumbs_${album.cover}/60x40f_${album.cover}`;
      expect(await recordKeys(album)).toContain(thumbKey);
      // Served again from the stored object: the same bytes, and still one thumb object.
      const again = Buffer.from(await (await fetch(thumbUrl)).arrayBuffer());
      expect(again.equals(thumb)).toBe(true);
      expect((await recordKeys(album)).filter((key) => key.includes('/thumbs_'))).toEqual([thumbKey]);
    });

    it('still needs a file token for a protected file', async () => {
      const pb = await signedIn();
      const album = await pb.collection('albums').create<Album>({
        title: title(),
        owner: IDS.alice,
        secret: new File(['only for alice'], 'diary.txt'),
      });
      expect(await recordKeys(album)).toEqual([`${album.collectionId}/${album.id}/${album.secret}`]);
      expect(await statusOf(pb.files.getURL(album, album.secret))).toBe(404);
      const bob = await signedIn('bob@example.com');
      expect(
        await statusOf(pb.files.getURL(album, album.secret, { token: await bob.files.getToken() })),
      ).toBe(404);
      const res = await fetch(pb.files.getURL(album, album.secret, { token: await pb.files.getToken() }));
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(await res.text()).toBe('only for alice');
    });

    it('removes a replaced file with its thumbs, and every object when the record is deleted', async () => {
      const pb = await signedIn();
      const album = await pb.collection('albums').create<Album>({
        title: title(),
        owner: IDS.alice,
        public: true,
        cover: new File([await png(120, 120)], 'old.png', { type: 'image/png' }),
        docs: [new File(['kept'], 'kept.txt')],
      });
      expect(await statusOf(pb.files.getURL(album, album.cover, { thumb: '50x50' }))).toBe(200);
      const prefix = `${album.collectionId}/${album.id}/`;
      expect(await recordKeys(album)).toHaveLength(3); // cover, its thumb, the doc

      const updated = await pb.collection('albums').update<Album>(album.id, {
        cover: new File([await png(80, 80, '#aa2222')], 'new.png', { type: 'image/png' }),
      });
      expect(await recordKeys(album)).toEqual(
        [`${prefix}${album.docs[0]}`, `${prefix}${updated.cover}`].sort(),
      );
      expect(await statusOf(pb.files.getURL(album, album.cover))).toBe(404);

      await pb.collection('albums').delete(album.id);
      expect(await recordKeys(album)).toEqual([]);
      expect(await statusOf(pb.files.getURL(updated, updated.cover))).toBe(404);
    });
  },
  's3',
);

/** A loopback port nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('an S3 storage that cannot be used', () => {
  it('says why at the start check: missing bucket, wrong keys, nothing listening', async () => {
    const s3 = await startS3('present-bucket');
    try {
      await expect(s3.storage().check()).resolves.toBeUndefined();
      await expect(s3.storage({ bucket: 'absent-bucket' }).check()).rejects.toThrow(
        'the S3 bucket "absent-bucket" cannot be used: it does not exist',
      );
      // s3rver checks the key id, not the signature, so an unknown key stands for wrong credentials.
      await expect(s3.storage({ accessKeyId: 'NOBODY' }).check()).rejects.toThrow(/access denied/);
    } finally {
      await s3.close();
    }
    const nowhere = new S3FileStorage({ ...s3.config, endpoint: `http://127.0.0.1:${await closedPort()}` });
    await expect(nowhere.check()).rejects.toThrow(/the S3 bucket "present-bucket" cannot be used/);
    await nowhere.close();
  });

  it('keeps the server from starting', async () => {
    const s3 = await startS3('present-bucket');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-s3-start-'));
    try {
      const config = loadConfig({
        LOG_LEVEL: 'silent',
        LOAD_SHED_DELAY_MS: '0',
        PORT: '0',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        S3_ENDPOINT: s3.config.endpoint,
        S3_BUCKET: 'absent-bucket',
        S3_ACCESS_KEY: 'S3RVER',
        S3_SECRET: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      });
      await expect(startApp(config)).rejects.toThrow(/absent-bucket.*does not exist/);
      // It got as far as the database and let it go again: the SQLite file is not held open.
      expect(fs.existsSync(path.join(dataDir, 'data.db'))).toBe(true);
    } finally {
      await s3.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('fails an upload with a 500 and creates no record', async () => {
    const testDb = await createTestDatabase('sqlite');
    const storage = new S3FileStorage({
      endpoint: `http://127.0.0.1:${await closedPort()}`,
      bucket: 'unreachable',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    let core!: Core;
    const server = await createTestServer(testDb.db, { files: storage, onCore: (c) => (core = c) });
    try {
      await core.collections.create({
        name: 'drops',
        listRule: '',
        viewRule: '',
        createRule: '',
        fields: [
          { name: 'label', type: 'text' },
          { name: 'attachment', type: 'file', maxSelect: 1 },
        ],
      });
      const body = await multipart([
        ['label', 'lost?'],
        ['attachment', { name: 'note.txt', content: Buffer.from('kept nowhere') }],
      ]);
      const res = await server.inject({
        method: 'POST',
        url: '/api/collections/drops/records',
        payload: body.payload,
        headers: body.headers,
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ status: 500, data: {} });
      expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/); // no internals leak
      const list = await server.inject({ method: 'GET', url: '/api/collections/drops/records' });
      expect(list.json()).toMatchObject({ totalItems: 0, items: [] });
      // Records without files are still written.
      const plain = await server.inject({
        method: 'POST',
        url: '/api/collections/drops/records',
        payload: { label: 'no file' },
      });
      expect(plain.statusCode).toBe(200);
    } finally {
      await server.close();
      await storage.close();
      await testDb.drop();
    }
  });
});
