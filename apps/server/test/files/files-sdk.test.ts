/**
 * Files through the official `pocketbase` SDK over real HTTP: uploads from `File` objects (create,
 * mixed keep-and-add updates, removal), `pb.files.getURL` with thumbs and tokens, and batch uploads.
 */
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { IDS } from '../support/fixture';
import { listen, rejection } from '../sdk/sdk-server';
import { HTML, describeWithFiles, png, signedInClient, statusOf } from './support';

interface Album {
  id: string;
  collectionId: string;
  collectionName: string;
  title: string;
  cover: string;
  photos: string[];
  docs: string[];
  secret: string;
}

describeWithFiles('files via the SDK', (get) => {
  let url: string;
  const signedIn = (email?: string) => signedInClient(url, email);
  const title = () => `sdk ${Math.random().toString(36).slice(2)}`;

  beforeAll(async () => {
    url = await listen(get());
  });

  it('Node has File, Blob and FormData globals', () => {
    expect(typeof File).toBe('function');
    expect(new File(['x'], 'x.txt').name).toBe('x.txt');
  });

  it('creates with File values and serves thumbs through pb.files.getURL', async () => {
    const pb = await signedIn();
    const album = await pb.collection('albums').create<Album>({
      title: title(),
      owner: IDS.alice,
      public: true,
      cover: new File([await png(400, 200)], 'Cover Image.png', { type: 'image/png' }),
      docs: [new File(['one'], 'one.txt'), new File(['two'], 'two.txt')],
      tags: undefined,
    });
    expect(album.cover).toMatch(/^cover_image_[a-z0-9]{10}\.png$/);
    expect(album.docs).toHaveLength(2);
    const thumbUrl = pb.files.getURL(album, album.cover, { thumb: '60x40f' });
    expect(thumbUrl).toContain(`/api/files/${album.collectionId}/${album.id}/${album.cover}?thumb=60x40f`);
    const res = await fetch(thumbUrl);
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([60, 30]);
    const original = await fetch(pb.files.getURL(album, album.docs[1]!, { download: true }));
    expect(await original.text()).toBe('two');
    expect(original.headers.get('content-disposition')).toMatch(/^attachment/);
  });

  it('updates with a mixed array (keep some names, add files) and removes with docs-', async () => {
    const pb = await signedIn();
    const album = await pb.collection('albums').create<Album>({
      title: title(),
      owner: IDS.alice,
      docs: [new File(['a'], 'a.txt'), new File(['b'], 'b.txt')],
    });
    const replaced = await pb.collection('albums').update<Album>(album.id, {
      docs: [album.docs[0], new File(['c'], 'cat.txt')],
    });
    expect(replaced.docs[0]).toBe(album.docs[0]);
    expect(replaced.docs[1]).toMatch(/^cat_/);
    expect(replaced.docs).toHaveLength(2);
    const appended = await pb.collection('albums').update<Album>(album.id, {
      'docs+': new File(['d'], 'd.txt'),
    });
    expect(appended.docs).toHaveLength(3);
    const removed = await pb.collection('albums').update<Album>(album.id, { 'docs-': [album.docs[0]] });
    expect(removed.docs).toEqual(appended.docs.slice(1));
    expect(await statusOf(pb.files.getURL(album, album.docs[0]!))).toBe(404);
  });

  it('reports a refused upload as a field error', async () => {
    const pb = await signedIn();
    const error = await rejection(
      pb.collection('albums').create({
        title: title(),
        owner: IDS.alice,
        cover: new File([HTML], 'cat.png', { type: 'image/png' }),
      }),
    );
    expect(error.status).toBe(400);
    expect(error.response).toMatchObject({ data: { cover: { code: 'validation_invalid_mime_type' } } });
  });

  it('reads a protected file with pb.files.getToken()', async () => {
    const pb = await signedIn();
    const album = await pb.collection('albums').create<Album>({
      title: title(),
      owner: IDS.alice,
      secret: new File(['private words'], 'diary.txt'),
    });
    expect(await statusOf(pb.files.getURL(album, album.secret))).toBe(404);
    const token = await pb.files.getToken();
    const res = await fetch(pb.files.getURL(album, album.secret, { token }));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('private words');
    const bob = await signedIn('bob@example.com');
    const bobToken = await bob.files.getToken();
    expect(await statusOf(pb.files.getURL(album, album.secret, { token: bobToken }))).toBe(404);
  });

  it('uploads inside a batch', async () => {
    const f = get();
    await f.core.settings.update(f.core.db.kysely, { batch: { enabled: true } });
    const pb = await signedIn();
    const existing = await pb.collection('albums').create<Album>({
      title: title(),
      owner: IDS.alice,
      docs: [new File(['keep'], 'keep.txt'), new File(['drop'], 'drop.txt')],
    });
    const batch = pb.createBatch();
    batch.collection('albums').create({
      title: title(),
      owner: IDS.alice,
      photos: [new File(['p1'], 'p1.txt'), new File(['p2'], 'p2.txt')],
    });
    batch
      .collection('albums')
      .update(existing.id, { docs: [existing.docs[0], new File(['new'], 'new.txt')] });
    const [created, updated] = (await batch.send()) as Array<{ status: number; body: Album }>;
    expect(created!.status).toBe(200);
    expect(created!.body.photos).toHaveLength(2);
    expect(updated!.body.docs[0]).toBe(existing.docs[0]);
    expect(updated!.body.docs[1]).toMatch(/^new_/);
    expect(updated!.body.docs).toHaveLength(2);
    expect(await statusOf(pb.files.getURL(existing, existing.docs[1]!))).toBe(404);
    expect(await (await fetch(pb.files.getURL(updated!.body, updated!.body.docs[1]!))).text()).toBe('new');
  });
});
