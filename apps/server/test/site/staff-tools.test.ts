/**
 * What the staff screens need from the server (issue 19): the report queue reads reported messages, the
 * user directory's role changes are in the moderation log, and the dashboard's staff chat is for staff only
 * (PRODUCT.md §7, §13).
 */
import type { AddressInfo } from 'node:net';
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../support/databases';
import { CAST, C, apiCaller, buildCommunity, signIn, type Community } from '../support/community';

// Node 20 has no EventSource; the SDK picks up the global.
globalThis.EventSource = (await import('eventsource')).EventSource as unknown as typeof EventSource;

describeEachDialect('staff tools', (getDb) => {
  let community: Community;
  let call: ReturnType<typeof apiCaller>;
  const records = (collection: string) => `collections/${collection}/records`;

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    call = apiCaller(community);
  });
  afterAll(async () => {
    await community.server.close();
  });

  it('moderators read a message only once it is reported, expanded in the report queue', async () => {
    const sent = await call('alice', 'POST', records('messages'), {
      from: CAST.alice,
      to: CAST.bob,
      content: 'Something nasty',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const message = sent.json<{ id: string }>().id;
    expect((await call('mod', 'GET', `${records('messages')}/${message}`)).statusCode).toBe(404);

    const report = await call('bob', 'POST', records('reports'), { user: CAST.bob, reason: 'Rude', message });
    expect(report.statusCode, report.body).toBe(200);
    expect((await call('mod', 'GET', `${records('messages')}/${message}`)).statusCode).toBe(200);
    // Still private to everyone else.
    expect((await call('admin', 'GET', `${records('messages')}/${C.message}`)).statusCode).toBe(404);

    const queue = await call(
      'mod',
      'GET',
      `${records('reports')}?filter=${encodeURIComponent('resolver = ""')}&sort=created&expand=user,message`,
    );
    const item = queue
      .json<{ items: { id: string; expand?: { message?: { content: string } } }[] }>()
      .items.find((r) => r.id === report.json<{ id: string }>().id);
    expect(item?.expand?.message?.content).toContain('Something nasty');
  });

  it('an admin’s role change is in the moderation log; a moderator cannot change roles', async () => {
    const refused = await call('mod', 'PATCH', `${records('users')}/${CAST.alice}`, { roles: ['moderator'] });
    expect(refused.statusCode).toBe(404);
    const granted = await call('admin', 'PATCH', `${records('users')}/${CAST.alice}`, {
      roles: ['moderator'],
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const log = await call(
      'mod',
      'GET',
      `${records('moderation_log')}?sort=-created&filter=${encodeURIComponent("action = 'roles'")}`,
    );
    expect(log.json<{ items: unknown[] }>().items).toEqual([
      expect.objectContaining({
        moderator: CAST.admin,
        action: 'roles',
        target_id: CAST.alice,
        summary: 'alice: moderator',
      }),
    ]);
    const back = await call('admin', 'PATCH', `${records('users')}/${CAST.alice}`, { roles: [] });
    expect(back.statusCode).toBe(200);
    expect(
      (await call('bob', 'GET', records('moderation_log'))).json<{ totalItems: number }>().totalItems,
    ).toBe(0);
  });

  it('a ban with a reason is logged and ends the member’s sessions; unbanning lets them sign in again', async () => {
    const before = await signIn(community, 'bob');
    expect(before.status).toBe(200);
    const ban = await call(
      'mod',
      'PATCH',
      `${records('users')}/${CAST.bob}?reason=${encodeURIComponent('Spam')}`,
      {
        is_banned: true,
      },
    );
    expect(ban.statusCode, ban.body).toBe(200);
    expect((await call({ token: before.body.token! }, 'GET', records('presence'))).json()).toMatchObject({
      totalItems: 0,
    });
    expect((await signIn(community, 'bob')).status).toBe(403);
    const log = await call('mod', 'GET', `${records('moderation_log')}?sort=-created&perPage=1`);
    expect(log.json<{ items: unknown[] }>().items[0]).toMatchObject({
      action: 'ban',
      target_id: CAST.bob,
      reason: 'Spam',
      moderator: CAST.mod,
    });
    const unban = await call('mod', 'PATCH', `${records('users')}/${CAST.bob}?reason=Appealed`, {
      is_banned: false,
    });
    expect(unban.statusCode).toBe(200);
    expect((await signIn(community, 'bob')).status).toBe(200);
  });

  it('staff chat: staff read and write as themselves; members neither read nor write', async () => {
    const written = await call('mod', 'POST', records('staff_messages'), {
      author: CAST.mod,
      content: 'Hi team',
    });
    expect(written.statusCode, written.body).toBe(200);
    const forged = await call('mod', 'POST', records('staff_messages'), { author: CAST.admin, content: 'x' });
    expect(forged.statusCode).toBe(400);
    const member = await call('alice', 'POST', records('staff_messages'), {
      author: CAST.alice,
      content: 'x',
    });
    expect(member.statusCode).toBe(400);
    expect((await call('admin', 'GET', records('staff_messages'))).json()).toMatchObject({ totalItems: 1 });
    expect((await call('alice', 'GET', records('staff_messages'))).json()).toMatchObject({ totalItems: 0 });
    expect((await call('guest', 'GET', records('staff_messages'))).json()).toMatchObject({ totalItems: 0 });
    const id = written.json<{ id: string }>().id;
    expect((await call('alice', 'GET', `${records('staff_messages')}/${id}`)).statusCode).toBe(404);
    expect(
      (await call('mod', 'PATCH', `${records('staff_messages')}/${id}`, { content: 'Edited' })).statusCode,
    ).toBe(403);
  });

  it('staff chat is live between two staff members and silent to members', async () => {
    const server = community.server;
    if (!server.server.listening) await server.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    const live = (role: 'alice' | 'mod' | 'admin') => {
      const pb = new PocketBase(url);
      pb.autoCancellation(false);
      pb.authStore.save(community.token(role)!, null);
      return pb;
    };
    const admin = live('admin');
    const alice = live('alice');
    const heard: Record<'admin' | 'alice', string[]> = { admin: [], alice: [] };
    const arrived = new Promise<void>((resolve) => {
      void admin.collection('staff_messages').subscribe('*', (e) => {
        heard.admin.push(String(e.record.content));
        resolve();
      });
    });
    await alice.collection('staff_messages').subscribe('*', (e) => {
      heard.alice.push(String(e.record.content));
    });
    await new Promise((r) => setTimeout(r, 100));
    await call('mod', 'POST', records('staff_messages'), {
      author: CAST.mod,
      content: 'Live from the queue',
    });
    await arrived;
    await new Promise((r) => setTimeout(r, 200));
    expect(heard.admin).toEqual(['Live from the queue']);
    expect(heard.alice).toEqual([]);
    await admin.realtime.unsubscribe();
    await alice.realtime.unsubscribe();
  });
});
