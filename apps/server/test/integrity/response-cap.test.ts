/**
 * PRODUCT.md §15 "Cost caps": one member's request cannot make the server answer with megabytes. A
 * page of five 2 MB stories (each within its own limit) is more than the 8 MB cap: a clear 400.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_RESPONSE_BYTES } from '../../src/apis/response-cap';
import { createRecord } from '../../src/core/records/write';
import { systemRequest } from '../../src/core/rules/request-info';
import { describeEachDialect } from '../support/databases';
import { CAST, apiCaller, buildCommunity, type Community } from '../support/community';

describeEachDialect('response size cap (PRODUCT.md §15)', (getDb) => {
  let community: Community;
  let api: ReturnType<typeof apiCaller>;

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    api = apiCaller(community);
    const { core } = community;
    const system = systemRequest(core.registry.find('_superusers')!);
    const big = `<p>${'giant '.repeat(330_000)}</p>`;
    for (let i = 0; i < 5; i++) {
      const post = await createRecord(
        core.records,
        core.registry.find('posts')!,
        {
          type: 'story',
          title: `Long ${i}`,
          contributors: [CAST.alice],
          published: '2026-01-01 00:00:00.000Z',
        },
        system,
      );
      await createRecord(
        core.records,
        core.registry.find('stories')!,
        { post: post.id, content: big },
        system,
      );
    }
  });
  afterAll(async () => {
    await community.server.close();
  });

  it('a member asking for more than 8 MB in one answer gets a clear 400; smaller pages work', async () => {
    // The second answer comes from memory, as bytes (records/list-cache.ts): capped all the same.
    for (const _ of ['rendered now', 'remembered']) {
      const whole = await api('bob', 'GET', 'collections/stories/records?perPage=10&expand=post');
      expect(whole.statusCode).toBe(400);
      expect(whole.json<{ message: string }>().message).toMatch(/too large/);
      expect(whole.body.length).toBeLessThan(1000);
    }
    const page = await api('bob', 'GET', 'collections/stories/records?perPage=2');
    expect(page.statusCode).toBe(200);
    expect(page.body.length).toBeLessThan(MAX_RESPONSE_BYTES);
  });

  it('a superuser may still export it', async () => {
    const whole = await api('superuser', 'GET', 'collections/stories/records?perPage=10');
    expect(whole.statusCode).toBe(200);
    expect(whole.body.length).toBeGreaterThan(MAX_RESPONSE_BYTES);
  });
});
