/**
 * `GET|HEAD /api/files/{collection}/{recordId}/{filename}` and `POST /api/files/token`: headers,
 * thumbnails in every size format (checked with sharp), inert serving of SVG and HTML, ranges and
 * conditional requests, protected files behind file tokens, and one 404 for everything missing.
 */
import fs from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { IDS } from '../support/fixture';
import {
  HTML,
  PDF,
  SVG,
  THUMBS,
  describeWithFiles,
  diskPath,
  exists,
  jpeg,
  multipart,
  png,
  type FileFixture,
} from './support';

interface Album {
  id: string;
  collectionId: string;
  cover: string;
  docs: string[];
  secret: string;
}

async function createAlbum(
  f: FileFixture,
  entries: Array<
    [
      string,
      string | { name: string; content: Buffer; type?: string } | Array<{ name: string; content: Buffer }>,
    ]
  >,
  as: 'alice' | 'bob' = 'alice',
): Promise<Album> {
  const owner = as === 'alice' ? IDS.alice : IDS.bob;
  const { payload, headers } = await multipart([
    ['title', `downloads ${Math.random().toString(36).slice(2)}`],
    ['owner', owner],
    ...entries,
  ]);
  const res = await f.server.inject({
    method: 'POST',
    url: '/api/collections/albums/records',
    payload,
    headers: { ...headers, authorization: f.tokens[as] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Album>();
}

const CSP = "default-src 'none'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

describeWithFiles('file downloads', (get) => {
  let album: Album;
  let coverBytes: Buffer;
  const url = (name: string, query = '') => `/api/files/albums/${album.id}/${name}${query}`;

  beforeAll(async () => {
    coverBytes = await png(400, 200);
    album = await createAlbum(get(), [
      ['public', 'true'],
      ['cover', { name: 'cover.png', content: coverBytes, type: 'image/png' }],
      [
        'docs',
        [
          { name: 'page.html', content: HTML },
          { name: 'drawing.svg', content: SVG },
          { name: 'paper.pdf', content: PDF },
          { name: 'readme.txt', content: Buffer.from('plain words') },
          { name: 'photo.jpg', content: await jpeg(300, 300) },
        ],
      ],
    ]);
  });

  describe('the original', () => {
    it('serves an image inline with its sniffed type and PocketBase headers', async () => {
      const res = await get().server.inject({ url: url(album.cover) });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(coverBytes)).toBe(true);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-disposition']).toBe(`inline; filename="${album.cover}"`);
      expect(res.headers['content-security-policy']).toBe(CSP);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('max-age=2592000, stale-while-revalidate=86400');
      expect(res.headers['content-length']).toBe(String(coverBytes.length));
    });

    it('also finds the collection by id, and answers HEAD without a body', async () => {
      const res = await get().server.inject({
        method: 'HEAD',
        url: `/api/files/${album.collectionId}/${album.id}/${album.cover}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-length']).toBe(String(coverBytes.length));
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.body).toBe('');
    });

    it('?download=1 makes it an attachment', async () => {
      const res = await get().server.inject({ url: url(album.cover, '?download=1') });
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${album.cover}"`);
      const no = await get().server.inject({ url: url(album.cover, '?download=false') });
      expect(no.headers['content-disposition']).toMatch(/^inline/);
    });

    it('serves SVG as an attachment under a sandboxing CSP', async () => {
      const res = await get().server.inject({ url: url(album.docs[1]!) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.headers['content-disposition']).toMatch(/^attachment; /);
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.headers['content-security-policy']).toContain('sandbox');
    });

    it('serves HTML as an attachment, never inline', async () => {
      const res = await get().server.inject({ url: url(album.docs[0]!) });
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; /);
      expect(res.headers['content-security-policy']).toBe(CSP);
    });

    it('serves PDF inline and text as an attachment', async () => {
      const pdf = await get().server.inject({ url: url(album.docs[2]!) });
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toMatch(/^inline; /);
      const text = await get().server.inject({ url: url(album.docs[3]!) });
      expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(text.headers['content-disposition']).toMatch(/^attachment; /);
      expect(text.body).toBe('plain words');
    });

    it('supports byte ranges', async () => {
      const res = await get().server.inject({ url: url(album.docs[3]!), headers: { range: 'bytes=6-' } });
      expect(res.statusCode).toBe(206);
      expect(res.body).toBe('words');
      expect(res.headers['content-range']).toBe('bytes 6-10/11');
      const suffix = await get().server.inject({ url: url(album.docs[3]!), headers: { range: 'bytes=-5' } });
      expect(suffix.body).toBe('words');
      const bad = await get().server.inject({ url: url(album.docs[3]!), headers: { range: 'bytes=50-60' } });
      expect(bad.statusCode).toBe(416);
      expect(bad.headers['content-range']).toBe('bytes */11');
    });

    it('answers conditional requests with 304', async () => {
      const first = await get().server.inject({ url: url(album.cover) });
      const etag = first.headers.etag as string;
      const again = await get().server.inject({ url: url(album.cover), headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const since = await get().server.inject({
        url: url(album.cover),
        headers: { 'if-modified-since': first.headers['last-modified'] as string },
      });
      expect(since.statusCode).toBe(304);
    });

    it.each([
      ['an unknown collection', () => `/api/files/nope/${album.id}/${album.cover}`],
      ['an unknown record', () => `/api/files/albums/aaaaaaaaaaaaaaa/${album.cover}`],
      ['a name the record does not hold', () => url('cover_abcdefghij.png')],
      ['a traversal attempt', () => url('..%2F..%2Fdata.db')],
      ['an encoded dot-dot', () => `/api/files/albums/${album.id}/%2E%2E`],
      [
        'another record’s file under this record',
        () => `/api/files/albums/${IDS.postPublished}/${album.cover}`,
      ],
    ])('answers 404 for %s', async (_label, target) => {
      const res = await get().server.inject({ url: target() });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ data: {}, message: "The requested resource wasn't found.", status: 404 });
    });
  });

  describe('thumbnails', () => {
    const expected: Record<string, [number, number]> = {
      '50x50': [50, 50],
      '60x40t': [60, 40],
      '60x40b': [60, 40],
      '60x40f': [60, 30], // fits inside 60x40 keeping 2:1
      '0x30': [60, 30],
      '40x0': [40, 20],
      '100x100': [100, 100], // always allowed
    };

    it.each(Object.entries(expected))('%s has exactly the asked dimensions', async (size, [w, h]) => {
      const f = get();
      const res = await f.server.inject({ url: url(album.cover, `?thumb=${size}`) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([w, h]);
      const cached = diskPath(f, album.id, `thumbs_${album.cover}/${size}_${album.cover}`);
      expect(exists(cached)).toBe(true);
      expect(fs.readFileSync(cached).equals(res.rawPayload)).toBe(true);
    });

    it('crops from the top, centre or bottom as asked', async () => {
      const f = get();
      // Top half red, bottom half blue: a top crop is red, a bottom crop blue.
      const striped = await sharp({ create: { width: 100, height: 200, channels: 3, background: '#ff0000' } })
        .composite([{ input: await png(100, 100, '#0000ff'), top: 100, left: 0 }])
        .png()
        .toBuffer();
      const a = await createAlbum(f, [['cover', { name: 's.png', content: striped, type: 'image/png' }]]);
      const pixel = async (size: string) => {
        const res = await f.server.inject({ url: `/api/files/albums/${a.id}/${a.cover}?thumb=${size}` });
        const { data } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
        return [data[0], data[2]];
      };
      expect(await pixel('60x40t')).toEqual([255, 0]);
      expect(await pixel('60x40b')).toEqual([0, 255]);
    });

    it('keeps JPEG as JPEG', async () => {
      const a = await createAlbum(get(), [
        ['cover', { name: 'p.jpg', content: await jpeg(120, 80), type: 'image/jpeg' }],
      ]);
      const res = await get().server.inject({ url: `/api/files/albums/${a.id}/${a.cover}?thumb=50x50` });
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 50, height: 50 });
    });

    it.each(['70x70', '0x0', 'abc', '50x50x'])(
      'serves the original for a size not offered (%s)',
      async (size) => {
        const res = await get().server.inject({ url: url(album.cover, `?thumb=${size}`) });
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.equals(coverBytes)).toBe(true);
      },
    );

    it('serves the original of a field without that thumb size, and of non-images', async () => {
      const jpg = await get().server.inject({ url: url(album.docs[4]!, '?thumb=50x50') });
      expect((await sharp(jpg.rawPayload).metadata()).width).toBe(300);
      const pdf = await get().server.inject({ url: url(album.docs[2]!, '?thumb=100x100') });
      expect(pdf.headers['content-type']).toBe('application/pdf');
    });

    it('renders a thumb once for concurrent requests', async () => {
      const f = get();
      const a = await createAlbum(f, [
        ['cover', { name: 'c.png', content: await png(300, 300), type: 'image/png' }],
      ]);
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          f.server.inject({ url: `/api/files/albums/${a.id}/${a.cover}?thumb=0x30` }),
        ),
      );
      for (const res of results) expect((await sharp(res.rawPayload).metadata()).height).toBe(30);
      const dir = diskPath(f, a.id, `thumbs_${a.cover}`);
      expect(fs.readdirSync(dir)).toEqual([`0x30_${a.cover}`]);
      expect(THUMBS).toContain('0x30');
    });
  });

  describe('protected files', () => {
    let hidden: Album;
    let open: Album;
    const secretBytes = Buffer.from('for alice only');

    beforeAll(async () => {
      hidden = await createAlbum(get(), [['secret', { name: 'diary.txt', content: secretBytes }]]);
      open = await createAlbum(get(), [
        ['public', 'true'],
        ['secret', { name: 'open.txt', content: Buffer.from('public album') }],
      ]);
    });

    const fileToken = async (as: 'alice' | 'bob' | 'superuser') => {
      const res = await get().server.inject({
        method: 'POST',
        url: '/api/files/token',
        headers: { authorization: get().tokens[as], 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ token: string }>().token;
    };
    const fetchSecret = (album: Album, token?: string, headers: Record<string, string> = {}) =>
      get().server.inject({
        url: `/api/files/albums/${album.id}/${album.secret}${token === undefined ? '' : `?token=${token}`}`,
        headers,
      });

    it('POST /api/files/token needs an authenticated caller', async () => {
      const res = await get().server.inject({ method: 'POST', url: '/api/files/token' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: 'The request requires valid record authorization token.' });
    });

    it('the owner reads it with a file token', async () => {
      const res = await fetchSecret(hidden, await fileToken('alice'));
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(secretBytes)).toBe(true);
      expect(res.headers['cache-control']).toBe('private, no-store');
    });

    it('is 404 without a token, even with an Authorization header', async () => {
      expect((await fetchSecret(hidden)).statusCode).toBe(404);
      expect((await fetchSecret(hidden, undefined, { authorization: get().tokens.alice })).statusCode).toBe(
        404,
      );
    });

    it('is 404 for another member’s token (the viewRule decides)', async () => {
      expect((await fetchSecret(hidden, await fileToken('bob'))).statusCode).toBe(404);
    });

    it('superusers may read it', async () => {
      expect((await fetchSecret(hidden, await fileToken('superuser'))).statusCode).toBe(200);
    });

    it('refuses a token of another type', async () => {
      expect((await fetchSecret(hidden, get().tokens.alice)).statusCode).toBe(404);
      const f = get();
      const members = f.core.registry.find('members')!;
      const alice = await f.core.db.kysely
        .selectFrom('members')
        .selectAll()
        .where('id', '=', IDS.alice)
        .executeTakeFirstOrThrow();
      const verification = await f.core.tokens.issue(members, alice, 'verification', {
        email: 'alice@example.com',
      });
      expect((await fetchSecret(hidden, verification)).statusCode).toBe(404);
    });

    it('refuses an expired file token', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      let token: string;
      try {
        vi.setSystemTime(Date.now() - 181_000);
        token = await fileToken('alice');
      } finally {
        vi.useRealTimers();
      }
      expect((await fetchSecret(hidden, token)).statusCode).toBe(404);
      expect((await fetchSecret(hidden, 'garbage')).statusCode).toBe(404);
    });

    it('a viewRule that lets guests in lets guests read it without a token', async () => {
      expect((await fetchSecret(open)).statusCode).toBe(200);
    });

    it('non-protected files of a hidden record stay reachable by URL (PocketBase semantics)', async () => {
      const f = get();
      const a = await createAlbum(f, [['docs', { name: 'n.txt', content: Buffer.from('n') }]]);
      const view = await f.server.inject({ url: `/api/collections/albums/records/${a.id}` });
      expect(view.statusCode).toBe(404);
      const res = await f.server.inject({ url: `/api/files/albums/${a.id}/${a.docs[0]}` });
      expect(res.statusCode).toBe(200);
    });
  });
});
