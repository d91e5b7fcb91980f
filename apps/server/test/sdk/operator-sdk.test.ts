/**
 * The official SDK's operator services against the server: `pb.logs`, `pb.backups` and `pb.crons`
 * as PocketBase's dashboard and tools call them.
 */
import { beforeAll, expect, it } from 'vitest';
import { PASSWORD, describeWithFixture } from '../support/fixture';
import { client, listen, rejection } from './sdk-server';

describeWithFixture('pocketbase SDK logs, backups and crons', (getFixture) => {
  let url = '';
  beforeAll(async () => {
    url = await listen(getFixture());
  });

  const root = async () => {
    const pb = client(url);
    await pb.collection('_superusers').authWithPassword('root@example.com', PASSWORD);
    return pb;
  };

  it('pb.logs lists, filters, views and counts the requests the server logged', async () => {
    const pb = await root();
    await client(url)
      .collection('posts')
      .getList(1, 1, { filter: 'title = "sdk-log-probe"' })
      .catch(() => undefined);
    await getFixture().core.logs.writer.flush();
    const list = await pb.logs.getList(1, 10, { filter: 'data.url ~ "sdk-log-probe"', sort: '-created' });
    expect(list.totalItems).toBe(1);
    const [entry] = list.items;
    expect(entry).toMatchObject({
      level: 0,
      data: { type: 'request', method: 'GET', status: 200, auth: '' },
    });
    expect(await pb.logs.getOne(entry!.id)).toEqual(entry);
    const stats = await pb.logs.getStats({ filter: 'data.url ~ "sdk-log-probe"' });
    expect(stats).toEqual([{ date: `${entry!.created.slice(0, 13)}:00:00.000Z`, total: 1 }]);
    const member = client(url);
    await member.collection('members').authWithPassword('alice@example.com', PASSWORD);
    expect((await rejection(member.logs.getList())).status).toBe(403);
  });

  it('pb.crons lists the jobs and runs one', async () => {
    const pb = await root();
    const jobs = await pb.crons.getFullList();
    expect(jobs).toContainEqual({ id: '__pbLogsCleanup__', expression: '0 */6 * * *' });
    expect(await pb.crons.run('__pbLogsCleanup__')).toBe(true);
    expect((await rejection(pb.crons.run('no-such-job'))).status).toBe(404);
  });

  it('pb.backups creates, lists, downloads with a file token, uploads and deletes', async () => {
    const pb = await root();
    expect(await pb.backups.create('sdk.zip')).toBe(true);
    const [made] = await pb.backups.getFullList();
    expect(made).toMatchObject({ key: 'sdk.zip' });
    expect(made!.size).toBeGreaterThan(0);

    const token = await pb.files.getToken();
    const download = await fetch(pb.backups.getDownloadURL(token, 'sdk.zip'));
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.length).toBe(made!.size);
    expect((await fetch(pb.backups.getDownloadURL('', 'sdk.zip'))).status).toBe(403);

    await pb.backups.upload({ file: new File([bytes], 'copy.zip', { type: 'application/zip' }) });
    expect((await pb.backups.getFullList()).map((b) => b.key).sort()).toEqual(['copy.zip', 'sdk.zip']);
    expect(await pb.backups.delete('copy.zip')).toBe(true);
    expect(await pb.backups.delete('sdk.zip')).toBe(true);
    expect(await pb.backups.getFullList()).toEqual([]);
  });
});
