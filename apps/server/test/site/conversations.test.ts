/**
 * Conversations (PRODUCT.md §6) are matched to their members by two hidden side columns, `member_a`
 * and `member_b` (the halves of the id), instead of a LIKE over the id. These tests pin what callers
 * see (the same as before the sides existed) and the start-up backfill for databases that predate them.
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { communityCollections } from '../../src/collections';
import type { CollectionInput } from '../../src/core/collections/model';
import { ensureCollections } from '../../src/site/ensure-collections';
import { describeEachDialect } from '../support/databases';
import { CAST, apiCaller, buildCommunity, type Community } from '../support/community';

globalThis.EventSource = (await import('eventsource')).EventSource as unknown as typeof EventSource;

const LIST = 'collections/conversations/records';
const pair = (a: string, b: string) => [a, b].sort().join(':');

interface Page {
  items: Array<Record<string, unknown>>;
  totalItems: number;
}

/** Messages between these pairs (bob → alice is already in the test community). */
const EXCHANGES: Array<[keyof typeof CAST, keyof typeof CAST]> = [
  ['alice', 'mod'],
  ['bob', 'mod'],
  ['mod', 'admin'],
];

/** Each member's conversations, as ids (bob↔alice from the community, plus EXCHANGES). */
const expected = (who: keyof typeof CAST) =>
  [[CAST.bob, CAST.alice] as const, ...EXCHANGES.map(([a, b]) => [CAST[a], CAST[b]] as const)]
    .filter(([a, b]) => a === CAST[who] || b === CAST[who])
    .map(([a, b]) => pair(a, b))
    .sort();

const ids = (page: Page) => page.items.map((c) => String(c.id)).sort();

/** The conversations collection as it was before the sides existed: LIKE over the id. */
function withoutSides(definition: CollectionInput): CollectionInput {
  const before =
    "(@request.auth.id != '' && @request.auth.collectionName = 'users') && (id ~ @request.auth.id)";
  return {
    ...definition,
    listRule: before,
    viewRule: before,
    fields: (definition.fields ?? []).filter((f) => f.name !== 'member_a' && f.name !== 'member_b'),
    indexes: ['CREATE INDEX idx_conversations_last ON "conversations" ("lastTimestamp")'],
  };
}

async function sendExchanges(call: ReturnType<typeof apiCaller>) {
  for (const [from, to] of EXCHANGES) {
    const res = await call(from, 'POST', 'collections/messages/records', {
      from: CAST[from],
      to: CAST[to],
      content: `${from} to ${to}`,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

describeEachDialect('conversations by side', (getDb) => {
  let community: Community;
  let call: ReturnType<typeof apiCaller>;

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    call = apiCaller(community);
    await sendExchanges(call);
  });
  afterAll(async () => {
    await community.server.close();
  });

  it("a member's conversation list holds only their own conversations", async () => {
    for (const who of ['alice', 'bob', 'mod', 'admin'] as const) {
      const all = await call(who, 'GET', `${LIST}?perPage=100&sort=-lastTimestamp`);
      expect(all.statusCode, all.body).toBe(200);
      expect(ids(all.json<Page>()), who).toEqual(expected(who));
      // The web app's own query (bench/community/scenarios.ts 'conversations') gives the same.
      const filter = encodeURIComponent(`id ~ "${CAST[who]}"`);
      const app = await call(who, 'GET', `${LIST}?perPage=100&sort=-lastTimestamp&filter=${filter}`);
      expect(ids(app.json<Page>()), who).toEqual(expected(who));
    }
    // Guests see nothing, as before; a banned member's token no longer signs in, so the same.
    for (const who of ['guest', 'banned'] as const) {
      const res = await call(who, 'GET', LIST);
      expect(res.statusCode, who).toBe(200);
      expect(res.json<Page>().totalItems, who).toBe(0);
    }
  });

  it('views: one side of the pair may, anyone else gets 404', async () => {
    const id = pair(CAST.bob, CAST.mod);
    expect((await call('bob', 'GET', `${LIST}/${id}`)).statusCode).toBe(200);
    expect((await call('mod', 'GET', `${LIST}/${id}`)).statusCode).toBe(200);
    expect((await call('alice', 'GET', `${LIST}/${id}`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', `${LIST}/${id}`)).statusCode).toBe(404);
  });

  it('member_a and member_b never appear in members’ responses', async () => {
    const list = (await call('mod', 'GET', `${LIST}?perPage=100`)).json<Page>();
    expect(list.items.length).toBeGreaterThan(0);
    const view = (await call('mod', 'GET', `${LIST}/${pair(CAST.mod, CAST.admin)}`)).json<
      Record<string, unknown>
    >();
    for (const record of [...list.items, view]) {
      expect(record).toHaveProperty('lastTimestamp');
      expect(record).not.toHaveProperty('member_a');
      expect(record).not.toHaveProperty('member_b');
    }
    // They are filled all the same (the rules above depend on it).
    const sides = await sql<{ member_a: string; member_b: string }>`
      SELECT member_a, member_b FROM conversations WHERE id = ${pair(CAST.mod, CAST.admin)}`.execute(
      community.core.db.kysely,
    );
    expect(sides.rows[0]).toEqual({
      member_a: [CAST.mod, CAST.admin].sort()[0],
      member_b: [CAST.mod, CAST.admin].sort()[1],
    });
  });

  it('member_a and member_b cannot be filtered or sorted on by clients (400, as any hidden field)', async () => {
    for (const query of [
      `filter=${encodeURIComponent(`member_a = "${CAST.alice}"`)}`,
      `filter=${encodeURIComponent(`member_b != ""`)}`,
      'sort=member_a',
    ]) {
      const res = await call('alice', 'GET', `${LIST}?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });
  it('live updates reach the two sides only, without the side fields', async () => {
    const server = community.server;
    if (!server.server.listening) await server.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    const live = (role: 'alice' | 'admin') => {
      const pb = new PocketBase(url);
      pb.autoCancellation(false);
      pb.authStore.save(community.token(role)!, null);
      return pb;
    };
    const alice = live('alice');
    const admin = live('admin');
    const received: Record<string, Array<Record<string, unknown>>> = { alice: [], admin: [] };
    const arrived = new Promise<void>((resolve) => {
      void alice.collection('conversations').subscribe('*', (e) => {
        received.alice!.push(e.record);
        resolve();
      });
    });
    await admin.collection('conversations').subscribe('*', (e) => {
      received.admin!.push(e.record);
    });
    await new Promise((r) => setTimeout(r, 100));
    const res = await call('bob', 'POST', 'collections/messages/records', {
      from: CAST.bob,
      to: CAST.alice,
      content: 'Live!',
    });
    expect(res.statusCode, res.body).toBe(200);
    await arrived;
    await new Promise((r) => setTimeout(r, 200));
    expect(received.alice!.map((r) => r.id)).toEqual([pair(CAST.bob, CAST.alice)]);
    expect(received.alice![0]).toMatchObject({ lastMessageContent: 'Live!' });
    expect(received.alice![0]).not.toHaveProperty('member_a');
    expect(received.alice![0]).not.toHaveProperty('member_b');
    expect(received.admin).toEqual([]);
    await alice.realtime.unsubscribe();
    await admin.realtime.unsubscribe();
  });
});

describeEachDialect('conversations backfill at start-up', (getDb) => {
  let community: Community;
  let call: ReturnType<typeof apiCaller>;
  const older = communityCollections.map((d) => (d.name === 'conversations' ? withoutSides(d) : d));

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    call = apiCaller(community);
    await sendExchanges(call);
  });
  afterAll(async () => {
    await community.server.close();
  });

  it('fills the sides of conversations written before they existed, once', async () => {
    const { core } = community;
    // Back to the shape before this change: the side columns are dropped, the rows stay.
    await ensureCollections(core, older);
    expect(core.registry.find('conversations')!.fields.map((f) => f.name)).not.toContain('member_a');
    expect(ids((await call('mod', 'GET', `${LIST}?perPage=100`)).json<Page>())).toEqual(expected('mod'));

    // The next start brings the current definitions: the columns come back empty and are filled.
    const report = await ensureCollections(core, communityCollections);
    expect(report.updated).toContain('conversations');
    const empty = await sql<{ n: number | string }>`
      SELECT COUNT(*) AS n FROM conversations WHERE member_a = '' OR member_b = ''`.execute(core.db.kysely);
    expect(Number(empty.rows[0]!.n)).toBe(0);
    const wrong = await sql<{ n: number | string }>`
      SELECT COUNT(*) AS n FROM conversations WHERE member_a || ':' || member_b != id`.execute(
      core.db.kysely,
    );
    expect(Number(wrong.rows[0]!.n)).toBe(0);
    for (const who of ['alice', 'bob', 'mod', 'admin'] as const) {
      const list = await call(who, 'GET', `${LIST}?perPage=100&sort=-lastTimestamp`);
      expect(ids(list.json<Page>()), who).toEqual(expected(who));
    }

    // Starting again changes nothing, and new messages keep their conversation's sides.
    expect(await ensureCollections(core, communityCollections)).toEqual({ created: [], updated: [] });
    const res = await call('alice', 'POST', 'collections/messages/records', {
      from: CAST.alice,
      to: CAST.admin,
      content: 'hello admin',
    });
    expect(res.statusCode, res.body).toBe(200);
    const admin = await call('admin', 'GET', `${LIST}?perPage=100`);
    expect(ids(admin.json<Page>())).toContain(pair(CAST.alice, CAST.admin));
  });
});
