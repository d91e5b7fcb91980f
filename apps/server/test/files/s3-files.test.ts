/**
 * The server configured for S3 (`S3_*`, here a bucket on an s3rver of the suite's own), driven through
 * the official `pocketbase` SDK over HTTP: uploads land in the bucket (and nothing on the local disk),
 * downloads and ranges stream from it, thumbnails are rendered once and kept there, protected files
 * still need a file token, and replacing a file or deleting its record removes the objects.
 */
import fs from 'node:fs';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { IDS, PASSWORD } from '../support/fixture';
import { client, listen } from '../sdk/sdk-server';
import { describeWithFiles, png } from './support';

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
    const signedIn = async (email = 'alice@example.com') => {
      const pb = client(url);
      await pb.collection('members').authWithPassword(email, PASSWORD);
      return pb;
    };
    const title = () => `s3 ${Math.random().toString(36).slice(2)}`;
    const statusOf = async (target: string) => {
      const res = await fetch(target);
      await res.arrayBuffer();
      return res.status;
    };
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
