import { beforeAll, expect, it } from 'vitest';
import { IDS, PASSWORD, describeWithFixture } from '../support/fixture';
import { client, listen, rejection } from './sdk-server';

describeWithFixture('pocketbase SDK batch', (getFixture) => {
  let url = '';
  beforeAll(async () => {
    url = await listen(getFixture());
  });

  it('is refused until a superuser enables it, then runs create, update, upsert and delete in one go', async () => {
    const alice = client(url);
    await alice.collection('members').authWithPassword('alice@example.com', PASSWORD);
    const refused = await rejection(alice.createBatch().send());
    expect(refused.status).toBe(403);

    const root = client(url);
    await root.collection('_superusers').authWithPassword('root@example.com', PASSWORD);
    await root.settings.update({ batch: { enabled: true, maxRequests: 10 } });

    const batch = alice.createBatch();
    batch.collection('posts').create({ title: 'Made in a batch', author: IDS.alice });
    batch.collection('posts').update(IDS.postDraft, { 'views+': 4 });
    batch
      .collection('posts')
      .upsert({ id: 'sdkupsertpost01', title: 'Upserted by the SDK', author: IDS.alice });
    batch.collection('comments').delete(IDS.comment2);
    const results = await batch.send();
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 204]);
    expect((results[0]?.body as { title: string }).title).toBe('Made in a batch');
    expect((results[1]?.body as { views: number }).views).toBe(4);
    expect((results[2]?.body as { id: string }).id).toBe('sdkupsertpost01');
    await expect(alice.collection('comments').getOne(IDS.comment2)).rejects.toMatchObject({ status: 404 });
  });

  it('rolls everything back when one request fails, and names it', async () => {
    const bob = client(url);
    await bob.collection('members').authWithPassword('bob@example.com', PASSWORD);
    const batch = bob.createBatch();
    batch.collection('posts').create({ title: 'Rolled back', author: IDS.bob });
    batch.collection('posts').create({ title: 'Posing as alice', author: IDS.alice });
    const error = await rejection(batch.send());
    expect(error.status).toBe(400);
    expect(error.response).toMatchObject({
      message: 'Batch transaction failed.',
      data: { requests: { '1': { code: 'batch_request_failed' } } },
    });
    const found = await bob
      .collection('posts')
      .getList(1, 1, { filter: bob.filter('title = {:t}', { t: 'Rolled back' }) });
    expect(found.totalItems).toBe(0);
  });
});
