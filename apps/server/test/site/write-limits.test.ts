/**
 * Per-member write limits (PRODUCT.md §9): posts and comments 1 per 5 s, direct messages 20 per
 * minute, reports 20 per day; each answered with 429, `Retry-After` and a PocketBase error body.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../support/databases';
import { CAST, C, apiCaller, buildCommunity, type Community, type Role } from '../support/community';

describeEachDialect('write limits', (getDb) => {
  let community: Community;
  let call: ReturnType<typeof apiCaller>;
  const records = (collection: string) => `collections/${collection}/records`;

  /** Sends `count` creates and returns the statuses and the last answer. */
  const burst = async (role: Role, collection: string, count: number, body: (i: number) => object) => {
    const answers = [];
    for (let i = 0; i < count; i++) answers.push(await call(role, 'POST', records(collection), body(i)));
    const last = answers[answers.length - 1];
    if (!last) throw new Error('burst needs at least one request');
    return { statuses: answers.map((a) => a.statusCode), last };
  };
  const expectLimited = (last: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) => {
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.json()).toMatchObject({ status: 429, data: {} });
  };

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    call = apiCaller(community);
    await community.core.settings.update(community.core.db.kysely, { rateLimits: { enabled: true } });
  });
  afterAll(async () => {
    await community.server.close();
  });

  it('posts: one per 5 seconds per member', async () => {
    const { statuses, last } = await burst('bob', 'posts', 2, (i) => ({
      type: 'forum-post',
      title: `Thread ${i}`,
      contributors: [CAST.bob],
    }));
    expect(statuses[0]).toBe(200);
    expectLimited(last);
    expect(Number(last.headers['retry-after'])).toBeLessThanOrEqual(5);
    // Another member is not held back by bob's limit.
    const other = await call('alice', 'POST', records('posts'), {
      type: 'forum-post',
      title: 'Mine',
      contributors: [CAST.alice],
    });
    expect(other.statusCode).toBe(200);
  });

  it('comments: one per 5 seconds per member, with Retry-After', async () => {
    const { statuses, last } = await burst('mod', 'comments', 2, (i) => ({
      target: C.published,
      author: CAST.mod,
      content: `Comment ${i}`,
    }));
    expect(statuses[0]).toBe(200);
    expectLimited(last);
  });

  it('direct messages: 20 per minute per member', async () => {
    const { statuses, last } = await burst('alice', 'messages', 21, (i) => ({
      from: CAST.alice,
      to: CAST.bob,
      content: `Message ${i}`,
    }));
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expectLimited(last);
    expect(Number(last.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('reports: 20 per day per member', async () => {
    const { statuses, last } = await burst('bob', 'reports', 21, (i) => ({
      user: CAST.bob,
      reason: `Report ${i}`,
      post: C.published,
    }));
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expectLimited(last);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(60);
  });

  it("the server's own writes are not limited", async () => {
    const { statuses } = await burst('superuser', 'comments', 3, (i) => ({
      target: C.published,
      author: CAST.alice,
      content: `System ${i}`,
    }));
    expect(statuses).toEqual([200, 200, 200]);
  });
});
