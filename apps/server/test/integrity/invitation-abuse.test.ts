/**
 * Co-author invitations as a hostile member sends them (issue 41): a declined invitation is not sent
 * again, invitations have a write limit, and members who blocked each other cannot invite each other.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MESSAGE_REFUSED } from '../../src/site/safe-messages';
import { describeEachDialect } from '../support/databases';
import { CAST, apiCaller, buildCommunity, notificationsOf, type Community } from '../support/community';

describeEachDialect('co-author invitations under abuse', (getDb) => {
  let community: Community;
  let api: ReturnType<typeof apiCaller>;

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    api = apiCaller(community);
  });
  afterAll(async () => {
    await community.server.close();
  });

  const newPost = async (title: string) => {
    const res = await api('alice', 'POST', 'collections/posts/records', {
      type: 'story',
      title,
      contributors: [CAST.alice],
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: string }>().id;
  };
  const invite = (post: string, user: string) =>
    api('alice', 'POST', 'collections/post_invitations/records', { post, user, inviter: CAST.alice });
  const answer = (id: string, status: 'accepted' | 'declined') =>
    api('bob', 'PATCH', `collections/post_invitations/records/${id}`, { status });
  const invitationsTo = async (who: 'bob' | 'mod', title: string) =>
    (await notificationsOf(community, who)).filter(
      (n) => n.content === `You are invited to co-author "${title}"`,
    ).length;

  it('invite, decline, invite again ten times: one notification, and each repeat is refused', async () => {
    const post = await newPost('Asked Once');
    const first = await invite(post, CAST.bob);
    expect(first.statusCode, first.body).toBe(200);
    const id = first.json<{ id: string }>().id;
    expect((await answer(id, 'declined')).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) {
      const again = await invite(post, CAST.bob);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ data: { user: { code: 'validation_invitation_declined' } } });
      // Withdrawing the refusal to clear the way is not the inviter's to do.
      expect(
        (await api('alice', 'DELETE', `collections/post_invitations/records/${id}`)).statusCode,
      ).toBeGreaterThanOrEqual(400);
    }
    expect(await invitationsTo('bob', 'Asked Once')).toBe(1);
  });

  it('the invitee who declined may accept after all, and joins', async () => {
    const post = await newPost('Second Thoughts');
    const id = (await invite(post, CAST.bob)).json<{ id: string }>().id;
    await answer(id, 'declined');
    const accepted = await answer(id, 'accepted');
    expect(accepted.statusCode, accepted.body).toBe(200);
    const read = await api('alice', 'GET', `collections/posts/records/${post}`);
    expect(read.json<{ contributors: string[] }>().contributors).toEqual([CAST.alice, CAST.bob]);
    // An accepted answer is final.
    expect((await answer(id, 'declined')).statusCode).toBe(404);
  });

  it('the invitee who dismisses a declined invitation may be asked again', async () => {
    const post = await newPost('Ask Me Later');
    const id = (await invite(post, CAST.bob)).json<{ id: string }>().id;
    await answer(id, 'declined');
    expect((await api('bob', 'DELETE', `collections/post_invitations/records/${id}`)).statusCode).toBe(204);
    const asked = await invite(post, CAST.bob);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(await invitationsTo('bob', 'Ask Me Later')).toBe(2);
  });

  it('a member who blocked the inviter is not reached: the same answer as a refused message', async () => {
    const post = await newPost('Across a Block');
    const block = await api('bob', 'POST', 'collections/blocks/records', {
      blocker: CAST.bob,
      blocked: CAST.alice,
    });
    expect(block.statusCode, block.body).toBe(200);
    const refused = await invite(post, CAST.bob);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: MESSAGE_REFUSED });
    const mine = await api('bob', 'GET', 'collections/post_invitations/records');
    expect(mine.json<{ items: { title: string }[] }>().items.map((i) => i.title)).not.toContain(
      'Across a Block',
    );
    expect(await invitationsTo('bob', 'Across a Block')).toBe(0);
    await api('bob', 'DELETE', `collections/blocks/records/${block.json<{ id: string }>().id}`);
    expect((await invite(post, CAST.bob)).statusCode).toBe(200);
  });

  it('nor may a member invite someone they blocked', async () => {
    const post = await newPost('Blocked Invitee');
    const block = await api('alice', 'POST', 'collections/blocks/records', {
      blocker: CAST.alice,
      blocked: CAST.bob,
    });
    expect(block.statusCode, block.body).toBe(200);
    const refused = await invite(post, CAST.bob);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: MESSAGE_REFUSED });
    await api('alice', 'DELETE', `collections/blocks/records/${block.json<{ id: string }>().id}`);
  });
});

describeEachDialect('co-author invitations have a write limit', (getDb) => {
  let community: Community;
  let api: ReturnType<typeof apiCaller>;

  beforeAll(async () => {
    community = await buildCommunity(getDb(), { rateLimits: true });
    api = apiCaller(community);
  });
  afterAll(async () => {
    await community.server.close();
  });

  it('twenty invitations an hour per member, then 429 with Retry-After', async () => {
    const post = await api('alice', 'POST', 'collections/posts/records', {
      type: 'story',
      title: 'Everyone Is Invited',
      contributors: [CAST.alice],
    });
    expect(post.statusCode, post.body).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      // Members made by the superuser, who meets no limit.
      const invitee = await api('superuser', 'POST', 'collections/users/records', {
        username: `invitee${i}`,
        email: `invitee${i}@example.com`,
        password: 'tiny giant 42',
        passwordConfirm: 'tiny giant 42',
        birthday: '1991-06-06',
      });
      expect(invitee.statusCode, invitee.body).toBe(200);
      const res = await api('alice', 'POST', 'collections/post_invitations/records', {
        post: post.json<{ id: string }>().id,
        user: invitee.json<{ id: string }>().id,
        inviter: CAST.alice,
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([...Array<number>(20).fill(200), 429, 429]);
  });
});
