/** Presence (PRODUCT.md §8 and §2): who shows in Who's Online, and what others see of a hidden member. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PRESENCE_IDLE_MS, sweepPresence } from '../../src/site/presence';
import { describeEachDialect } from '../support/databases';
import { CAST, apiCaller, buildCommunity, type Community } from '../support/community';

describeEachDialect('presence', (getDb) => {
  let community: Community;
  let call: ReturnType<typeof apiCaller>;
  const records = 'collections/presence/records';
  const setStatus = async (role: 'alice' | 'bob' | 'mod', status: string) => {
    const id = CAST[role];
    const existing = await call(role, 'GET', `${records}/${id}`);
    const res =
      existing.statusCode === 200
        ? await call(role, 'PATCH', `${records}/${id}`, { status })
        : await call(role, 'POST', records, { id, user: id, status });
    expect(res.statusCode, res.body).toBe(200);
  };
  const whoIsOnline = async () =>
    (await call('admin', 'GET', `${records}?perPage=10000&filter=${encodeURIComponent("status = 'online'")}`))
      .json<{ items: Array<{ id: string }> }>()
      .items.map((p) => p.id);

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    call = apiCaller(community);
  });
  afterAll(async () => {
    await community.server.close();
  });

  it("Who's Online lists members whose status is online, and no one else", async () => {
    await setStatus('alice', 'online');
    await setStatus('bob', 'online');
    await setStatus('bob', 'offline');
    await setStatus('mod', 'invisible');
    expect(await whoIsOnline()).toEqual([CAST.alice]);
  });

  it('an invisible member reads as offline to others', async () => {
    const seen = await call('bob', 'GET', `${records}/${CAST.mod}`);
    expect(seen.json()).toMatchObject({ status: 'offline' });
    const listed = await call(
      'bob',
      'GET',
      `${records}?filter=${encodeURIComponent("status = 'invisible'")}`,
    );
    expect(listed.json()).toMatchObject({ totalItems: 0 });
  });

  it('the heartbeat keeps a member online; three idle minutes turn them offline', async () => {
    await setStatus('alice', 'online');
    expect(await sweepPresence(community.core, Date.now() + PRESENCE_IDLE_MS - 5000)).toBe(0);
    expect(await whoIsOnline()).toEqual([CAST.alice]);
    expect(await sweepPresence(community.core, Date.now() + PRESENCE_IDLE_MS + 1000)).toBe(1);
    expect(await whoIsOnline()).toEqual([]);
  });

  it('members set only their own presence', async () => {
    expect(
      (await call('bob', 'POST', records, { id: CAST.admin, user: CAST.admin, status: 'online' })).statusCode,
    ).toBe(400);
    expect((await call('bob', 'PATCH', `${records}/${CAST.alice}`, { status: 'offline' })).statusCode).toBe(
      404,
    );
    expect((await call('guest', 'GET', `${records}/${CAST.alice}`)).statusCode).toBe(404);
  });
});
