/**
 * Uploading through the records API (multipart built by the platform's FormData, sent with
 * `server.inject`): stored names, content checks (size, sniffed type, pixels), the file modifiers,
 * files following their record, and rollbacks that never lose a file.
 */
import fs from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { IDS } from '../support/fixture';
import {
  HTML,
  NAME_PATTERN,
  PDF,
  PHOTO_MAX,
  describeWithFiles,
  diskPath,
  exists,
  multipart,
  png,
  pngHeaderOnly,
  type FileFixture,
  type FormValue,
} from './support';

interface Album {
  id: string;
  title: string;
  cover: string;
  photos: string[];
  docs: string[];
  secret: string;
}

type Caller = 'alice' | 'bob' | 'superuser';

async function write(
  f: FileFixture,
  method: 'POST' | 'PATCH',
  url: string,
  entries: Array<[string, FormValue | FormValue[]]>,
  as: Caller = 'alice',
): Promise<LightMyRequestResponse> {
  const { payload, headers } = await multipart(entries);
  return f.server.inject({ method, url, payload, headers: { ...headers, authorization: f.tokens[as] } });
}

const create = (f: FileFixture, entries: Array<[string, FormValue | FormValue[]]>, as: Caller = 'alice') =>
  write(f, 'POST', '/api/collections/albums/records', [['owner', IDS.alice], ...entries], as);

const update = (f: FileFixture, id: string, entries: Array<[string, FormValue | FormValue[]]>) =>
  write(f, 'PATCH', `/api/collections/albums/records/${id}`, entries);

const file = (name: string, content: Buffer | string, type?: string): FormValue => ({
  name,
  content: Buffer.isBuffer(content) ? content : Buffer.from(content),
  ...(type ? { type } : {}),
});

let counter = 0;
const title = () => `album ${++counter} ${Math.random().toString(36).slice(2, 8)}`;

describeWithFiles('file uploads', (get) => {
  describe('create', () => {
    it('stores uploads under random PocketBase-style names, byte for byte', async () => {
      const f = get();
      const cover = await png(40, 30);
      const res = await create(f, [
        ['title', title()],
        ['cover', file('My Holiday Photo.PNG', cover, 'image/png')],
        ['docs', [file('notes.txt', 'hello'), file('report.pdf', PDF)]],
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const album = res.json<Album>();
      expect(album.cover).toMatch(/^my_holiday_photo_[a-z0-9]{10}\.PNG$/);
      expect(album.docs).toHaveLength(2);
      expect(album.docs[0]).toMatch(/^notes_[a-z0-9]{10}\.txt$/);
      expect(album.docs[1]).toMatch(/^report_[a-z0-9]{10}\.pdf$/);
      expect(album.photos).toEqual([]);
      expect(fs.readFileSync(diskPath(f, album.id, album.cover)).equals(cover)).toBe(true);
      expect(fs.readFileSync(diskPath(f, album.id, album.docs[0]!), 'utf8')).toBe('hello');
    });

    it('normalises hostile names: no traversal, no dotfiles, extension from content when missing', async () => {
      const f = get();
      const res = await create(f, [
        ['title', title()],
        [
          'docs',
          [
            file('../../../etc/passwd.png', await png(2, 2)),
            file('.htaccess', 'x'),
            file('noextension', PDF),
            file('a\\..\\b<script>.tar.gz', 'zz'),
          ],
        ],
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const docs = res.json<Album>().docs;
      for (const name of docs) {
        expect(name).toMatch(NAME_PATTERN);
        expect(name).not.toContain('/');
        expect(name.startsWith('.')).toBe(false);
      }
      expect(docs[0]).toMatch(/^passwd_[a-z0-9]{10}\.png$/);
      expect(docs[1]).toMatch(/^[a-z0-9]{10}_[a-z0-9]{10}\.htaccess$/);
      expect(docs[2]).toMatch(/^noextension_[a-z0-9]{10}\.pdf$/);
      expect(docs[3]).toMatch(/^b_script_[a-z0-9]{10}\.tar\.gz$/);
    });

    it('refuses an HTML file named .png for an image-only field (type is sniffed, not named)', async () => {
      const f = get();
      const res = await create(f, [
        ['title', title()],
        ['cover', file('innocent.png', HTML, 'image/png')],
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'Failed to create record.',
        data: { cover: { code: 'validation_invalid_mime_type' } },
      });
    });

    it('accepts a PNG named .jpg for an image field', async () => {
      const f = get();
      const res = await create(f, [
        ['title', title()],
        ['cover', file('photo.jpg', await png(8, 8), 'image/jpeg')],
      ]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Album>().cover).toMatch(/\.jpg$/);
    });

    it('enforces maxSize: one byte over is a field error, exactly maxSize is fine', async () => {
      const f = get();
      const over = await create(f, [
        ['title', title()],
        ['photos', file('big.bin', Buffer.alloc(PHOTO_MAX + 1, 1))],
      ]);
      expect(over.statusCode).toBe(400);
      expect(over.json()).toMatchObject({
        data: { photos: { code: 'validation_file_size_limit', params: { maxSize: PHOTO_MAX } } },
      });
      const exact = await create(f, [
        ['title', title()],
        ['photos', file('ok.bin', Buffer.alloc(PHOTO_MAX, 1))],
      ]);
      expect(exact.statusCode, exact.body).toBe(200);
    });

    it('refuses an image over 40 megapixels from its header, without decoding it', async () => {
      const f = get();
      const res = await create(f, [
        ['title', title()],
        ['docs', file('bomb.png', pngHeaderOnly(20_000, 20_000), 'image/png')],
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        data: { docs: { code: 'validation_image_too_large', params: { width: 20_000, height: 20_000 } } },
      });
    });

    it('refuses more files than maxSelect', async () => {
      const f = get();
      const res = await create(f, [
        ['title', title()],
        ['photos', ['a', 'b', 'c', 'd'].map((n) => file(`${n}.txt`, n))],
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ data: { photos: { code: 'validation_too_many_files' } } });
    });

    it('refuses a name the record does not hold (no claiming other files by name)', async () => {
      const f = get();
      const res = await f.server.inject({
        method: 'POST',
        url: '/api/collections/albums/records',
        headers: { authorization: f.tokens.alice },
        payload: { title: title(), owner: IDS.alice, docs: ['someone_elses_abcdefghij.txt'] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ data: { docs: { code: 'validation_invalid_file' } } });
    });

    it('stores nothing when the create fails (rule, validation or constraint)', async () => {
      const f = get();
      const before = fs.existsSync(f.storageDir)
        ? fs.readdirSync(f.storageDir, { recursive: true }).length
        : 0;
      // createRule: owner must be the caller.
      const denied = await create(
        f,
        [
          ['title', title()],
          ['docs', file('x.txt', 'x')],
        ],
        'bob',
      );
      expect(denied.statusCode).toBe(400);
      // Unique title: the insert itself fails after the file was written, and the rollback removes it.
      const taken = (await create(f, [['title', 'taken title']])).json<Album>();
      expect(taken.title).toBe('taken title');
      const duplicate = await create(f, [
        ['title', 'taken title'],
        ['docs', file('y.txt', 'y')],
      ]);
      expect(duplicate.statusCode).toBe(400);
      const after = fs.existsSync(f.storageDir)
        ? fs.readdirSync(f.storageDir, { recursive: true }).length
        : 0;
      expect(after).toBe(before);
    });

    it('answers 413 when the uploads exceed the request limit', async () => {
      const f = get();
      const res = await create(f, [
        ['title', title()],
        [
          'docs',
          [file('a.bin', Buffer.alloc(17 * 1024 * 1024)), file('b.bin', Buffer.alloc(17 * 1024 * 1024))],
        ],
      ]);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ status: 413, message: 'Request entity too large' });
    });

    it('ignores file parts under keys that are not writable file fields', async () => {
      const f = get();
      const res = await create(f, [
        ['title', title()],
        ['title+', file('x.txt', 'x')],
        ['unknown', file('y.txt', 'y')],
      ]);
      expect(res.statusCode, res.body).toBe(200);
    });
  });

  describe('modifiers', () => {
    async function album(f: FileFixture): Promise<Album> {
      const res = await create(f, [
        ['title', title()],
        ['cover', file('cover.png', await png(20, 20), 'image/png')],
        ['photos', [file('one.txt', '1'), file('two.txt', '2')]],
      ]);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Album>();
    }

    it('photos+ appends and +photos prepends', async () => {
      const f = get();
      const a = await album(f);
      const appended = (await update(f, a.id, [['photos+', file('three.txt', '3')]])).json<Album>();
      expect(appended.photos.slice(0, 2)).toEqual(a.photos);
      expect(appended.photos[2]).toMatch(/^three_/);
      const b = await album(f);
      const prepended = (await update(f, b.id, [['+photos', file('zero.txt', '0')]])).json<Album>();
      expect(prepended.photos[0]).toMatch(/^zero_/);
      expect(prepended.photos.slice(1)).toEqual(b.photos);
      for (const name of prepended.photos) expect(exists(diskPath(f, b.id, name))).toBe(true);
    });

    it('photos- removes by name and deletes the file after the commit', async () => {
      const f = get();
      const a = await album(f);
      const [first, second] = a.photos as [string, string];
      const res = await f.server.inject({
        method: 'PATCH',
        url: `/api/collections/albums/records/${a.id}`,
        headers: { authorization: f.tokens.alice },
        payload: { 'photos-': [first] },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Album>().photos).toEqual([second]);
      expect(exists(diskPath(f, a.id, first))).toBe(false);
      expect(exists(diskPath(f, a.id, second))).toBe(true);
    });

    it('a plain key with uploads replaces the old files except names sent along', async () => {
      const f = get();
      const a = await album(f);
      const [first, second] = a.photos as [string, string];
      const res = await update(f, a.id, [['photos', [first, file('new.txt', 'n')]]]);
      expect(res.statusCode, res.body).toBe(200);
      const photos = res.json<Album>().photos;
      expect(photos).toHaveLength(2);
      expect(photos[0]).toBe(first);
      expect(photos[1]).toMatch(/^new_/);
      expect(exists(diskPath(f, a.id, second))).toBe(false);
      expect(exists(diskPath(f, a.id, photos[1]!))).toBe(true);
    });

    it('a single file field keeps the newest upload and deletes the old one with its thumbnails', async () => {
      const f = get();
      const a = await album(f);
      const thumb = await f.server.inject({ url: `/api/files/albums/${a.id}/${a.cover}?thumb=50x50` });
      expect(thumb.statusCode).toBe(200);
      expect(exists(diskPath(f, a.id, `thumbs_${a.cover}`))).toBe(true);
      const res = await update(f, a.id, [['cover', file('other.png', await png(10, 10), 'image/png')]]);
      const cover = res.json<Album>().cover;
      expect(cover).toMatch(/^other_/);
      expect(exists(diskPath(f, a.id, cover))).toBe(true);
      expect(exists(diskPath(f, a.id, a.cover))).toBe(false);
      expect(exists(diskPath(f, a.id, `thumbs_${a.cover}`))).toBe(false);
    });

    it.each([[[]], [''], [null]])(
      'setting the field to %j clears it and deletes its files',
      async (empty) => {
        const f = get();
        const a = await album(f);
        const res = await f.server.inject({
          method: 'PATCH',
          url: `/api/collections/albums/records/${a.id}`,
          headers: { authorization: f.tokens.alice },
          payload: { photos: empty, cover: empty },
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ photos: [], cover: '' });
        for (const name of [...a.photos, a.cover]) expect(exists(diskPath(f, a.id, name))).toBe(false);
      },
    );

    it('a failed update keeps the old file and removes the new upload', async () => {
      const f = get();
      const a = await album(f);
      const other = await album(f);
      // The new title collides with another album: the UPDATE fails after the upload was stored.
      const res = await update(f, a.id, [
        ['title', other.title],
        ['cover', file('replacement.png', await png(12, 12), 'image/png')],
        ['photos-', a.photos[0]!],
      ]);
      expect(res.statusCode).toBe(400);
      expect(exists(diskPath(f, a.id, a.cover))).toBe(true);
      expect(exists(diskPath(f, a.id, a.photos[0]!))).toBe(true);
      const names = fs.readdirSync(diskPath(f, a.id, ''));
      expect(names.filter((n) => n.startsWith('replacement_'))).toEqual([]);
      const view = await f.server.inject({
        url: `/api/collections/albums/records/${a.id}`,
        headers: { authorization: f.tokens.alice },
      });
      expect(view.json()).toMatchObject({ cover: a.cover, photos: a.photos });
    });

    it('an update refused by the rule changes no file', async () => {
      const f = get();
      const a = await album(f);
      const res = await write(
        f,
        'PATCH',
        `/api/collections/albums/records/${a.id}`,
        [['cover', file('hijack.png', await png(5, 5), 'image/png')]],
        'bob',
      );
      expect(res.statusCode).toBe(404);
      expect(exists(diskPath(f, a.id, a.cover))).toBe(true);
      expect(fs.readdirSync(diskPath(f, a.id, '')).some((n) => n.startsWith('hijack_'))).toBe(false);
    });
  });

  describe('files go with their record', () => {
    it('deleting a record deletes its directory', async () => {
      const f = get();
      const a = (
        await create(f, [
          ['title', title()],
          ['cover', file('c.png', await png(20, 20), 'image/png')],
          ['docs', file('d.txt', 'd')],
        ])
      ).json<Album>();
      await f.server.inject({ url: `/api/files/albums/${a.id}/${a.cover}?thumb=50x50` });
      expect(exists(diskPath(f, a.id, a.cover))).toBe(true);
      const res = await f.server.inject({
        method: 'DELETE',
        url: `/api/collections/albums/records/${a.id}`,
        headers: { authorization: f.tokens.alice },
      });
      expect(res.statusCode).toBe(204);
      expect(exists(diskPath(f, a.id, ''))).toBe(false);
    });

    it('a refused delete keeps the files', async () => {
      const f = get();
      const a = (
        await create(f, [
          ['title', title()],
          ['docs', file('d.txt', 'd')],
        ])
      ).json<Album>();
      const res = await f.server.inject({
        method: 'DELETE',
        url: `/api/collections/albums/records/${a.id}`,
        headers: { authorization: f.tokens.bob },
      });
      expect(res.statusCode).toBe(404);
      expect(exists(diskPath(f, a.id, a.docs[0]!))).toBe(true);
    });
  });

  describe('batch', () => {
    it('accepts file parts named requests.<i>.<field> and requests[<i>].<field>', async () => {
      const f = get();
      await f.core.settings.update(f.core.db.kysely, { batch: { enabled: true } });
      const existing = (
        await create(f, [
          ['title', title()],
          ['photos', file('keep.txt', 'k')],
        ])
      ).json<Album>();
      const { payload, headers } = await multipart([
        ['requests.0.docs', file('first.txt', 'first')],
        ['requests[1].photos+', file('added.txt', 'added')],
        [
          '@jsonPayload',
          JSON.stringify({
            requests: [
              {
                method: 'POST',
                url: '/api/collections/albums/records',
                body: { title: title(), owner: IDS.alice },
              },
              { method: 'PATCH', url: `/api/collections/albums/records/${existing.id}`, body: {} },
            ],
          }),
        ],
      ]);
      const res = await f.server.inject({
        method: 'POST',
        url: '/api/batch',
        payload,
        headers: { ...headers, authorization: f.tokens.alice },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [created, updated] = res.json<Array<{ status: number; body: Album }>>();
      expect(created!.body.docs[0]).toMatch(/^first_/);
      expect(updated!.body.photos).toHaveLength(2);
      expect(updated!.body.photos[1]).toMatch(/^added_/);
      expect(fs.readFileSync(diskPath(f, created!.body.id, created!.body.docs[0]!), 'utf8')).toBe('first');
    });

    it('a failed batch removes the files its earlier requests stored and keeps old ones', async () => {
      const f = get();
      await f.core.settings.update(f.core.db.kysely, { batch: { enabled: true } });
      const a = (
        await create(f, [
          ['title', title()],
          ['cover', file('old.png', await png(9, 9), 'image/png')],
        ])
      ).json<Album>();
      const { payload, headers } = await multipart([
        ['requests.0.cover', file('fresh.png', await png(9, 9), 'image/png')],
        [
          '@jsonPayload',
          JSON.stringify({
            requests: [
              { method: 'PATCH', url: `/api/collections/albums/records/${a.id}`, body: {} },
              { method: 'POST', url: '/api/collections/albums/records', body: { title: '' } },
            ],
          }),
        ],
      ]);
      const res = await f.server.inject({
        method: 'POST',
        url: '/api/batch',
        payload,
        headers: { ...headers, authorization: f.tokens.alice },
      });
      expect(res.statusCode).toBe(400);
      expect(fs.readdirSync(diskPath(f, a.id, ''))).toEqual([a.cover]);
    });
  });
});
