/**
 * PRODUCT.md §15 "Invisible means invisible": bob watches mod's presence record (its `updated` and the
 * live stream) while mod, invisible, keeps heartbeating. Nothing may tell mod from an absent member.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../support/databases';
import { RawStream } from '../support/raw-sse';
import { CAST, apiCaller, buildCommunity, type Community } from '../support/community';

describeEachDialect('invisible presence (PRODUCT.md §15)', (getDb) => {
  let community: Community;
  let api: ReturnType<typeof apiCaller>;
  let url: string;
  const records = 'collections/presence/records';

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    api = apiCaller(community);
    await community.server.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(community.server.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await community.server.close();
  });

  it("an invisible member's heartbeats move no timestamp and fire no live event; an online one's do", async () => {
    expect(
      (await api('mod', 'POST', records, { id: CAST.mod, user: CAST.mod, status: 'invisible' })).statusCode,
    ).toBe(200);
    expect(
      (await api('alice', 'POST', records, { id: CAST.alice, user: CAST.alice, status: 'online' }))
        .statusCode,
    ).toBe(200);
    const first = (await api('bob', 'GET', `${records}/${CAST.mod}`)).json<{
      status: string;
      updated: string;
    }>();
    expect(first.status).toBe('offline');

    const stream = await RawStream.open(url);
    const subscribed = await fetch(`${url}/api/realtime`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: community.token('bob')! },
      body: JSON.stringify({ clientId: stream.clientId, subscriptions: ['presence/*'] }),
    });
    expect(subscribed.status).toBe(204);
    try {
      await new Promise((resolve) => setTimeout(resolve, 5));
      for (let i = 0; i < 3; i++)
        expect(
          (await api('mod', 'PATCH', `${records}/${CAST.mod}`, { status: 'invisible' })).statusCode,
        ).toBe(200);
      // alice's heartbeat is the control: it does reach bob, after mod's would have.
      expect((await api('alice', 'PATCH', `${records}/${CAST.alice}`, { status: 'online' })).statusCode).toBe(
        200,
      );
      await stream.next((frame) => frame.data.includes(CAST.alice), 'alice heartbeat');
      expect(stream.frames.filter((frame) => frame.data.includes(CAST.mod))).toEqual([]);
    } finally {
      stream.close();
    }
    const later = (await api('bob', 'GET', `${records}/${CAST.mod}`)).json<{
      status: string;
      updated: string;
    }>();
    expect(later).toMatchObject({ status: 'offline', updated: first.updated });
  });
});
