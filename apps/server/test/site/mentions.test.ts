/**
 * @mentions (issue 44): a member named as `@username` in a comment or a forum thread is told, once,
 * unless they blocked the writer or cannot see the post; at most 10 names of a text count; an edit
 * that adds a mention tells that member then.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecord } from '../../src/core/records/write';
import { systemRequest } from '../../src/core/rules/request-info';
import { MAX_MENTION_NOTICES, mentionedUsernames } from '../../src/site/mentions';
import { describeEachDialect } from '../support/databases';
import {
  C,
  CAST,
  addMember,
  apiCaller,
  buildCommunity,
  notificationsOf,
  type Caller,
  type Community,
} from '../support/community';

describe('the names a text mentions', () => {
  it('reads @names in prose, once each, lower-cased, in order', () => {
    expect(mentionedUsernames('Hi @Bob, and @carol.smith. Also @bob again (@dave_9)!')).toEqual([
      'bob',
      'carol.smith',
      'dave_9',
    ]);
  });
  it('leaves out addresses, code, and names too short to be a username', () => {
    const text = 'Mail me@example.com or write to @al.\n\n`@inline` code\n\n```\n@fenced\n```\n\nthen @zoe-k';
    expect(mentionedUsernames(text)).toEqual(['zoe-k']);
  });
});

describeEachDialect('@mentions (issue 44)', (getDb) => {
  let community: Community;
  let api: ReturnType<typeof apiCaller>;
  let carol: { id: string; token: string };
  let dave: { id: string; token: string };

  const ok = async (who: Caller, method: 'POST' | 'PATCH', url: string, payload: object) => {
    const res = await api(who, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json<{ id: string }>();
  };
  const mentionsOf = async (who: Caller) =>
    (await notificationsOf(community, who)).filter((n) => n.icon === 'mention');
  const comment = (content: string, extra: object = {}) =>
    ok('alice', 'POST', 'collections/comments/records', {
      target: C.published,
      author: CAST.alice,
      content,
      ...extra,
    });

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    api = apiCaller(community);
    carol = await addMember(community, 'carol');
    dave = await addMember(community, 'dave');
  });
  afterAll(async () => {
    await community.server.close();
  });

  it('tells each member a comment mentions, with a link to the comment, and not the writer', async () => {
    const made = await comment('Thanks @carol and @Dave, and @alice (me) and @nobody-here.');
    for (const who of [{ token: carol.token }, { token: dave.token }]) {
      const [notice] = await mentionsOf(who);
      expect(notice).toMatchObject({
        content: 'You were mentioned in a comment on "The Giant Garden"',
        href: `/stories/${C.story}#comment-${made.id}`,
      });
    }
    expect(await mentionsOf('alice')).toEqual([]);
  });

  it('does not tell a member who blocked the writer', async () => {
    await ok({ token: dave.token }, 'POST', 'collections/blocks/records', {
      blocker: dave.id,
      blocked: CAST.alice,
    });
    const before = (await mentionsOf({ token: dave.token })).length;
    await comment('Are you there @dave?');
    expect(await mentionsOf({ token: dave.token })).toHaveLength(before);
  });

  it('does not tell a member who cannot see the post; a moderator who can is told', async () => {
    // A comment on a story still in review, as the server writes one: bob cannot see that story.
    await createRecord(
      community.core.records,
      community.core.registry.find('comments')!,
      { target: C.draft, author: CAST.alice, content: 'Notes for @bob and @mod' },
      systemRequest(community.core.registry.find('_superusers')!),
    );
    expect(await mentionsOf('bob')).toEqual([]);
    expect((await mentionsOf('mod')).map((n) => n.content)).toEqual([
      'You were mentioned in a comment on "A Tiny Draft"',
    ]);
  });

  it(`tells at most ${MAX_MENTION_NOTICES} names of one text`, async () => {
    const filler = Array.from({ length: MAX_MENTION_NOTICES - 1 }, (_, i) => `@ghost${i}`).join(' ');
    const before = (await mentionsOf({ token: carol.token })).length;
    await comment(`${filler} @carol @bob`);
    // carol is the tenth name: told; bob the eleventh: not.
    expect(await mentionsOf({ token: carol.token })).toHaveLength(before + 1);
    expect(await mentionsOf('bob')).toEqual([]);
  });

  it('an edit that adds a mention tells that member once; an edit that keeps it tells nobody again', async () => {
    const made = await comment('First draft of a thank-you.');
    await ok('alice', 'PATCH', `collections/comments/records/${made.id}`, { content: 'Thank you @bob!' });
    expect(await mentionsOf('bob')).toHaveLength(1);
    await ok('alice', 'PATCH', `collections/comments/records/${made.id}`, {
      content: 'Thank you so much @bob!',
    });
    expect(await mentionsOf('bob')).toHaveLength(1);
  });

  it('a reply that mentions the comment it answers tells its author once, as a reply', async () => {
    const parent = await comment('What did you think, everyone?');
    const before = await notificationsOf(community, 'alice');
    await ok('bob', 'POST', 'collections/comments/records', {
      target: C.published,
      author: CAST.bob,
      reply: parent.id,
      content: 'Loved it @alice',
    });
    const after = await notificationsOf(community, 'alice');
    const fresh = after.filter((n) => !before.some((b) => b.id === n.id));
    // She is the story's author and the parent's: one notice, not three.
    expect(fresh).toHaveLength(1);
    expect(fresh[0]!.icon).not.toBe('mention');
  });

  it('tells the members a forum thread mentions, with a link to the thread', async () => {
    const forum = await ok('admin', 'POST', 'collections/forums/records', {
      name: 'Mentions',
      sort_order: 9,
    });
    const post = await ok('superuser', 'POST', 'collections/posts/records', {
      type: 'forum-post',
      title: 'Meet-up',
      contributors: [CAST.alice],
    });
    const thread = await ok('superuser', 'POST', 'collections/forum_posts/records', {
      post: post.id,
      forum: forum.id,
      content: 'Who is coming? @carol, @alice',
    });
    const notices = (await mentionsOf({ token: carol.token })).filter((n) => n.content.includes('Meet-up'));
    expect(notices).toEqual([
      expect.objectContaining({
        content: 'You were mentioned in "Meet-up"',
        href: `/forums/${forum.id}/posts/${thread.id}`,
      }),
    ]);
    expect((await mentionsOf('alice')).some((n) => n.content.includes('Meet-up'))).toBe(false);
  });
});
