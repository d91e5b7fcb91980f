/**
 * Leaving the site (issue 45): a member deletes their account with their password and chooses what
 * becomes of their works; after the grace period the periodic job erases the account, and nothing in
 * the database names the member any more, while what others need stays: a co-authored story stays its
 * co-author's, a conversation stays readable for the other member, counters stay true.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MailMessage } from '../../src/core/mail/mailer';
import {
  DELETED_MEMBER,
  GRACE_DAYS,
  ORPHANED,
  REMOVED_TEXT,
  USERNAME_COOLING_OFF_DAYS,
  eraseDueAccounts,
  usernameWithheld,
} from '../../src/site/account-deletion';
import { conversationId } from '../../src/site/conversations';
import { queueMail } from '../../src/site/mail-queue';
import { describeEachDialect } from '../support/databases';
import {
  C,
  CAST,
  COMMUNITY_PASSWORD,
  addMember,
  apiCaller,
  buildCommunity,
  forgetRemembered,
  signIn,
  type Caller,
  type Community,
} from '../support/community';

const DAY_MS = 86_400_000;
const afterGrace = () => Date.now() + (GRACE_DAYS + 1) * DAY_MS;

describeEachDialect('deleting one’s account (issue 45)', (getDb) => {
  let community: Community;
  let api: ReturnType<typeof apiCaller>;

  // The mails the server sends, kept in order (the confirmation link of a member without a password).
  const mails: MailMessage[] = [];

  beforeAll(async () => {
    community = await buildCommunity(getDb(), {
      mailer: {
        send: (message) => {
          mails.push(message);
          return Promise.resolve();
        },
        close: () => Promise.resolve(),
      },
    });
    api = apiCaller(community);
  });
  afterAll(async () => {
    await community.server.close();
  });

  const ok = async (who: Caller, method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object) => {
    const res = await api(who, method, path, payload);
    expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(200);
    return res.json<Record<string, unknown> & { id: string }>();
  };
  const su = 'superuser' as const;

  /** A published story with one chapter, by `who` alone. */
  async function story(who: Caller, author: string, title: string) {
    const post = await ok(who, 'POST', 'collections/posts/records', {
      type: 'story',
      title,
      contributors: [author],
    });
    await ok(who, 'POST', 'collections/stories/records', { post: post.id, content: `${title}, told.` });
    await ok(su, 'PATCH', `collections/posts/records/${post.id}`, { published: '2026-02-01 00:00:00.000Z' });
    return post.id;
  }

  /** `who` invites alice to co-author the post, and she accepts. */
  async function coAuthorWithAlice(who: Caller, inviter: string, post: string) {
    const invitation = await ok(who, 'POST', 'collections/post_invitations/records', {
      post,
      user: CAST.alice,
      inviter,
    });
    await ok('alice', 'PATCH', `collections/post_invitations/records/${invitation.id}`, {
      status: 'accepted',
    });
  }

  const postOf = (id: string) => api(su, 'GET', `collections/posts/records/${id}`);
  const countersOf = async (id: string) => {
    const post = (await postOf(id)).json<Record<string, number | undefined>>();
    const count = (name: string) => post[name] ?? 0;
    return {
      likes: count('like_count'),
      favorites: count('favorite_count'),
      views: count('view_count'),
      comments: count('comment_count'),
    };
  };

  /** A member with something of everything the account holds or gave. */
  async function leaverWithHistory(username: string) {
    const leaver = await addMember(community, username);
    const me = { token: leaver.token };
    // A mail still waiting for the member's address (the mail server was down, say).
    await queueMail(community.core, {
      to: `${username}@example.com`,
      subject: 'Waiting',
      text: 'x',
      html: '',
    });
    const solo = await story(me, leaver.id, `${username}'s own story`);
    const shared = await story(me, leaver.id, `${username} and alice`);
    await coAuthorWithAlice(me, leaver.id, shared);
    const before = await countersOf(C.published);
    await ok(me, 'POST', 'collections/likes/records', { target: C.published, user: leaver.id });
    await ok(me, 'POST', 'collections/favorites/records', { target: C.published, user: leaver.id });
    await ok(me, 'POST', 'collections/views/records', { post: C.published, user: leaver.id });
    const comment = await ok(me, 'POST', 'collections/comments/records', {
      target: C.published,
      author: leaver.id,
      content: `A thought from ${username}`,
    });
    const answered = await ok(me, 'POST', 'collections/comments/records', {
      target: C.published,
      author: leaver.id,
      content: `A question from ${username}`,
    });
    await ok('bob', 'POST', 'collections/comments/records', {
      target: C.published,
      author: CAST.bob,
      reply: answered.id,
      content: 'An answer from bob',
    });
    await ok(me, 'POST', 'collections/messages/records', {
      from: leaver.id,
      to: CAST.alice,
      content: 'Hi alice',
    });
    await ok('alice', 'POST', 'collections/messages/records', {
      from: CAST.alice,
      to: leaver.id,
      content: `Hi ${username}`,
    });
    await ok(me, 'POST', 'collections/follows/records', { user: leaver.id, author: CAST.alice });
    await ok('alice', 'POST', 'collections/follows/records', { user: CAST.alice, author: leaver.id });
    await ok(me, 'POST', 'collections/blocks/records', { blocker: leaver.id, blocked: CAST.bob });
    await ok(me, 'POST', 'collections/mutes/records', { user: leaver.id, tag: C.tag });
    await ok(me, 'POST', 'collections/read_progress/records', {
      user: leaver.id,
      story: C.story,
      paragraph: 1,
    });
    await ok(me, 'POST', 'collections/presence/records', {
      id: leaver.id,
      user: leaver.id,
      status: 'online',
    });
    await ok(me, 'POST', 'collections/profiles/records', { user: leaver.id, name: `${username} the tiny` });
    await ok(me, 'POST', 'collections/reports/records', {
      user: leaver.id,
      reason: 'spam',
      post: C.published,
    });
    return { ...leaver, me, solo, shared, comment: comment.id, answered: answered.id, before };
  }

  const askDeletion = (who: Caller, body: object) => api(who, 'POST', 'account/delete', body);

  /** Every row of every table, as text, that still carries the id. */
  async function rowsNaming(id: string): Promise<string[]> {
    const { db } = getDb();
    const tables =
      db.dialect === 'sqlite'
        ? await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(db.kysely)
        : await sql<{
            name: string;
          }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(
            db.kysely,
          );
    expect(tables.rows.length).toBeGreaterThan(30);
    const found: string[] = [];
    for (const { name } of tables.rows) {
      const rows = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(name)}`.execute(db.kysely);
      for (const row of rows.rows) {
        const asText = JSON.stringify(row, (_key, value: unknown) =>
          Buffer.isBuffer(value) ? value.toString('latin1') : value,
        );
        if (asText.includes(id)) found.push(`${name}: ${asText.slice(0, 300)}`);
      }
    }
    // On SQLite the request logs live in a file of their own (db/logs-database.ts): scanned too.
    if (db.dialect === 'sqlite') {
      const logs = await sql<Record<string, unknown>>`SELECT * FROM _logs`.execute(
        community.core.logs.database.kysely,
      );
      for (const row of logs.rows)
        if (JSON.stringify(row).includes(id)) found.push(`_logs: ${JSON.stringify(row).slice(0, 300)}`);
    }
    return found;
  }

  it('orphaning: works stay under "orphaned", shared ones stay their co-author’s, and no row names the member', async () => {
    const leaver = await leaverWithHistory('leaver');
    // Its first mark is the password, asked again.
    expect((await askDeletion(leaver.me, { works: 'orphan', password: 'not it' })).statusCode).toBe(400);
    const asked = await askDeletion(leaver.me, { works: 'orphan', password: COMMUNITY_PASSWORD });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ graceDays: 7, usernameCoolingOffDays: USERNAME_COOLING_OFF_DAYS });
    // The member's sessions ended with the request.
    expect((await api(leaver.me, 'GET', `collections/users/records/${leaver.id}`)).statusCode).toBe(404);
    // Within the grace period, nothing is erased.
    expect(await eraseDueAccounts(community.core)).toEqual([]);
    expect((await api(su, 'GET', `collections/users/records/${leaver.id}`)).statusCode).toBe(200);

    expect(await eraseDueAccounts(community.core, afterGrace())).toEqual([leaver.id]);
    // No row of any table names the member (scanned before this test's own requests name the id again),
    // nor holds their address (the queued mail went with the account).
    expect(await rowsNaming(leaver.id)).toEqual([]);
    expect(await rowsNaming('leaver@example.com')).toEqual([]);

    expect((await api(su, 'GET', `collections/users/records/${leaver.id}`)).statusCode).toBe(404);
    expect((await signIn(community, 'leaver')).status).toBe(400);
    // The story alone is readable as by "orphaned".
    const solo = await api('bob', 'GET', `collections/posts/records/${leaver.solo}?expand=contributors`);
    expect(solo.statusCode).toBe(200);
    expect(solo.json()).toMatchObject({
      contributors: [ORPHANED.id],
      expand: { contributors: [{ username: 'orphaned' }] },
    });
    // The co-authored one stays alice's, with her alone.
    expect((await postOf(leaver.shared)).json()).toMatchObject({ contributors: [CAST.alice] });
    // Comments stay, as by "deleted member"; the thread with bob's answer is whole.
    for (const id of [leaver.comment, leaver.answered]) {
      const comment = await api('bob', 'GET', `collections/comments/records/${id}?expand=author`);
      expect(comment.json()).toMatchObject({
        author: DELETED_MEMBER.id,
        expand: { author: { username: 'deleted-member' } },
      });
    }
    // Likes, favorites and the view went; the counters say so; the kept comments still count.
    expect(await countersOf(C.published)).toEqual({ ...leaver.before, comments: leaver.before.comments + 3 });
    // The conversation stays readable for alice, from and to "deleted member".
    const thread = await api(
      'alice',
      'GET',
      `collections/messages/records?sort=created&filter=${encodeURIComponent(`from = "${DELETED_MEMBER.id}" || to = "${DELETED_MEMBER.id}"`)}`,
    );
    expect(thread.json<{ items: unknown[] }>().items).toMatchObject([
      { from: DELETED_MEMBER.id, to: CAST.alice, content: 'Hi alice' },
      { from: CAST.alice, to: DELETED_MEMBER.id, content: 'Hi leaver' },
    ]);
    const conversation = await api(
      'alice',
      'GET',
      `collections/conversations/records/${conversationId(CAST.alice, DELETED_MEMBER.id)}`,
    );
    expect(conversation.json()).toMatchObject({ count: 2 });
    // The member cannot be written to through the stand-in.
    expect(
      (
        await api('alice', 'POST', 'collections/messages/records', {
          from: CAST.alice,
          to: DELETED_MEMBER.id,
          content: 'Hello?',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('deleting: works by the member alone go, shared ones stay; unanswered comments go, answered ones lose their text', async () => {
    const leaver = await leaverWithHistory('remover');
    const asked = await askDeletion(leaver.me, {
      works: 'delete',
      discussions: 'delete',
      password: COMMUNITY_PASSWORD,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(await eraseDueAccounts(community.core, afterGrace())).toEqual([leaver.id]);
    expect(await rowsNaming(leaver.id)).toEqual([]);
    expect((await postOf(leaver.solo)).statusCode).toBe(404);
    expect((await postOf(leaver.shared)).json()).toMatchObject({ contributors: [CAST.alice] });
    expect((await api(su, 'GET', `collections/comments/records/${leaver.comment}`)).statusCode).toBe(404);
    // Removing the answered comment would take bob's answer with it: it stays, emptied.
    expect((await api(su, 'GET', `collections/comments/records/${leaver.answered}`)).json()).toMatchObject({
      author: DELETED_MEMBER.id,
      content: REMOVED_TEXT,
    });
    expect(await countersOf(C.published)).toEqual({ ...leaver.before, comments: leaver.before.comments + 2 });
  });

  it('signing in during the grace period cancels the deletion', async () => {
    const member = await addMember(community, 'changedmind');
    const asked = await askDeletion(
      { token: member.token },
      { works: 'orphan', password: COMMUNITY_PASSWORD },
    );
    expect(asked.statusCode).toBe(200);
    expect((await api(su, 'GET', 'collections/account_deletions/records')).json()).toMatchObject({
      totalItems: 1,
    });
    const back = await signIn(community, 'changedmind');
    expect(back.status).toBe(200);
    expect((await api(su, 'GET', 'collections/account_deletions/records')).json()).toMatchObject({
      totalItems: 0,
    });
    expect(await eraseDueAccounts(community.core, afterGrace())).toEqual([]);
    expect(
      (await api({ token: back.body.token! }, 'GET', `collections/users/records/${member.id}`)).statusCode,
    ).toBe(200);
  });

  it('without a password, a mailed link confirms the deletion; until then nothing changes', async () => {
    const member = await addMember(community, 'ssoonly');
    const me = { token: member.token };
    const ask = await api(me, 'POST', 'account/delete/request-mail', { works: 'orphan' });
    expect(ask.statusCode, ask.body).toBe(202);
    const mail = mails.at(-1)!;
    expect(mail.to).toBe('ssoonly@example.com');
    const token = decodeURIComponent(/deleteAccountToken=([^\s"&]+)/.exec(mail.text)?.[1] ?? '');
    expect(token).not.toBe('');
    // Not yet a deletion: the session goes on, a sign-in keeps the request, the job erases nothing.
    expect((await api(me, 'GET', `collections/users/records/${member.id}`)).statusCode).toBe(200);
    const again = await signIn(community, 'ssoonly');
    expect(again.status).toBe(200);
    // (Half an hour on: the link, valid for an hour, outlives this run of the job.)
    expect(await eraseDueAccounts(community.core, Date.now() + 1_800_000)).toEqual([]);
    // A wrong or missing token is a 400 naming it; another member cannot use the link.
    for (const body of [{ token: 'not-the-token' }, {}, { token: 42 }]) {
      const res = await api(me, 'POST', 'account/delete/confirm', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json<{ data: object }>().data)).toEqual(['token']);
    }
    expect((await api('bob', 'POST', 'account/delete/confirm', { token })).statusCode).toBe(400);
    expect((await api('guest', 'POST', 'account/delete/confirm', { token })).statusCode).toBe(401);
    const confirmed = await api(me, 'POST', 'account/delete/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ graceDays: GRACE_DAYS });
    // Used once: the sessions ended, and the link does not confirm again.
    expect((await api(me, 'GET', `collections/users/records/${member.id}`)).statusCode).toBe(404);
    const later = { token: (await signIn(community, 'ssoonly')).body.token! };
    expect((await api(later, 'POST', 'account/delete/confirm', { token })).statusCode).toBe(400);
  });

  it('an unconfirmed request expires with its link; mails are limited per hour', async () => {
    const member = await addMember(community, 'mailtwice');
    const me = { token: member.token };
    for (let n = 0; n < 3; n++)
      expect((await api(me, 'POST', 'account/delete/request-mail', { works: 'delete' })).statusCode).toBe(
        202,
      );
    expect((await api(me, 'POST', 'account/delete/request-mail', { works: 'delete' })).statusCode).toBe(429);
    expect((await api(me, 'POST', 'account/delete/request-mail', { works: 'burn' })).statusCode).toBe(400);
    const pending = () =>
      api(
        su,
        'GET',
        `collections/account_deletions/records?filter=${encodeURIComponent(`user = "${member.id}"`)}`,
      );
    expect((await pending()).json()).toMatchObject({ totalItems: 1 });
    await eraseDueAccounts(community.core, Date.now() + 2 * 3_600_000);
    expect((await pending()).json()).toMatchObject({ totalItems: 0 });
    expect((await api(su, 'GET', `collections/users/records/${member.id}`)).statusCode).toBe(200);
  });

  it('two runs of the job at once erase an account once', async () => {
    const member = await addMember(community, 'twiceover');
    await askDeletion({ token: member.token }, { works: 'orphan', password: COMMUNITY_PASSWORD });
    const at = afterGrace();
    const runs = await Promise.all([
      eraseDueAccounts(community.core, at),
      eraseDueAccounts(community.core, at),
    ]);
    expect(runs.flat()).toEqual([member.id]);
  });

  it('refuses unclear requests with 4xx answers naming the field', async () => {
    const member = await addMember(community, 'unclear');
    const me = { token: member.token };
    expect((await askDeletion('guest', { works: 'orphan', password: COMMUNITY_PASSWORD })).statusCode).toBe(
      401,
    );
    expect(
      (await askDeletion('superuser', { works: 'orphan', password: COMMUNITY_PASSWORD })).statusCode,
    ).toBe(401);
    const cases: Array<[object, string]> = [
      [{ works: 'orphan' }, 'password'],
      [{ works: 'orphan', password: 42 }, 'password'],
      [{ password: COMMUNITY_PASSWORD }, 'works'],
      [{ works: 'burn', password: COMMUNITY_PASSWORD }, 'works'],
      [{ works: 'orphan', discussions: ['keep'], password: COMMUNITY_PASSWORD }, 'discussions'],
      [{ works: 'orphan', password: 'wrong' }, 'password'],
    ];
    for (const [body, field] of cases) {
      const res = await askDeletion(me, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json<{ data: object }>().data)).toEqual([field]);
    }
    const notJson = await community.server.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: { authorization: member.token, 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(notJson.statusCode).toBe(400);
    expect((await api(su, 'GET', `collections/users/records/${member.id}`)).statusCode).toBe(200);
  });

  it('an admin deletes an account at once, with a reason the moderation log keeps', async () => {
    const member = await addMember(community, 'spammer');
    const me = { token: member.token };
    const post = await story(me, member.id, 'Spam, spam');
    const staffDelete = (who: Caller, user: string, body: object) =>
      api(who, 'POST', 'account/delete-member', { user, ...body });
    const body = { works: 'delete', reason: 'Spam account' };
    expect((await staffDelete('guest', member.id, body)).statusCode).toBe(401);
    expect((await staffDelete('mod', member.id, body)).statusCode).toBe(403);
    expect((await staffDelete(me, member.id, body)).statusCode).toBe(403);
    expect((await staffDelete('admin', member.id, { works: 'delete' })).statusCode).toBe(400);
    expect((await staffDelete('admin', member.id, { reason: 'x' })).statusCode).toBe(400);
    expect((await staffDelete('admin', CAST.admin, body)).statusCode).toBe(400);
    expect((await staffDelete('admin', ORPHANED.id, body)).statusCode).toBe(400);
    expect((await staffDelete('admin', 'nosuchmember000', body)).statusCode).toBe(404);
    expect((await staffDelete('admin', '', body)).statusCode).toBe(400);
    expect((await staffDelete('admin', member.id, body)).statusCode).toBe(204);
    expect(await rowsNaming(member.id)).toEqual([]);
    expect((await api(su, 'GET', `collections/users/records/${member.id}`)).statusCode).toBe(404);
    expect((await postOf(post)).statusCode).toBe(404);
    // A ban can end in deletion: a banned member's account is deleted the same way.
    const banned = await staffDelete('admin', CAST.banned, { ...body, reason: 'Banned for good' });
    expect(banned.statusCode).toBe(204);
    expect((await api(su, 'GET', `collections/users/records/${CAST.banned}`)).statusCode).toBe(404);
    const log = await ok(
      'mod',
      'GET',
      `collections/moderation_log/records?filter=${encodeURIComponent("action = 'delete_account'")}`,
    );
    // Two entries within the same millisecond sort either way: compared by reason.
    const entries = (log.items as Array<{ reason: string }>).sort((a, b) => a.reason.localeCompare(b.reason));
    expect(entries).toMatchObject([
      { moderator: CAST.admin, reason: 'Banned for good', target_id: '', owner: '' },
      { moderator: CAST.admin, reason: 'Spam account', target_id: '', owner: '' },
    ]);
  });

  it('an erased member’s username is free again only after the cooling-off period', async () => {
    const member = await addMember(community, 'cooling');
    const erased = await api('admin', 'POST', 'account/delete-member', {
      user: member.id,
      works: 'orphan',
      reason: 'asked by mail',
    });
    expect(erased.statusCode).toBe(204);
    const register = (username: string) =>
      api('guest', 'POST', 'collections/users/records', {
        username,
        email: `${username}-${Date.now()}@example.com`,
        password: COMMUNITY_PASSWORD,
        passwordConfirm: COMMUNITY_PASSWORD,
        birthday: '1990-01-01',
      });
    for (const name of ['cooling', 'Cooling', 'orphaned', 'deleted-member']) {
      const res = await register(name);
      expect(res.statusCode, name).toBe(400);
      expect(res.json<{ data: object }>().data).toHaveProperty('username');
    }
    // What the importers ask before they give an archive's pen name as a username.
    const withheld = (name: string) => usernameWithheld(community.core.db.kysely, name);
    expect([await withheld('Cooling'), await withheld('Orphaned'), await withheld('warming')]).toEqual([
      true,
      true,
      false,
    ]);
    await eraseDueAccounts(community.core, Date.now() + (USERNAME_COOLING_OFF_DAYS + 1) * DAY_MS);
    expect(await withheld('cooling')).toBe(false);
    expect((await register('cooling')).statusCode).toBe(200);
  });
});

describeEachDialect('the stand-in accounts beside a member who already had the name (issue 45)', (getDb) => {
  let community: Community;
  beforeAll(async () => {
    community = await buildCommunity(getDb());
  });
  afterAll(async () => {
    await community.server.close();
  });

  it('a member named "orphaned" before there were stand-ins keeps the name; the stand-in is named apart', async () => {
    // Written as an operator's old data would be: the site refuses the name to members now.
    await sql`UPDATE users SET username = 'orphaned' WHERE id = ${CAST.bob}`.execute(
      community.core.db.kysely,
    );
    forgetRemembered(community);
    const api = apiCaller(community);
    const member = await addMember(community, 'leaving');
    const post = await api({ token: member.token }, 'POST', 'collections/posts/records', {
      type: 'story',
      title: 'Left behind',
      contributors: [member.id],
    });
    expect(post.statusCode).toBe(200);
    const erased = await api('admin', 'POST', 'account/delete-member', {
      user: member.id,
      works: 'orphan',
      reason: 'asked by mail',
    });
    expect(erased.statusCode, erased.body).toBe(204);
    const kept = await api(
      'superuser',
      'GET',
      `collections/posts/records/${post.json<{ id: string }>().id}?expand=contributors`,
    );
    expect(kept.json()).toMatchObject({ contributors: [ORPHANED.id] });
    expect(
      kept.json<{ expand: { contributors: Array<{ username: string }> } }>().expand.contributors[0]?.username,
    ).toMatch(/^orphaned-[a-z0-9]{6}$/);
    expect((await api('superuser', 'GET', `collections/users/records/${CAST.bob}`)).json()).toMatchObject({
      username: 'orphaned',
    });
  });
});
