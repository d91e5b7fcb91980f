/**
 * Scheduled chapters across processes (issue 17 acceptance 2, DESIGN.md §4): two real server
 * processes on one PostgreSQL database, both running the scheduled-publishing job every 150 ms. Three
 * chapters of a series are approved for a time a few seconds ahead; when it comes, each is published
 * once and announced once: the series' favoriter gets one folded notice for the three, the author's
 * follower one notice per story, the author one "was published" per story, and nothing arrives
 * before the time. Run twice: with the PostgreSQL advisory lock guarding the job (no Redis), and
 * with Redis (its lease guards the job; realtime crosses processes, so the live events are counted
 * on the other process's stream too).
 */
import type { RecordModel } from 'pocketbase';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Core } from '../../src/core';
import type { RecordData } from '../../src/core/records/record';
import { createRecord } from '../../src/core/records/write';
import { systemRequest } from '../../src/core/rules/request-info';
import { formatDate } from '../../src/tools/dates';
import { createTestServer } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/databases';
import { randomPrefix, redisAvailable, redisClient, removeKeys, testRedisUrl } from '../support/redis';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { client } from '../sdk/sdk-server';
import { sleep } from '../support/wait';

// Node 20 has no EventSource; the SDK picks up the global.
globalThis.EventSource = (await import('eventsource')).EventSource as unknown as typeof EventSource;

const PASSWORD = 'tiny giant 42';
const CAST = ['alice', 'bob', 'carol', 'mod'] as const;
type Member = (typeof CAST)[number];
const CHAPTERS = ['Dawn of the Giant', 'Noon of the Giant', 'Dusk of the Giant'];
/** How far ahead the chapters are scheduled: enough for the setup and the "not before" checks. */
const AHEAD_MS = 10_000;

const postgres = inject('postgresAdminUrl') !== null;

describe.each([
  { variant: 'guarded by the PostgreSQL advisory lock (no Redis)', redis: false },
  { variant: 'guarded by a Redis lease, live events through Redis', redis: true },
])('scheduled publishing with two server processes $variant [postgres]', ({ redis }) => {
  const skip = !postgres || (redis && !redisAvailable());
  const prefix = randomPrefix();
  let testDb: TestDatabase;
  let first: ServerProcess;
  let second: ServerProcess;
  let setup: { close(): Promise<void>; core: Core };
  const ids = {} as Record<Member, string>;
  const tokens = {} as Record<Member | 'superuser', string>;
  const clients: PocketBase[] = [];

  function sdk(server: ServerProcess, who: Member | 'superuser'): PocketBase {
    const pb = client(server.url);
    pb.authStore.save(tokens[who], null);
    clients.push(pb);
    return pb;
  }

  beforeAll(async () => {
    if (skip) return;
    testDb = await createTestDatabase('postgres');
    const env: Record<string, string> = {
      DATABASE_URL: testDb.databaseUrl!,
      SCHEDULED_PUBLISH_EVERY_MS: '150',
      ...(redis ? { REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix } : {}),
    };
    [first, second] = await Promise.all([startServerProcess(env), startServerProcess(env)]);

    // Accounts are made directly in the database by a core of this test process (it shares nothing).
    let core!: Core;
    const server = await createTestServer(testDb.db, { onCore: (c) => (core = c) });
    setup = { core, close: () => server.close() };
    const system = systemRequest(core.registry.find('_superusers')!);
    const create = (collection: string, data: RecordData) =>
      createRecord(core.records, core.registry.find(collection)!, data, system);
    const users = core.registry.find('users')!;
    for (const name of CAST) {
      const user = await create('users', {
        username: name,
        email: `${name}@example.com`,
        password: PASSWORD,
        passwordConfirm: PASSWORD,
        birthday: '1990-05-05',
        verified: true,
        ...(name === 'mod' ? { roles: ['moderator'] } : {}),
      });
      ids[name] = String(user.id);
      tokens[name] = await core.tokens.issue(users, user, 'auth');
    }
    // Posts are written in alice's name by a superuser: a member may write one post per 5 s (§9).
    const superusers = core.registry.find('_superusers')!;
    const root = await create('_superusers', {
      email: 'root@example.com',
      password: PASSWORD,
      passwordConfirm: PASSWORD,
    });
    tokens.superuser = await core.tokens.issue(superusers, root, 'auth');
  }, 120_000);

  afterAll(async () => {
    if (skip) return;
    for (const pb of clients) pb.realtime.unsubscribe().catch(() => undefined);
    await setup?.close();
    const output = `${first?.output() ?? ''}${second?.output() ?? ''}`;
    const codes = await Promise.all([first?.stop(), second?.stop()]);
    await testDb?.drop();
    if (redis) {
      const admin = redisClient();
      await removeKeys(admin, prefix);
      await admin.quit();
    }
    expect(codes, output).toEqual([0, 0]);
    expect(output).not.toMatch(/"level":(50|60)/);
  }, 60_000);

  it.skipIf(skip)(
    'two processes publish a due chapter and announce it exactly once',
    async () => {
      const alice = sdk(first, 'alice');
      const root = sdk(second, 'superuser');
      // A published series by alice (a moderator publishes it), favorited by bob; carol follows alice.
      const seriesPost = await root
        .collection('posts')
        .create({ type: 'series', title: 'The Long Day', contributors: [ids.alice] });
      const series = await alice.collection('series').create({ post: seriesPost.id });
      await sdk(second, 'mod')
        .collection('post_content_actions')
        .create({ post: seriesPost.id, resolver: ids.mod, action: 'publish' });
      await sdk(first, 'bob')
        .collection('favorites')
        .create({ target: seriesPost.id, user: ids.bob, type: 'series' });
      await sdk(second, 'carol').collection('follows').create({ user: ids.carol, author: ids.alice });

      // Live notifications of bob on process 1 and carol on process 2.
      const live: Record<'bob' | 'carol', Array<{ action: string; record: RecordModel }>> = {
        bob: [],
        carol: [],
      };
      await sdk(first, 'bob')
        .collection('notifications')
        .subscribe('*', (e) => live.bob.push(e));
      await sdk(second, 'carol')
        .collection('notifications')
        .subscribe('*', (e) => live.carol.push(e));

      // Three chapters, all due at the same moment a few seconds ahead, approved through both processes.
      const publishAt = formatDate(new Date(Date.now() + AHEAD_MS));
      const chapters: Array<{ post: string; story: string }> = [];
      for (const title of CHAPTERS) {
        const post = await root
          .collection('posts')
          .create({ type: 'story', title, contributors: [ids.alice], publish_at: publishAt });
        const story = await alice
          .collection('stories')
          .create({ post: post.id, content: `${title}.`, series: series.id });
        await alice.collection('series').update(series.id, { 'stories+': story.id });
        chapters.push({ post: post.id, story: story.id });
      }
      for (const [index, { post }] of chapters.entries()) {
        await sdk(index % 2 ? first : second, 'mod')
          .collection('post_content_actions')
          .create({ post, resolver: ids.mod, action: 'publish' });
      }

      // Before the time: hidden from bob on both processes, and nobody has heard of it.
      const bobOn = { first: sdk(first, 'bob'), second: sdk(second, 'bob') };
      for (const pb of Object.values(bobOn)) {
        const seen = await pb.collection('stories').getList(1, 10, { filter: `series = "${series.id}"` });
        expect(seen.totalItems).toBe(0);
      }
      const notices = async (who: 'bob' | 'carol' | 'alice') =>
        (
          await sdk(who === 'bob' ? first : second, who)
            .collection('notifications')
            .getFullList({ sort: 'created' })
        ).map((n) => String(n.content));
      expect((await notices('bob')).filter((c) => c.includes('The Long Day'))).toEqual([]);
      expect((await notices('carol')).filter((c) => c.includes('Giant'))).toEqual([]);
      expect(Date.now()).toBeLessThan(Date.parse(publishAt.replace(' ', 'T')));

      // The time comes: both processes' jobs run every 150 ms; wait until all three are out, and
      // then several more rounds, so a second announcement would have had every chance to happen.
      const deadline = Date.now() + AHEAD_MS + 15_000;
      for (;;) {
        const seen = await bobOn.second
          .collection('stories')
          .getList(1, 10, { filter: `series = "${series.id}"` });
        if (seen.totalItems === CHAPTERS.length) break;
        if (Date.now() > deadline) throw new Error(`only ${seen.totalItems} chapters came out`);
        await sleep(100);
      }
      await sleep(1500);

      for (const { post } of chapters) {
        const stored = await bobOn.first.collection('posts').getOne(post);
        expect(stored.published >= publishAt, `${stored.published} >= ${publishAt}`).toBe(true);
      }
      expect((await notices('bob')).filter((c) => c.includes('The Long Day'))).toEqual([
        '3 new chapters in "The Long Day"',
      ]);
      // Carol follows alice: the three new stories by her fold into one notice, counted once each.
      expect((await notices('carol')).filter((c) => c.includes('by alice'))).toEqual([
        '3 new stories by alice',
      ]);
      expect((await notices('alice')).filter((c) => c.startsWith('Your scheduled story')).sort()).toEqual(
        CHAPTERS.map((title) => `Your scheduled story "${title}" was published`).sort(),
      );

      if (redis) {
        // Live, on each process's stream, once: carol's and bob's one notice each, created, then updated
        // as the next chapters fold into it.
        const carolNotices = live.carol.filter((e) => String(e.record.content).includes('by alice'));
        expect(new Set(carolNotices.map((e) => e.record.id)).size).toBe(1);
        expect(carolNotices.filter((e) => e.action === 'create')).toHaveLength(1);
        expect(carolNotices.at(-1)?.record.content).toBe('3 new stories by alice');
        const chapterNotices = live.bob.filter((e) => String(e.record.content).includes('The Long Day'));
        expect(chapterNotices.length).toBeGreaterThan(0);
        const bobNotices = new Set(chapterNotices.map((e) => e.record.id));
        expect(bobNotices.size).toBe(1);
        expect(chapterNotices.filter((e) => e.action === 'create')).toHaveLength(1);
        expect(chapterNotices.at(-1)?.record.content).toBe('3 new chapters in "The Long Day"');
      }
    },
    60_000,
  );
});
