/** The community's server behaviour (PRODUCT.md §3-6), one named test per rule, on both dialects. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PRESENCE_IDLE_MS, sweepPresence } from '../../src/site/presence';
import { describeEachDialect } from '../support/databases';
import { C, CAST, COMMUNITY_PASSWORD, buildCommunity, type Community, type Role } from '../support/community';

describeEachDialect('community behaviour', (getDb) => {
  let community: Community;
  const call = (role: Role, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
    const token = community.token(role);
    return community.server.inject({
      method,
      url: `/api/collections/${url}`,
      ...(payload ? { payload } : {}),
      headers: token ? { authorization: token } : {},
    });
  };
  const notificationsOf = async (role: Role) =>
    (await call(role, 'GET', 'notifications/records?sort=-created&perPage=100')).json<{
      items: Array<{ content: string; href: string; read: boolean }>;
    }>().items;

  beforeAll(async () => {
    community = await buildCommunity(getDb());
  });
  afterAll(async () => {
    await community.server.close();
  });

  it('registration stores the username and email in lower case', async () => {
    const res = await call('guest', 'POST', 'users/records', {
      username: 'Tiny.Traveler',
      email: ' Tiny@Example.COM ',
      password: COMMUNITY_PASSWORD,
      passwordConfirm: COMMUNITY_PASSWORD,
      birthday: '1995-03-03',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ username: 'tiny.traveler' });
    const stored = await community.core.db.kysely
      .selectFrom('users')
      .select('email')
      .where('username', '=', 'tiny.traveler')
      .executeTakeFirstOrThrow();
    expect(stored.email).toBe('tiny@example.com');
  });

  it('registration refuses members under 18', async () => {
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 17);
    const res = await call('guest', 'POST', 'users/records', {
      username: 'tooyoung',
      email: 'young@example.com',
      password: COMMUNITY_PASSWORD,
      passwordConfirm: COMMUNITY_PASSWORD,
      birthday: young.toISOString().slice(0, 10),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      data: {
        birthday: { code: 'validation_too_young', message: 'You must be at least 18 years old to register' },
      },
    });
  });

  it("a profile's age is computed from its member's birthday", async () => {
    const res = await call('bob', 'POST', 'profiles/records', { user: CAST.bob, name: 'Bob' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ age: number }>().age).toBeGreaterThanOrEqual(36);
  });

  it('a new story is submitted for review, and publishing it notifies its contributors', async () => {
    const created = await call('alice', 'POST', 'posts/records', {
      type: 'story',
      title: 'Shrinking Sunday',
      contributors: [CAST.alice],
    });
    expect(created.statusCode, created.body).toBe(200);
    const post = created.json<{ id: string; submitted: string; published: string }>();
    expect(post.submitted).not.toBe('');
    expect(post.published).toBe('');
    await call('alice', 'POST', 'stories/records', { post: post.id, content: 'It began on a Sunday.' });
    const queue = await call(
      'mod',
      'GET',
      `posts/records?filter=${encodeURIComponent("published = '' && submitted != ''")}&sort=created`,
    );
    expect(queue.json<{ items: Array<{ id: string }> }>().items.map((p) => p.id)).toContain(post.id);

    const decision = await call('mod', 'POST', 'post_content_actions/records', {
      post: post.id,
      resolver: CAST.mod,
      action: 'publish',
    });
    expect(decision.statusCode, decision.body).toBe(200);
    const published = await call('bob', 'GET', `posts/records/${post.id}`);
    expect(published.statusCode).toBe(200);
    expect(published.json<{ published: string }>().published).not.toBe('');
    const notes = await notificationsOf('alice');
    expect(notes[0]).toMatchObject({
      content: 'Your submission "Shrinking Sunday" was published',
      read: false,
    });
    expect(notes[0]?.href).toMatch(/^\/stories\/[a-z0-9]{15}$/);
    expect(await notificationsOf('mod')).toEqual([]);
  });

  it('rejecting a submission needs a reason, sends it back to draft and tells the author why', async () => {
    const draft = (
      await call('alice', 'POST', 'posts/records', {
        type: 'story',
        title: 'Growing Pains',
        contributors: [CAST.alice],
      })
    ).json<{ id: string }>();
    expect(
      (
        await call('mod', 'POST', 'post_content_actions/records', {
          post: draft.id,
          resolver: CAST.mod,
          action: 'reject',
        })
      ).statusCode,
    ).toBe(400);
    const res = await call('mod', 'POST', 'post_content_actions/records', {
      post: draft.id,
      resolver: CAST.mod,
      action: 'reject',
      resolution: 'Please add content warnings.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const post = await call('alice', 'GET', `posts/records/${draft.id}`);
    expect(post.json()).toMatchObject({ submitted: '', published: '' });
    expect((await notificationsOf('alice'))[0]?.content).toBe(
      'Your submission "Growing Pains" was rejected: Please add content warnings.',
    );
    const trail = await call(
      'alice',
      'GET',
      `post_content_actions/records?filter=${encodeURIComponent(`post = '${draft.id}'`)}`,
    );
    expect(trail.json()).toMatchObject({
      totalItems: 1,
      items: [{ action: 'reject', title: 'Growing Pains', resolver: CAST.mod }],
    });
  });

  it('three likes fold into one notification, and the like counter follows likes and unlikes', async () => {
    for (const role of ['bob', 'mod', 'admin'] as const) {
      const user = CAST[role];
      expect((await call(role, 'POST', 'likes/records', { target: C.published, user })).statusCode).toBe(200);
    }
    const likes = (await notificationsOf('alice')).filter((n) => n.content.includes('liked'));
    expect(likes).toHaveLength(1);
    expect(likes[0]?.content).toBe('3 members liked "The Giant Garden"');
    expect(
      (await call('bob', 'GET', `posts/records/${C.published}`)).json<{ like_count: number }>().like_count,
    ).toBe(3);
    const mine = (
      await call('bob', 'GET', `likes/records?filter=${encodeURIComponent(`user = '${CAST.bob}'`)}`)
    ).json<{ items: Array<{ id: string }> }>().items[0]!;
    expect((await call('bob', 'DELETE', `likes/records/${mine.id}`)).statusCode).toBe(204);
    expect(
      (await call('bob', 'GET', `posts/records/${C.published}`)).json<{ like_count: number }>().like_count,
    ).toBe(2);
  });

  it('a comment notifies the post author; a reply notifies the parent comment author; never the actor', async () => {
    const comment = await call('mod', 'POST', 'comments/records', {
      target: C.published,
      author: CAST.mod,
      content: 'Wonderful',
      reply: C.comment,
    });
    expect(comment.statusCode, comment.body).toBe(200);
    const id = comment.json<{ id: string }>().id;
    const alice = (await notificationsOf('alice')).find(
      (n) => n.content === 'New comment on "The Giant Garden"',
    );
    expect(alice?.href).toMatch(new RegExp(`^/stories/${C.story}#comment-${id}$`));
    const bob = (await notificationsOf('bob')).find((n) => n.content.startsWith('New reply'));
    expect(bob?.content).toBe('New reply to your comment on "The Giant Garden"');
    expect((await notificationsOf('mod')).some((n) => n.content.includes('comment'))).toBe(false);
    expect(
      // the cast already had one comment
      (await call('bob', 'GET', `posts/records/${C.published}`)).json<{ comment_count: number }>()
        .comment_count,
    ).toBe(2);
  });

  it("a message raises the recipient's unread count and not the sender's; reading clears it", async () => {
    const sent = await call('alice', 'POST', 'messages/records', {
      from: CAST.alice,
      to: CAST.bob,
      content: 'Hi Bob!',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const id = [CAST.alice, CAST.bob].sort().join(':');
    const conversation = await call('bob', 'GET', `conversations/records/${id}`);
    expect(conversation.statusCode, conversation.body).toBe(200);
    // A is the lower id (alice), B is bob: bob has alice's new message and his own earlier one to alice.
    expect(conversation.json()).toMatchObject({
      count: 2,
      lastMessageContent: 'Hi Bob!',
      unreadForA: 1,
      unreadForB: 1,
    });
    expect(
      (await call('bob', 'PATCH', `messages/records/${sent.json<{ id: string }>().id}`, { is_read: true }))
        .statusCode,
    ).toBe(200);
    expect((await call('alice', 'GET', `conversations/records/${id}`)).json()).toMatchObject({
      unreadForA: 1,
      unreadForB: 0,
    });
    expect((await call('mod', 'GET', `conversations/records/${id}`)).statusCode).toBe(404);
  });

  it('resolving a report with delete removes the reported comment and tells the reporter', async () => {
    const comment = (
      await call('alice', 'POST', 'comments/records', {
        target: C.published,
        author: CAST.alice,
        content: 'Spam spam spam',
      })
    ).json<{ id: string }>();
    const report = (
      await call('bob', 'POST', 'reports/records', { user: CAST.bob, reason: 'spam', comment: comment.id })
    ).json<{ id: string }>();
    expect(
      (await call('mod', 'PATCH', `reports/records/${report.id}`, { action: 'delete', resolver: CAST.mod }))
        .statusCode,
    ).toBe(404);
    const resolved = await call('mod', 'PATCH', `reports/records/${report.id}`, {
      action: 'delete',
      resolver: CAST.mod,
      resolution: 'Spam removed.',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect((await call('alice', 'GET', `comments/records/${comment.id}`)).statusCode).toBe(404);
    expect((await notificationsOf('bob')).some((n) => n.content.includes('handled your report'))).toBe(true);
  });

  it("resolving a report with ban makes the author's token fail at once", async () => {
    const report = (
      await call('alice', 'POST', 'reports/records', {
        user: CAST.alice,
        reason: 'harassment',
        message: C.message,
      })
    ).json<{ id: string }>();
    expect(
      (await call('bob', 'GET', 'users/records?perPage=1')).json<{ totalItems: number }>().totalItems,
    ).toBe(1);
    const res = await call('mod', 'PATCH', `reports/records/${report.id}`, {
      action: 'ban',
      resolver: CAST.mod,
      resolution: 'Repeated harassment.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('bob', 'POST', 'users/auth-refresh')).statusCode).toBe(401);
    const signIn = await community.server.inject({
      method: 'POST',
      url: '/api/collections/users/auth-with-password',
      payload: { identity: 'bob', password: COMMUNITY_PASSWORD },
    });
    expect(signIn.json()).toMatchObject({ status: 403, message: 'This account has been banned.' });
  });

  it('presence turns offline after the sweep', async () => {
    expect(
      (
        await call('alice', 'POST', 'presence/records', {
          id: CAST.alice,
          user: CAST.alice,
          status: 'online',
        })
      ).statusCode,
    ).toBe(200);
    expect(await sweepPresence(community.core)).toBe(0);
    expect(await sweepPresence(community.core, Date.now() + PRESENCE_IDLE_MS + 1000)).toBe(1);
    expect((await call('mod', 'GET', `presence/records/${CAST.alice}`)).json()).toMatchObject({
      status: 'offline',
    });
  });

  it('a member may post one comment per 5 seconds when the limits are on', async () => {
    await community.core.settings.update(community.core.db.kysely, { rateLimits: { enabled: true } });
    try {
      const first = await call('mod', 'POST', 'comments/records', {
        target: C.published,
        author: CAST.mod,
        content: 'One',
      });
      const second = await call('mod', 'POST', 'comments/records', {
        target: C.published,
        author: CAST.mod,
        content: 'Two',
      });
      expect([first.statusCode, second.statusCode]).toEqual([200, 429]);
    } finally {
      await community.core.settings.update(community.core.db.kysely, { rateLimits: { enabled: false } });
    }
  });
});
