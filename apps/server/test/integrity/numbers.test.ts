/**
 * PRODUCT.md §15 "Bad numbers are 400s": out-of-range page and perPage answer a clear 400 (or an
 * empty page), never a 500, on every list endpoint, sent raw as a stranger would.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../support/databases';
import { apiCaller, buildCommunity, type Community } from '../support/community';

describeEachDialect('bad numbers (PRODUCT.md §15)', (getDb) => {
  let community: Community;
  let api: ReturnType<typeof apiCaller>;

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    api = apiCaller(community);
  });
  afterAll(async () => {
    await community.server.close();
  });

  const numbers = ['99999999999999999999', '9007199254740993', '2147483648', '-99999999999999999999'];

  it('a huge page or perPage is a 400 naming the parameter, for guests, members and superusers', async () => {
    for (const who of ['guest', 'bob', 'superuser'] as const) {
      for (const n of numbers) {
        for (const key of ['page', 'perPage']) {
          const res = await api(who, 'GET', `collections/posts/records?${key}=${n}`);
          expect(res.statusCode, `${who} ${key}=${n}`).toBe(400);
          expect(res.json()).toHaveProperty(`data.${key}.code`, 'validation_out_of_range');
        }
      }
    }
    const collections = await api('superuser', 'GET', `collections?page=${numbers[0]}`);
    expect(collections.statusCode).toBe(400);
  });

  it('the largest page allowed is an empty page, not an error', async () => {
    const res = await api('bob', 'GET', 'collections/posts/records?page=2147483647&perPage=1000');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ items: [] });
  });
});
