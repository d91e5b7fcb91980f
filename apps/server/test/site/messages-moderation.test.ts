/** Direct messages (PRODUCT.md §6) and moderation (§7). */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../support/databases';
import {
  CAST,
  C,
  COMMUNITY_PASSWORD,
  apiCaller,
  buildCommunity,
  signIn,
  type Community,
} from '../support/community';

describeEachDialect('direct messages and moderation', (getDb) => {
  let community: Community;
  let call: ReturnType<typeof apiCaller>;
  const records = (collection: string) => `collections/${collection}/records`;
  const pair = (a: string, b: string) => [a, b].sort().join(':');

  /** A fresh member with a profile, made by the superuser; returns the user and profile ids. */
  const newMember = async (username: string) => {
    const user = await call('superuser', 'POST', records('users'), {
      username,
      email: `${username}@example.com`,
      password: COMMUNITY_PASSWORD,
      passwordConfirm: COMMUNITY_PASSWORD,
      birthday: '1991-01-01',
    });
    expect(user.statusCode, user.body).toBe(200);
    const id = user.json<{ id: string }>().id;
    const profile = (
      await call('superuser', 'POST', records('profiles'), { user: id, name: username })
    ).json<{
      id: string;
    }>();
    return { id, profile: profile.id };
  };

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    call = apiCaller(community);
  });
  afterAll(async () => {
    await community.server.close();
  });

  it('one conversation per pair, whichever side writes', async () => {
    const id = pair(CAST.mod, CAST.admin);
    await call('mod', 'POST', records('messages'), { from: CAST.mod, to: CAST.admin, content: 'Ping' });
    await call('admin', 'POST', records('messages'), { from: CAST.admin, to: CAST.mod, content: 'Pong' });
    const list = await call('mod', 'GET', `${records('conversations')}?perPage=50`);
    const mine = list.json<{ items: Array<{ id: string }> }>().items.filter((c) => c.id === id);
    expect(mine).toHaveLength(1);
    expect((await call('admin', 'GET', `${records('conversations')}/${id}`)).json()).toMatchObject({
      count: 2,
      lastMessageContent: 'Pong',
    });
    expect((await call('bob', 'POST', records('conversations'), { id })).statusCode).toBe(403);
  });

  it('no messages to oneself or to banned members', async () => {
    const self = await call('bob', 'POST', records('messages'), {
      from: CAST.bob,
      to: CAST.bob,
      content: 'Me',
    });
    expect(self.statusCode).toBe(400);
    const banned = await call('bob', 'POST', records('messages'), {
      from: CAST.bob,
      to: CAST.banned,
      content: 'Hi',
    });
    expect(banned.statusCode).toBe(400);
    const forged = await call('bob', 'POST', records('messages'), {
      from: CAST.alice,
      to: CAST.mod,
      content: 'x',
    });
    expect(forged.statusCode).toBe(400);
  });

  it("opening a conversation marks the viewer's unread messages read; only the recipient may", async () => {
    const sent = (
      await call('alice', 'POST', records('messages'), { from: CAST.alice, to: CAST.mod, content: 'Read me' })
    ).json<{ id: string }>();
    const id = pair(CAST.alice, CAST.mod);
    const unreadForMod = async () => {
      const c = (await call('mod', 'GET', `${records('conversations')}/${id}`)).json<{
        unreadForA: number;
        unreadForB: number;
      }>();
      return id.startsWith(CAST.mod) ? c.unreadForA : c.unreadForB;
    };
    expect(await unreadForMod()).toBe(1);
    expect(
      (await call('alice', 'PATCH', `${records('messages')}/${sent.id}`, { is_read: true })).statusCode,
    ).toBe(404);
    expect(
      (await call('mod', 'PATCH', `${records('messages')}/${sent.id}`, { content: 'Edited' })).statusCode,
    ).toBe(404);
    expect(
      (await call('mod', 'PATCH', `${records('messages')}/${sent.id}`, { is_read: true })).statusCode,
    ).toBe(200);
    expect(await unreadForMod()).toBe(0);
  });

  it('ban needs a resolution text', async () => {
    const report = (
      await call('alice', 'POST', records('reports'), {
        user: CAST.alice,
        reason: 'rude',
        comment: C.comment,
      })
    ).json<{ id: string }>();
    const bare = await call('mod', 'PATCH', `${records('reports')}/${report.id}`, {
      action: 'ban',
      resolver: CAST.mod,
    });
    expect(bare.statusCode).toBe(404);
    expect(
      (await call('bob', 'GET', `${records('users')}/${CAST.bob}`)).json<{ is_banned: boolean }>().is_banned,
    ).toBe(false);
  });

  it('resolve changes nothing but records who resolved the report, how, when and why', async () => {
    const report = (
      await call('alice', 'POST', records('reports'), {
        user: CAST.alice,
        reason: 'spoiler',
        post: C.published,
      })
    ).json<{ id: string; updated: string }>();
    const res = await call('mod', 'PATCH', `${records('reports')}/${report.id}`, {
      action: 'resolve',
      resolver: CAST.mod,
      resolution: 'Spoiler tags added by the author.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      action: 'resolve',
      resolver: CAST.mod,
      resolution: 'Spoiler tags added by the author.',
    });
    expect(res.json<{ updated: string }>().updated >= report.updated).toBe(true);
    expect((await call('bob', 'GET', `${records('posts')}/${C.published}`)).statusCode).toBe(200);
    // The reporter sees the outcome of their own report, not of others'.
    expect((await call('alice', 'GET', `${records('reports')}/${report.id}`)).statusCode).toBe(200);
    expect((await call('bob', 'GET', `${records('reports')}/${report.id}`)).statusCode).toBe(404);
  });

  it('a ban on a profile report bans the profile owner, who can no longer sign in', async () => {
    const troll = await newMember('troll');
    expect((await signIn(community, 'troll')).status).toBe(200);
    const report = (
      await call('bob', 'POST', records('reports'), {
        user: CAST.bob,
        reason: 'Hateful bio',
        profile: troll.profile,
      })
    ).json<{ id: string }>();
    const res = await call('mod', 'PATCH', `${records('reports')}/${report.id}`, {
      action: 'ban',
      resolver: CAST.mod,
      resolution: 'Hate speech in the profile.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('mod', 'GET', `${records('users')}/${troll.id}`)).json()).toMatchObject({
      is_banned: true,
    });
    expect((await signIn(community, 'troll')).body).toMatchObject({
      status: 403,
      message: 'This account has been banned.',
    });
    // The banned member's content stays until a moderator removes it.
    expect((await call('bob', 'GET', `${records('profiles')}/${troll.profile}`)).statusCode).toBe(200);
  });

  it('delete on a message report removes the reported message', async () => {
    const spammer = await newMember('spammer');
    const token = (await signIn(community, 'spammer')).body.token!;
    const message = (
      await call({ token }, 'POST', records('messages'), {
        from: spammer.id,
        to: CAST.bob,
        content: 'Buy now',
      })
    ).json<{ id: string }>();
    const report = (
      await call('bob', 'POST', records('reports'), { user: CAST.bob, reason: 'spam', message: message.id })
    ).json<{ id: string }>();
    await call('mod', 'PATCH', `${records('reports')}/${report.id}`, {
      action: 'delete',
      resolver: CAST.mod,
      resolution: 'Spam.',
    });
    expect((await call('bob', 'GET', `${records('messages')}/${message.id}`)).statusCode).toBe(404);
  });

  it('moderators delete any post or comment; members only their own', async () => {
    const comment = (
      await call('bob', 'POST', records('comments'), {
        target: C.published,
        author: CAST.bob,
        content: 'Meh',
      })
    ).json<{ id: string }>();
    const thread = (
      await call('bob', 'POST', records('posts'), {
        type: 'forum-post',
        title: 'Off topic',
        contributors: [CAST.bob],
      })
    ).json<{ id: string }>();
    expect((await call('admin', 'DELETE', `${records('posts')}/${thread.id}`)).statusCode).toBe(204);
    expect((await call('mod', 'DELETE', `${records('comments')}/${comment.id}`)).statusCode).toBe(204);
    expect((await call('bob', 'DELETE', `${records('posts')}/${C.published}`)).statusCode).toBe(404);
  });

  it("a moderator's direct delete or ban is logged with who, what, when and why", async () => {
    const logOf = async (targetId: string) =>
      (
        await call(
          'admin',
          'GET',
          `${records('moderation_log')}?filter=${encodeURIComponent(`target_id = '${targetId}'`)}`,
        )
      ).json<{ items: Array<Record<string, unknown>> }>().items;
    const thread = (
      await call('bob', 'POST', records('posts'), {
        type: 'forum-post',
        title: 'Rule breaker',
        contributors: [CAST.bob],
      })
    ).json<{ id: string }>();
    const reply = (
      await call('superuser', 'POST', records('comments'), {
        target: thread.id,
        author: CAST.alice,
        content: 'Hm',
      })
    ).json<{ id: string }>();
    const deleted = await call(
      'mod',
      'DELETE',
      `${records('posts')}/${thread.id}?reason=${encodeURIComponent('Breaks rule 3.')}`,
    );
    expect(deleted.statusCode).toBe(204);
    const entries = await logOf(thread.id);
    expect(entries).toEqual([
      expect.objectContaining({
        moderator: CAST.mod,
        action: 'delete',
        target_collection: 'posts',
        summary: 'forum-post: Rule breaker',
        owner: CAST.bob,
        reason: 'Breaks rule 3.',
      }),
    ]);
    expect(String(entries[0]?.created)).not.toBe('');
    // The comment that went with the thread is part of the same action, not a second one.
    expect(await logOf(reply.id)).toEqual([]);

    const banned = await call(
      'mod',
      'PATCH',
      `${records('users')}/${CAST.alice}?reason=${encodeURIComponent('Spam wave.')}`,
      {
        is_banned: true,
      },
    );
    expect(banned.statusCode, banned.body).toBe(200);
    expect(await logOf(CAST.alice)).toEqual([
      expect.objectContaining({
        moderator: CAST.mod,
        action: 'ban',
        owner: CAST.alice,
        reason: 'Spam wave.',
      }),
    ]);
    await call('mod', 'PATCH', `${records('users')}/${CAST.alice}`, { is_banned: false });
    expect((await logOf(CAST.alice)).map((e) => e.action).sort()).toEqual(['ban', 'unban']);

    // A moderator removing their own comment is not a moderator action; members cannot read the log.
    const own = (
      await call('mod', 'POST', records('comments'), {
        target: C.published,
        author: CAST.mod,
        content: 'Oops',
      })
    ).json<{ id: string }>();
    await call('mod', 'DELETE', `${records('comments')}/${own.id}`);
    expect(await logOf(own.id)).toEqual([]);
    expect((await call('bob', 'GET', records('moderation_log'))).json()).toMatchObject({ totalItems: 0 });
    expect(
      (await call('mod', 'POST', records('moderation_log'), { moderator: CAST.mod, action: 'ban' }))
        .statusCode,
    ).toBe(403);
  });

  it('the admin counts are the totalItems of page-1, size-1 lists', async () => {
    const open = (
      await community.core.db.kysely
        .selectFrom('reports')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('resolver', '=', '')
        .executeTakeFirstOrThrow()
    ).n;
    const res = await call(
      'mod',
      'GET',
      `${records('reports')}?page=1&perPage=1&filter=${encodeURIComponent("resolver = ''")}`,
    );
    expect(res.json()).toMatchObject({ page: 1, perPage: 1, totalItems: Number(open) });
    expect(res.json<{ items: unknown[] }>().items).toHaveLength(1);
    const queue = await call(
      'mod',
      'GET',
      `${records('posts')}?page=1&perPage=1&filter=${encodeURIComponent("published = '' && submitted != ''")}`,
    );
    expect(queue.json<{ totalItems: number }>().totalItems).toBeGreaterThanOrEqual(1);
    // A member asking the same gets only their own reports.
    const bobs = (
      await community.core.db.kysely
        .selectFrom('reports')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user', '=', CAST.bob)
        .executeTakeFirstOrThrow()
    ).n;
    const asMember = await call('bob', 'GET', `${records('reports')}?page=1&perPage=1`);
    expect(asMember.json<{ totalItems: number }>().totalItems).toBe(Number(bobs));
  });
});
