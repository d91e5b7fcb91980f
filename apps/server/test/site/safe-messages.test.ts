/**
 * Safe messages (PRODUCT.md §14, issue 18 acceptance 3), on both dialects: who may start a conversation
 * with a member (everyone, verified members older than 7 days, nobody; staff always), first messages as
 * requests (accept, decline = block), and blocked members unable to message each other. Every refusal
 * reads the same.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { MESSAGE_REFUSED } from '../../src/site/safe-messages';
import { describeEachDialect } from '../support/databases';
import {
  CAST,
  apiCaller,
  buildCommunity,
  forgetRemembered,
  type Caller,
  type Community,
} from '../support/community';

const MESSAGES = 'collections/messages/records';
const REQUESTS = 'collections/message_requests/records';
const pair = (a: string, b: string) => [a, b].sort().join(':');

interface RequestRecord {
  id: string;
  from: string;
  to: string;
  status: string;
}

describeEachDialect('safe messages', (getDb) => {
  let community: Community;
  let call: ReturnType<typeof apiCaller>;

  const send = (who: 'alice' | 'bob' | 'mod' | 'admin', to: string, content = 'Hello') =>
    call(who, 'POST', MESSAGES, { from: CAST[who], to, content });

  async function requestsOf(who: Caller) {
    const res = await call(who, 'GET', `${REQUESTS}?sort=created`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: RequestRecord[] }>().items;
  }

  async function conversation(who: Caller, a: string, b: string) {
    const res = await call(who, 'GET', `collections/conversations/records/${pair(a, b)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ request: string; declined_by: string; count: number }>();
  }

  /** Sets a member's `messages_from` directly, as their own settings save would. */
  async function setMessagesFrom(who: 'alice' | 'bob', choice: string) {
    const res = await call(who, 'PATCH', `collections/users/records/${CAST[who]}`, {
      settings: { messages_from: choice },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** Wipes every message and request, so each rule starts from strangers. */
  async function strangers() {
    const db = community.core.db.kysely;
    await sql`DELETE FROM message_requests`.execute(db);
    // A declined request also wrote a block (site/blocks.ts).
    await sql`DELETE FROM blocks`.execute(db);
    await sql`DELETE FROM messages`.execute(db);
    await sql`DELETE FROM conversations`.execute(db);
    await sql`DELETE FROM users WHERE id = 'newbieeeeeeeeee'`.execute(db);
    forgetRemembered(community);
  }

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    call = apiCaller(community);
  });
  afterAll(async () => {
    await community.server.close();
  });
  beforeEach(async () => {
    await strangers();
    // Each rule starts from the default choice for both members.
    for (const who of ['alice', 'bob'] as const) await setMessagesFrom(who, 'everyone');
  });

  it("a stranger's first message lands in the recipient's requests, not their conversations", async () => {
    const res = await send('bob', CAST.alice, 'Hi, we never met');
    expect(res.statusCode, res.body).toBe(200);
    const [request] = await requestsOf('alice');
    expect(request).toMatchObject({ from: CAST.bob, to: CAST.alice, status: 'pending' });
    // Only the recipient sees the request; the sender is not told.
    expect(await requestsOf('bob')).toEqual([]);
    expect((await conversation('alice', CAST.alice, CAST.bob)).request).toBe(CAST.alice);
    const mine = await call(
      'alice',
      'GET',
      `collections/conversations/records?filter=${encodeURIComponent(`request != "${CAST.alice}"`)}`,
    );
    expect(mine.json<{ totalItems: number }>().totalItems).toBe(0);
    // More messages from the sender join the same request.
    expect((await send('bob', CAST.alice, 'Are you there?')).statusCode).toBe(200);
    expect(await requestsOf('alice')).toHaveLength(1);
  });

  it('accepting a request moves the conversation into the list; so does replying', async () => {
    await send('bob', CAST.alice);
    const [request] = await requestsOf('alice');
    const accept = await call('alice', 'PATCH', `${REQUESTS}/${request!.id}`, { status: 'accepted' });
    expect(accept.statusCode, accept.body).toBe(200);
    expect((await conversation('alice', CAST.alice, CAST.bob)).request).toBe('');

    await strangers();
    await send('alice', CAST.bob);
    expect((await send('bob', CAST.alice, 'Nice to meet you')).statusCode).toBe(200);
    expect((await requestsOf('bob'))[0]?.status).toBe('accepted');
    expect((await conversation('bob', CAST.alice, CAST.bob)).request).toBe('');
  });

  it('only the recipient answers a request, and only with accepted or declined', async () => {
    await send('bob', CAST.alice);
    const [request] = await requestsOf('alice');
    expect(
      (await call('bob', 'PATCH', `${REQUESTS}/${request!.id}`, { status: 'accepted' })).statusCode,
    ).toBe(404);
    expect(
      (await call('alice', 'PATCH', `${REQUESTS}/${request!.id}`, { status: 'pending' })).statusCode,
    ).toBe(404);
    expect((await call('alice', 'PATCH', `${REQUESTS}/${request!.id}`, { status: 'bogus' })).statusCode).toBe(
      400,
    );
    expect(
      (await call('alice', 'PATCH', `${REQUESTS}/${request!.id}`, { status: 'accepted', from: CAST.mod }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('alice', 'POST', REQUESTS, { from: CAST.bob, to: CAST.alice, status: 'accepted' }))
        .statusCode,
    ).toBe(403);
  });

  it('declining blocks: neither can message the other, with the same refusal as any other', async () => {
    await send('bob', CAST.alice);
    const [request] = await requestsOf('alice');
    expect(
      (await call('alice', 'PATCH', `${REQUESTS}/${request!.id}`, { status: 'declined' })).statusCode,
    ).toBe(200);
    for (const [who, to] of [
      ['bob', CAST.alice],
      ['alice', CAST.bob],
    ] as const) {
      const refused = await send(who, to, 'Still there?');
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json<{ message: string }>().message).toBe(MESSAGE_REFUSED);
    }
    // The declined conversation leaves the member's requests and list; the sender sees no change.
    expect(await conversation('alice', CAST.alice, CAST.bob)).toMatchObject({
      request: '',
      declined_by: CAST.alice,
    });
    expect(await requestsOf('alice')).toMatchObject([{ status: 'declined' }]);
    // Staff are never blocked from writing.
    expect((await send('mod', CAST.alice, 'A note from the moderators')).statusCode).toBe(200);
  });

  it('"nobody" refuses everyone but staff; a conversation under way goes on', async () => {
    await setMessagesFrom('alice', 'nobody');
    const refused = await send('bob', CAST.alice);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(MESSAGE_REFUSED);
    expect((await send('mod', CAST.alice)).statusCode).toBe(200);
    expect((await send('admin', CAST.alice)).statusCode).toBe(200);
    // Staff's first messages are not requests.
    expect(await requestsOf('alice')).toEqual([]);

    await setMessagesFrom('alice', 'everyone');
    expect((await send('bob', CAST.alice)).statusCode).toBe(200);
    await setMessagesFrom('alice', 'nobody');
    expect((await send('bob', CAST.alice, 'We already talk')).statusCode).toBe(200);
  });

  it('"verified" lets in verified members who joined over 7 days ago, and nobody else', async () => {
    await setMessagesFrom('bob', 'verified');
    const db = community.core.db.kysely;
    const old = '2026-01-01 00:00:00.000Z';
    // alice is verified; bob's settings are what is checked.
    await sql`UPDATE users SET created = ${old} WHERE id = ${CAST.alice}`.execute(db);
    forgetRemembered(community);
    expect((await send('alice', CAST.bob)).statusCode).toBe(200);

    await strangers();
    await sql`UPDATE users SET created = ${new Date().toISOString().replace('T', ' ')} WHERE id = ${CAST.alice}`.execute(
      db,
    );
    forgetRemembered(community);
    const tooNew = await send('alice', CAST.bob);
    expect(tooNew.statusCode).toBe(403);
    expect(tooNew.json<{ message: string }>().message).toBe(MESSAGE_REFUSED);

    await sql`UPDATE users SET created = ${old}, verified = ${community.core.db.flavor.bool(false)} WHERE id = ${CAST.alice}`.execute(
      db,
    );
    forgetRemembered(community);
    expect((await send('alice', CAST.bob)).statusCode).toBe(403);
    await sql`UPDATE users SET verified = ${community.core.db.flavor.bool(true)} WHERE id = ${CAST.alice}`.execute(
      db,
    );
    forgetRemembered(community);
  });

  it('an unknown choice reads as the default, everyone', async () => {
    await setMessagesFrom('alice', 'friends-of-friends');
    expect((await send('bob', CAST.alice)).statusCode).toBe(200);
  });
});

/**
 * Blocking from a profile (PRODUCT.md §14) lives in the `blocks` collection (collections/blocks.ts);
 * messages honour any row between the two members, whichever of them is the blocker.
 */
describeEachDialect('safe messages with blocks', (getDb) => {
  let community: Community;
  let call: ReturnType<typeof apiCaller>;

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    call = apiCaller(community);
  });
  afterAll(async () => {
    await community.server.close();
  });

  it('members with a block between them cannot message each other, even mid-conversation; staff still can', async () => {
    // bob and alice already talk (the community's first message is bob's).
    expect(
      (await call('alice', 'POST', MESSAGES, { from: CAST.alice, to: CAST.bob, content: 'Hi' })).statusCode,
    ).toBe(200);
    const block = await call('alice', 'POST', 'collections/blocks/records', {
      blocker: CAST.alice,
      blocked: CAST.bob,
    });
    expect(block.statusCode, block.body).toBe(200);
    for (const [who, to] of [
      ['bob', CAST.alice],
      ['alice', CAST.bob],
    ] as const) {
      const refused = await call(who, 'POST', MESSAGES, { from: CAST[who], to, content: 'Hello?' });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json<{ message: string }>().message).toBe(MESSAGE_REFUSED);
    }
    expect(
      (await call('mod', 'POST', MESSAGES, { from: CAST.mod, to: CAST.bob, content: 'Staff note' }))
        .statusCode,
    ).toBe(200);
    // Another pair is not affected.
    expect(
      (await call('bob', 'POST', MESSAGES, { from: CAST.bob, to: CAST.mod, content: 'Thanks' })).statusCode,
    ).toBe(200);
  });
});
