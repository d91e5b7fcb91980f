/**
 * Two servers in this test process on one PostgreSQL database, each with its own Redis connections
 * (built by src/cluster.ts, as a server process builds them), standing in for two processes where
 * a test needs to reach inside them: a definition or settings change made through one is read again
 * by the other, and the OAuth2 redirect reaches a popup opener whose stream the other server holds.
 * The same flows between real processes are in two-processes.test.ts.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openCluster, type Cluster } from '../../src/cluster';
import type { Core } from '../../src/core';
import { openPostgres } from '../../src/db/postgres/connect';
import type { Database } from '../../src/db/types';
import { createLogger } from '../../src/tools/logger';
import { createTestServer } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/databases';
import { IDS, PASSWORD, buildFixture, type Fixture } from '../support/fixture';
import { postSubscriptions, RawStream } from '../support/raw-sse';
import { randomPrefix, redisAvailable, redisClient, removeKeys, testRedisUrl } from '../support/redis';
import { listen } from '../sdk/sdk-server';
import { sleep, waitFor, waitUntil } from '../support/wait';

const WAIT_MS = 5000;

const available = redisAvailable() && inject('postgresAdminUrl') !== null;

describe.skipIf(!available)('two servers on one PostgreSQL and one Redis [postgres, redis]', () => {
  const prefix = randomPrefix();
  let testDb: TestDatabase;
  let secondDb: Database;
  const clusters: Cluster[] = [];
  let a: Fixture;
  let b: { server: FastifyInstance; core: Core };
  let urlB = '';

  async function cluster(): Promise<Cluster> {
    const opened = await openCluster(
      { redisUrl: testRedisUrl(), redisPrefix: prefix },
      createLogger('silent'),
    );
    clusters.push(opened);
    return opened;
  }

  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    a = await buildFixture(testDb, { cluster: (await cluster()).core });
    secondDb = openPostgres(testDb.databaseUrl!, { poolSize: 4 });
    let core!: Core;
    const server = await createTestServer(secondDb, {
      cluster: (await cluster()).core,
      onCore: (c) => (core = c),
    });
    b = { server, core };
    urlB = await listen(b as unknown as Fixture);
  });

  afterAll(async () => {
    b?.server.server.closeAllConnections();
    await b?.server.close();
    await a?.server.close();
    for (const opened of clusters) await opened.close();
    await secondDb?.destroy();
    await testDb?.drop();
    const admin = redisClient();
    await removeKeys(admin, prefix);
    await admin.quit();
  });

  it('a collection created, changed or deleted through one server is read again by the other', async () => {
    await a.core.collections.create({
      name: 'announcements',
      listRule: '',
      fields: [{ name: 'text', type: 'text' }],
    });
    await waitFor(() => b.core.registry.find('announcements') !== undefined, 'b to know the collection');
    expect(b.core.registry.find('announcements')!.listRule).toBe('');

    await a.core.collections.update('announcements', { listRule: "@request.auth.id != ''" });
    await waitFor(
      () => b.core.registry.find('announcements')?.listRule === "@request.auth.id != ''",
      'b to see the new rule',
    );
    const guestList = await fetch(`${urlB}/api/collections/announcements/records`);
    expect(guestList.status).toBe(200);
    expect(((await guestList.json()) as { items: unknown[] }).items).toEqual([]);

    await a.core.collections.delete('announcements');
    await waitFor(() => b.core.registry.find('announcements') === undefined, 'b to forget the collection');
    expect((await fetch(`${urlB}/api/collections/announcements/records`)).status).toBe(404);
  });

  it('settings changed through one server apply on the other', async () => {
    expect(b.core.settings.get().batch.enabled).toBe(false);
    await a.core.settings.update(a.core.db.kysely, { batch: { enabled: true, maxRequests: 7 } });
    await waitFor(() => b.core.settings.get().batch.enabled, 'b to read the new settings');
    expect(b.core.settings.get().batch.maxRequests).toBe(7);
  });

  it('the OAuth2 redirect on one server reaches the popup opener whose stream the other holds, once', async () => {
    const urlA = await listen(a);
    const opener = await RawStream.open(urlB);
    try {
      const subscribed = await postSubscriptions(urlB, opener.clientId, ['@oauth2']);
      expect(subscribed.status).toBe(204);
      const redirect = await fetch(`${urlA}/api/oauth2-redirect?state=${opener.clientId}&code=the-code`);
      expect(redirect.status).toBe(200);
      expect(await redirect.text()).toContain('Auth completed');
      const frame = await opener.next((f) => f.event === '@oauth2', '@oauth2 on the other server');
      expect(JSON.parse(frame.data)).toEqual({ state: opener.clientId, code: 'the-code' });
      // The subscription is spent: a replayed redirect finds nobody waiting.
      const replay = await fetch(`${urlA}/api/oauth2-redirect?state=${opener.clientId}&code=again`);
      expect(await replay.text()).toContain('Failed to authenticate');
      expect(opener.frames.filter((f) => f.event === '@oauth2')).toHaveLength(1);
    } finally {
      opener.close();
    }
  });

  it('a subscribe request that reaches the other server is applied by the server holding the stream', async () => {
    const urlA = await listen(a);
    const stream = await RawStream.open(urlB);
    try {
      // Through A: A does not hold the client, B does and answers.
      const subscribed = await postSubscriptions(urlA, stream.clientId, ['posts/*'], a.tokens.alice);
      expect(subscribed.status, await subscribed.clone().text()).toBe(204);
      // Alice's own draft reaches her stream on B: the subscription carries her auth.
      const draft = await fetch(`${urlA}/api/collections/posts/records`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: a.tokens.alice },
        body: JSON.stringify({ title: 'Alice drafts across the cluster', author: 'aliceaaaaaaaaaa' }),
      });
      expect(draft.status).toBe(200);
      const id = ((await draft.json()) as { id: string }).id;
      await stream.next((f) => f.event === 'posts/*' && f.data.includes(id), 'alice’s draft on B');
      // The rules of the holder apply to requests from anywhere: another account is refused...
      const other = await postSubscriptions(urlA, stream.clientId, ['posts/*'], a.tokens.bob);
      expect(other.status).toBe(403);
      expect(await other.json()).toEqual({
        status: 403,
        message: "The current and the previous request authorization don't match.",
        data: {},
      });
      // ...a malformed form is refused where it arrives, and an unknown client is 404.
      expect((await postSubscriptions(urlA, stream.clientId, ['bad\nname'], a.tokens.alice)).status).toBe(
        400,
      );
      expect((await postSubscriptions(urlA, 'x'.repeat(40), ['posts/*'], a.tokens.alice)).status).toBe(404);
    } finally {
      stream.close();
    }
  });

  it('a record change made through one server reaches a subscriber of the other, a ban closes its stream', async () => {
    const stream = await RawStream.open(urlB);
    try {
      expect((await postSubscriptions(urlB, stream.clientId, ['posts/*'], a.tokens.bob)).status).toBe(204);
      const created = await fetch(`${await listen(a)}/api/collections/posts/records`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: a.tokens.superuser },
        body: JSON.stringify({ title: 'Across the cluster', author: 'bobbbbbbbbbbbbb', published: true }),
      });
      expect(created.status).toBe(200);
      const id = ((await created.json()) as { id: string }).id;
      const frame = await stream.next((f) => f.event === 'posts/*' && f.data.includes(id), 'the create');
      expect(JSON.parse(frame.data)).toMatchObject({
        action: 'create',
        record: { id, title: 'Across the cluster' },
      });

      await fetch(`${await listen(a)}/api/collections/members/records/bobbbbbbbbbbbbb`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', Authorization: a.tokens.superuser },
        body: JSON.stringify({ is_banned: true }),
      });
      await Promise.race([
        stream.ended,
        sleep(WAIT_MS).then(() => {
          throw new Error('the banned member’s stream on the other server stayed open');
        }),
      ]);
      expect(b.core.realtime.broker.get(stream.clientId)).toBeUndefined();
    } finally {
      stream.close();
    }
  });

  /** A request to one server as it would come from the member's browser. */
  const call = async (base: string, method: string, path: string, token: string, body?: object) => {
    const res = await fetch(`${base}/api/${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', Authorization: token },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return {
      status: res.status,
      body: (await res.json().catch(() => null)) as Record<string, unknown> | null,
    };
  };
  const totalOf = (answer: { body: Record<string, unknown> | null }) => answer.body?.totalItems;

  it('a role change made through one server holds on the other for the very next request', async () => {
    const urlA = await listen(a);
    await a.core.collections.create({
      name: 'staff_notes',
      listRule: "@request.auth.roles ~ 'moderator'",
      fields: [{ name: 'text', type: 'text' }],
    });
    await waitFor(() => b.core.registry.find('staff_notes') !== undefined, 'b to know the collection');
    expect(
      (await call(urlA, 'POST', 'collections/staff_notes/records', a.tokens.superuser, { text: 'hush' }))
        .status,
    ).toBe(200);
    for (let round = 0; round < 10; round++) {
      // The other server has the moderator's account and answer remembered.
      expect(totalOf(await call(urlB, 'GET', 'collections/staff_notes/records', a.tokens.mod))).toBe(1);
      const demoted = await call(
        urlA,
        'PATCH',
        'collections/members/records/moderatorzzzzzz',
        a.tokens.superuser,
        { roles: [] },
      );
      expect(demoted.status).toBe(200);
      expect(totalOf(await call(urlB, 'GET', 'collections/staff_notes/records', a.tokens.mod))).toBe(0);
      const promoted = await call(
        urlA,
        'PATCH',
        'collections/members/records/moderatorzzzzzz',
        a.tokens.superuser,
        { roles: ['moderator'] },
      );
      expect(promoted.status).toBe(200);
    }
  });

  it('a rule change made through one server holds on the other for the very next request', async () => {
    const urlA = await listen(a);
    for (let round = 0; round < 10; round++) {
      const rule = round % 2 === 0 ? '' : "@request.auth.roles ~ 'moderator'";
      const changed = await call(urlA, 'PATCH', 'collections/staff_notes', a.tokens.superuser, {
        listRule: rule,
      });
      expect(changed.status).toBe(200);
      expect(totalOf(await call(urlB, 'GET', 'collections/staff_notes/records', a.tokens.alice))).toBe(
        round % 2 === 0 ? 1 : 0,
      );
    }
  });

  it('a signed-out token stops working on the other server before the change is answered', async () => {
    const urlA = await listen(a);
    for (let round = 0; round < 10; round++) {
      const signedIn = await call(urlA, 'POST', 'collections/members/auth-with-password', '', {
        identity: 'alice',
        password: PASSWORD,
      });
      const token = String(signedIn.body?.token);
      expect((await call(urlB, 'POST', 'collections/members/auth-refresh', token)).status).toBe(200);
      // A new password ends every older session (a new token key).
      const changed = await call(
        urlA,
        'PATCH',
        `collections/members/records/${IDS.alice}`,
        a.tokens.superuser,
        {
          password: PASSWORD,
          passwordConfirm: PASSWORD,
        },
      );
      expect(changed.status).toBe(200);
      expect((await call(urlB, 'POST', 'collections/members/auth-refresh', token)).status).toBe(401);
    }
  });

  it('a truncation through one server empties the other server’s remembered answers', async () => {
    const urlA = await listen(a);
    await a.core.collections.create({
      name: 'scratch',
      listRule: '',
      fields: [{ name: 'text', type: 'text' }],
    });
    await waitFor(() => b.core.registry.find('scratch') !== undefined, 'b to know the collection');
    for (const text of ['one', 'two', 'three'])
      expect(
        (await call(urlA, 'POST', 'collections/scratch/records', a.tokens.superuser, { text })).status,
      ).toBe(200);
    await waitUntil(
      async () => totalOf(await call(urlB, 'GET', 'collections/scratch/records', a.tokens.alice)) === 3,
      'b to list the three',
    );
    expect(
      (
        await fetch(`${urlA}/api/collections/scratch/truncate`, {
          method: 'DELETE',
          headers: { Authorization: a.tokens.superuser },
        })
      ).status,
    ).toBe(204);
    await waitUntil(
      async () => totalOf(await call(urlB, 'GET', 'collections/scratch/records', a.tokens.alice)) === 0,
      'b to list none',
    );
  });
});
