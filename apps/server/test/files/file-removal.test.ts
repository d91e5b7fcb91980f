/**
 * Files leave with the records that held them, on the local disk and on S3 alike: a deleted record,
 * every record of a truncated collection, a deleted collection, and a collection an import drops.
 * What is stored is checked from outside the server (the directory, or the bucket).
 */
import { beforeAll, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { PASSWORD } from '../support/fixture';
import { client, listen } from '../sdk/sdk-server';
import { describeWithFiles, type StorageKind } from './support';

interface Clip {
  id: string;
  collectionId: string;
  collectionName: string;
  attachment: string[];
}

for (const kind of ['local', 's3'] as StorageKind[]) {
  describeWithFiles(
    `files removed with their records (${kind} storage)`,
    (get) => {
      let url: string;
      let member: PocketBase;
      let superuser: PocketBase;

      /** An open collection with a file field, for one test to fill and empty. */
      const makeCollection = async (name: string) =>
        get().core.collections.create({
          name,
          listRule: '',
          viewRule: '',
          createRule: "@request.auth.id != ''",
          deleteRule: "@request.auth.id != ''",
          fields: [
            { name: 'label', type: 'text' },
            { name: 'attachment', type: 'file', maxSelect: 3 },
          ],
        });
      const upload = (collection: string, label: string) =>
        member.collection(collection).create<Clip>({
          label,
          attachment: [new File([`${label} one`], 'one.txt'), new File([`${label} two`], 'two.txt')],
        });
      const keysOf = (collectionId: string) => get().storedKeys(`${collectionId}/`);

      beforeAll(async () => {
        url = await listen(get());
        member = client(url);
        await member.collection('members').authWithPassword('alice@example.com', PASSWORD);
        superuser = client(url);
        superuser.authStore.save(get().tokens.superuser);
      });

      it('a deleted record takes its files and nothing else', async () => {
        const collection = await makeCollection('clips_deleted');
        const gone = await upload(collection.name, 'gone');
        const kept = await upload(collection.name, 'kept');
        expect(await keysOf(collection.id)).toHaveLength(4);
        await member.collection(collection.name).delete(gone.id);
        expect(await keysOf(collection.id)).toEqual(
          kept.attachment.map((name) => `${collection.id}/${kept.id}/${name}`).sort(),
        );
      });

      it('truncating a collection removes the files of all its records', async () => {
        const collection = await makeCollection('clips_truncated');
        const other = await makeCollection('clips_untouched');
        for (const label of ['a', 'b', 'c']) await upload(collection.name, label);
        const neighbour = await upload(other.name, 'neighbour');
        expect(await keysOf(collection.id)).toHaveLength(6);
        await superuser.collections.truncate(collection.name);
        expect(await keysOf(collection.id)).toEqual([]);
        expect((await member.collection(collection.name).getList()).totalItems).toBe(0);
        expect(await keysOf(other.id)).toHaveLength(neighbour.attachment.length);
      });

      it('deleting a collection removes all of its files', async () => {
        const collection = await makeCollection('clips_dropped');
        await upload(collection.name, 'x');
        await upload(collection.name, 'y');
        expect(await keysOf(collection.id)).toHaveLength(4);
        await superuser.collections.delete(collection.name);
        expect(await keysOf(collection.id)).toEqual([]);
      });

      it('an import that drops a collection removes its files once the import committed', async () => {
        const f = get();
        const collection = await makeCollection('clips_imported_away');
        await upload(collection.name, 'z');
        expect(await keysOf(collection.id)).toHaveLength(2);
        const keep = f.core.registry.all().filter((c) => !c.system && c.id !== collection.id);
        await f.core.collections.import(keep, true);
        expect(f.core.registry.find(collection.name)).toBeUndefined();
        expect(await keysOf(collection.id)).toEqual([]);
      });

      it('a failed import removes nothing', async () => {
        const f = get();
        const collection = await makeCollection('clips_import_failed');
        const clip = await upload(collection.name, 'stays');
        const keep = f.core.registry.all().filter((c) => !c.system && c.id !== collection.id);
        const broken = { name: 'broken_import', fields: [{ name: 'x', type: 'no-such-type' }] };
        await expect(f.core.collections.import([...keep, broken], true)).rejects.toThrow();
        expect(f.core.registry.find(collection.name)).toBeDefined();
        expect(await keysOf(collection.id)).toHaveLength(2);
        const res = await fetch(member.files.getURL(clip, clip.attachment[0]!));
        expect(await res.text()).toBe('stays one');
      });
    },
    kind,
  );
}
