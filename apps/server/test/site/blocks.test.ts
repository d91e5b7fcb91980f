/**
 * Blocking (PRODUCT.md §14; issue 14 acceptance 4, issue 18 "decline blocks"), on both dialects: the
 * blocker no longer finds the blocked member's stories, series, forum posts, comments or profile in any
 * list or search (totals included) while others still do; no notification about the blocked member's
 * doings reaches the blocker; neither can message the other; staff and oneself cannot be blocked; the
 * rows are the blocker's alone; declining a message request writes a block.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listAdjustments } from '../../src/core/records/list-adjustments';
import { prepareList } from '../../src/core/records/read';
import { readerOf } from '../../src/core/records/remembered-exists';
import { guestRequest } from '../../src/core/rules/request-info';
import { LISTS_HIDING_BLOCKED, withoutBlocksWhenNone } from '../../src/site/blocks';
import { MESSAGE_REFUSED } from '../../src/site/safe-messages';
import { describeEachDialect } from '../support/databases';
import type { apiCaller } from '../support/community';
import {
  C,
  CAST,
  notificationsOf,
  type Caller,
  type Community,
  communityWithMember,
} from '../support/community';

const records = (collection: string) => `collections/${collection}/records`;
const BLOCKS = records('blocks');
const MESSAGES = records('messages');
const PUBLISHED = '2026-02-01 00:00:00.000Z';

interface Block {
  id: string;
  blocker: string;
  blocked: string;
}

describeEachDialect('blocking', (getDb) => {
  let community: Community;
  let call: ReturnType<typeof apiCaller>;
  /** A third member, who never blocks anyone: what the blocker no longer sees, carol still does. */
  let carol: { token: string };
  let carolId = '';

  const created = async (collection: string, body: object, who: Caller = 'superuser') => {
    const res = await call(who, 'POST', records(collection), body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: string }>().id;
  };
  const block = async (who: Caller, blocked: string) => {
    const blocker = typeof who === 'string' ? CAST[who as 'bob'] : carolId;
    const res = await call(who, 'POST', BLOCKS, { blocker, blocked });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Block>().id;
  };
  const unblock = async (who: Caller, id: string) => {
    const res = await call(who, 'DELETE', `${BLOCKS}/${id}`);
    expect(res.statusCode, res.body).toBe(204);
  };
  /** The ids and total of a list as `who` sees it. */
  const list = async (who: Caller, collection: string, query = '') => {
    const res = await call(who, 'GET', `${records(collection)}?perPage=200${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ totalItems: number; items: Array<{ id: string }> }>();
    return { ids: body.items.map((i) => i.id), total: body.totalItems };
  };
  const search = async (who: Caller, q: string) => {
    const res = await call(who, 'GET', `search/stories?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ totalItems: number; items: Array<{ id: string }> }>();
    return { ids: body.items.map((i) => i.id), total: body.totalItems };
  };
  const send = (who: Caller, from: string, to: string, content = 'Hello') =>
    call(who, 'POST', MESSAGES, { from, to, content });
  /**
   * The parts of a list's answer key as `token`'s caller asks it, with the site's adjustments: the
   * page, the total's count, then one count per narrowing.
   */
  const listKey = async (token: string, collection: string, filter?: string) => {
    const { core } = community;
    const auth = await core.tokens.authenticate(core.records, token);
    const request = guestRequest({ auth, query: {} });
    const listed = core.registry.find(collection)!;
    const adjustments = await listAdjustments(core, listed, request, readerOf(core.records, new Set()));
    const params = { page: 1, perPage: 20, filter, ...adjustments };
    return (await prepareList(core.records, listed, params, request)).key().split('\u0001');
  };

  // alice's work of every kind, published.
  const alice = { series: '', forum: '', forumPost: '', comment: '', profile: '' };
  let bobStoryPost = '';

  beforeAll(async () => {
    ({
      community,
      call,
      member: { id: carolId, caller: carol },
    } = await communityWithMember(getDb(), 'carol'));

    const seriesPost = await created('posts', {
      type: 'series',
      title: 'Giants of the Valley',
      contributors: [CAST.alice],
      published: PUBLISHED,
    });
    alice.series = await created('series', { post: seriesPost });
    const forum = await created('forums', { name: 'General' });
    const threadPost = await created('posts', {
      type: 'forum-post',
      title: 'Tiny questions',
      contributors: [CAST.alice],
      published: PUBLISHED,
    });
    alice.forumPost = await created('forum_posts', { post: threadPost, forum, content: 'Ask away' });
    alice.comment = await created('comments', {
      target: C.published,
      author: CAST.alice,
      content: 'Thanks all',
    });
    alice.profile = await created('profiles', { user: CAST.alice, name: 'Alice A.' });
    await created('profiles', { user: CAST.bob, name: 'Bob B.' });
    bobStoryPost = await created('posts', {
      type: 'story',
      title: 'Bob and the Beanstalk',
      contributors: [CAST.bob],
      published: PUBLISHED,
    });
    await created('stories', { post: bobStoryPost, content: 'Fee fi fo.' });
    // alice is online (Who's Online lists presence records).
    await created('presence', { id: CAST.alice, user: CAST.alice, status: 'online' }, 'alice');
  });
  afterAll(async () => {
    await community.server.close();
  });

  it("the blocker no longer finds the blocked member's stories, series, forum posts, comments, profile or presence; others still do", async () => {
    const views = async (who: Caller) => ({
      stories: await list(who, 'stories'),
      series: await list(who, 'series'),
      forumPosts: await list(who, 'forum_posts'),
      comments: await list(who, 'comments', `&filter=${encodeURIComponent(`target = '${C.published}'`)}`),
      profiles: await list(who, 'profiles'),
      posts: await list(who, 'posts', `&filter=${encodeURIComponent("published != ''")}`),
      search: await search(who, 'giant garden'),
      online: await list(who, 'presence'),
    });
    const seen = (v: Awaited<ReturnType<typeof views>>) => ({
      story: v.stories.ids.includes(C.story),
      series: v.series.ids.includes(alice.series),
      forumPost: v.forumPosts.ids.includes(alice.forumPost),
      comment: v.comments.ids.includes(alice.comment),
      profile: v.profiles.ids.includes(alice.profile),
      found: v.search.ids.includes(C.story),
      online: v.online.ids.includes(CAST.alice),
    });
    const everything = {
      story: true,
      series: true,
      forumPost: true,
      comment: true,
      profile: true,
      found: true,
      online: true,
    };
    const nothing = {
      story: false,
      series: false,
      forumPost: false,
      comment: false,
      profile: false,
      found: false,
      online: false,
    };

    const before = await views('bob');
    expect(seen(before)).toEqual(everything);

    const id = await block('bob', CAST.alice);
    const after = await views('bob');
    expect(seen(after)).toEqual(nothing);
    // Totals follow the rows, and bob's own things and other members' stay.
    expect(after.stories.total).toBe(before.stories.total - 1);
    expect(after.series.total).toBe(before.series.total - 1);
    expect(after.forumPosts.total).toBe(before.forumPosts.total - 1);
    expect(after.comments.total).toBe(before.comments.total - 1);
    expect(after.comments.ids).toContain(C.comment);
    expect(after.profiles.total).toBe(before.profiles.total - 1);
    expect(after.posts.total).toBe(before.posts.total - 3);
    expect(after.posts.ids).toContain(bobStoryPost);
    expect(after.search.total).toBe(0);
    // The profile still opens by its address (to unblock from it), and the work by its link.
    expect((await call('bob', 'GET', `${records('profiles')}/${alice.profile}`)).statusCode).toBe(200);

    // A third member and the blocked member herself see everything as before.
    expect(seen(await views(carol))).toEqual(everything);
    expect(seen(await views('alice'))).toEqual(everything);

    await unblock('bob', id);
    expect(seen(await views('bob'))).toEqual(everything);
  });

  it('a member who blocked nobody lists with the rule minus "not blocked"; a blocker keeps the whole rule', async () => {
    const { core } = community;
    const shortcut = withoutBlocksWhenNone();
    const io = readerOf(core.records);
    const ownRule = (name: string) => core.registry.find(name)?.listRule ?? undefined;
    const requestOf = async (token: string) => {
      const auth = await core.tokens.authenticate(core.records, token);
      expect(auth).not.toBeNull();
      return guestRequest({ auth });
    };
    const asCarol = await requestOf(carol.token);
    const asBob = await requestOf(community.token('bob')!);
    const id = await block('bob', CAST.alice);
    try {
      const carols = await shortcut(asCarol, ownRule, io);
      expect([...carols.keys()].sort()).toEqual([...LISTS_HIDING_BLOCKED].sort());
      for (const name of LISTS_HIDING_BLOCKED) {
        const rule = core.registry.find(name)!.listRule!;
        // Every one of these lists hides blocked members as its rule's last part...
        expect(rule, name).toMatch(/ && \(\S+\.blocks_via_blocked\.blocker != @request\.auth\.id\)$/);
        // ...which carol, who blocked nobody, is spared.
        expect(carols.get(name), name).toBe(rule.slice(0, rule.lastIndexOf(' && (')));
      }
      // No list whose rule hides blocked members is left out of the shortcut.
      const hiding = core.registry
        .all()
        .filter((collection) =>
          / && \(\S+\.blocks_via_blocked\.blocker != @request\.auth\.id\)$/.test(collection.listRule ?? ''),
        )
        .map((collection) => collection.name);
      expect(hiding.sort()).toEqual([...LISTS_HIDING_BLOCKED].sort());
      // bob, who blocked alice, keeps the whole rules.
      expect((await shortcut(asBob, ownRule, io)).size).toBe(0);
    } finally {
      await unblock('bob', id);
    }
    expect((await shortcut(asBob, ownRule, io)).size).toBe(LISTS_HIDING_BLOCKED.length);
  });

  it("a blocker's lists leave the blocked work out from its own side: the same rows and totals, the total every member shares, and only muted work reported as hidden", async () => {
    // A story alice wrote with carol, and one of carol's own, both carrying a tag bob mutes.
    const tag = await created('tags', { name: 'cobblestones' });
    const story = async (title: string, contributors: string[]) => {
      const post = await created('posts', {
        type: 'story',
        title,
        contributors,
        tags: [tag],
        published: PUBLISHED,
      });
      return { post, story: await created('stories', { post, content: title }) };
    };
    const together = await story('Two Sizes Apart', [carolId, CAST.alice]);
    const carols = await story('The Cobbled Lane', [carolId]);
    const mute = await created('mutes', { user: CAST.bob, tag }, 'bob');
    const shown = async (who: Caller, query = '', filter = "post.published != ''") => {
      const url = `${records('stories')}?perPage=200&filter=${encodeURIComponent(filter)}${query}`;
      const res = await call(who, 'GET', url);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ totalItems: number; hidden?: number; items: Array<{ id: string }> }>();
      return { ids: body.items.map((i) => i.id).sort(), total: body.totalItems, hidden: body.hidden };
    };
    const id = await block('bob', CAST.alice);
    try {
      const everyone = await shown(carol);
      const bobs = await shown('bob');
      // Every story with alice among its writers is gone, the co-written one too; the total is the rows.
      const alices = [C.story, together.story];
      expect(everyone.ids).toEqual(expect.arrayContaining([...alices, carols.story]));
      expect(bobs.ids).toEqual(everyone.ids.filter((s) => !alices.includes(s)));
      expect(bobs.total).toBe(bobs.ids.length);
      // Nothing is reported as hidden for blocked work, with or without muted tags.
      expect(bobs.hidden).toBeUndefined();
      const muted = await shown('bob', '&muted=hide');
      expect(muted.ids).toEqual(bobs.ids.filter((s) => s !== carols.story));
      expect(muted.total).toBe(muted.ids.length);
      // The co-written story carries the muted tag too, but bob could never show it: only carol's counts.
      expect(muted.hidden).toBe(1);
      // A filter through the post means what it said: alice's work is found by nobody's filter for bob.
      const byAlice = await shown('bob', '', `post.contributors.id ?= '${CAST.alice}'`);
      expect(byAlice).toEqual({ ids: [], total: 0, hidden: undefined });
      // The posts themselves, filtered as the content pages filter them.
      const posts = await list(
        'bob',
        'posts',
        `&filter=${encodeURIComponent("published != '' && type = 'story'")}`,
      );
      expect(posts.ids).not.toContain(together.post);
      expect(posts.ids).toContain(carols.post);
      expect(posts.total).toBe(posts.ids.length);

      // How: bob's total is the statement every member who blocked nobody runs (one count for all,
      // remembered), and what he blocked is counted apart.
      const filter = "post.published != ''";
      const bobsKey = await listKey(community.token('bob')!, 'stories', filter);
      const carolsKey = await listKey(carol.token, 'stories', filter);
      expect(bobsKey[1]).toBe(carolsKey[1]);
      expect(bobsKey).toHaveLength(3);
      expect(carolsKey).toHaveLength(2);
      expect(bobsKey[1]).not.toContain('blocks');
    } finally {
      await unblock('bob', id);
      expect((await call('bob', 'DELETE', `${records('mutes')}/${mute}`)).statusCode).toBe(204);
    }
    expect((await shown('bob')).ids).toEqual((await shown(carol)).ids);
  });

  it('every list that hides blocked members counts them apart for a blocker, never row by row', async () => {
    const id = await block('bob', CAST.alice);
    try {
      for (const name of LISTS_HIDING_BLOCKED) {
        const bobs = await listKey(community.token('bob')!, name);
        const carols = await listKey(carol.token, name);
        // carol blocked nobody: her rule has no blocks part. bob's has none either, and one more
        // count: the rows of the members he blocked.
        expect(carols, name).toHaveLength(2);
        expect(bobs, name).toHaveLength(3);
        expect(bobs[1], name).not.toContain('blocks');
        expect(bobs[2], name).toContain(CAST.alice);
      }
    } finally {
      await unblock('bob', id);
    }
  });

  it('a list whose rule an operator rewrote without "not blocked" is not narrowed for a blocker', async () => {
    const { core } = community;
    const stories = core.registry.find('stories')!;
    const own = stories.listRule!;
    const rewritten = own.slice(0, own.lastIndexOf(' && ('));
    const setRule = async (listRule: string) => {
      const res = await call('superuser', 'PATCH', `collections/${stories.id}`, { listRule });
      expect(res.statusCode, res.body).toBe(200);
    };
    const id = await block('bob', CAST.alice);
    try {
      expect((await list('bob', 'stories')).ids).not.toContain(C.story);
      await setRule(rewritten);
      expect((await list('bob', 'stories')).ids).toContain(C.story);
    } finally {
      await setRule(own);
      await unblock('bob', id);
    }
  });

  it("no notification about a blocked member's doings reaches the blocker; others' still do", async () => {
    const about = async (text: string) =>
      (await notificationsOf(community, 'bob')).filter((n) => n.content.includes(text)).length;
    const id = await block('bob', CAST.alice);

    // alice likes and comments on bob's story: bob hears nothing; carol's like still reaches him.
    await created('likes', { target: bobStoryPost, user: CAST.alice }, 'alice');
    await created('comments', { target: bobStoryPost, author: CAST.alice, content: 'Hmm' }, 'alice');
    expect(await about('Bob and the Beanstalk')).toBe(0);
    await created('likes', { target: bobStoryPost, user: carolId }, carol);
    expect(await about('A member liked "Bob and the Beanstalk"')).toBe(1);

    // bob and carol follow alice; her next story is published by a moderator: carol is told, bob not.
    await created('follows', { user: carolId, author: CAST.alice }, carol);
    await unblock('bob', id);
    await created('follows', { user: CAST.bob, author: CAST.alice }, 'bob');
    const again = await block('bob', CAST.alice);
    const post = await created('posts', {
      type: 'story',
      title: 'Alice Grows Again',
      contributors: [CAST.alice],
      submitted: PUBLISHED,
    });
    await created('stories', { post, content: 'Up and up.' });
    await created('post_content_actions', { post, resolver: CAST.mod, action: 'publish' }, 'mod');
    const carolHeard = (await notificationsOf(community, carol)).filter((n) =>
      n.content.includes('Alice Grows Again'),
    );
    expect(carolHeard).toHaveLength(1);
    expect(await about('Alice Grows Again')).toBe(0);
    await unblock('bob', again);
  });

  it('neither member can message the other, whoever blocked; unblocking lets them talk again; staff always can', async () => {
    expect((await send('alice', CAST.alice, CAST.bob, 'Before')).statusCode).toBe(200);
    const id = await block('bob', CAST.alice);
    for (const [who, from, to] of [
      ['bob', CAST.bob, CAST.alice],
      ['alice', CAST.alice, CAST.bob],
    ] as const) {
      const refused = await send(who, from, to);
      expect(refused.statusCode, refused.body).toBe(403);
      // The same words as any other refusal: the blocked member is not told why.
      expect(refused.json<{ message: string }>().message).toBe(MESSAGE_REFUSED);
    }
    expect((await send('mod', CAST.mod, CAST.bob, 'Staff note')).statusCode).toBe(200);
    await unblock('bob', id);
    expect((await send('alice', CAST.alice, CAST.bob, 'After')).statusCode).toBe(200);
    expect((await send('bob', CAST.bob, CAST.alice, 'Hi again')).statusCode).toBe(200);
  });

  it('staff and oneself cannot be blocked, a pair has one row, and a member blocks only as themself', async () => {
    for (const blocked of [CAST.mod, CAST.admin, CAST.bob]) {
      const res = await call('bob', 'POST', BLOCKS, { blocker: CAST.bob, blocked });
      expect(res.statusCode, res.body).toBe(400);
    }
    const forged = await call('alice', 'POST', BLOCKS, { blocker: CAST.bob, blocked: carolId });
    expect(forged.statusCode, forged.body).toBe(400);
    const id = await block('bob', carolId);
    const twice = await call('bob', 'POST', BLOCKS, { blocker: CAST.bob, blocked: carolId });
    expect(twice.statusCode, twice.body).toBe(400);
    // Staff may block a member (their own lists); the rule is only that staff cannot be blocked.
    const byMod = await call('mod', 'POST', BLOCKS, { blocker: CAST.mod, blocked: carolId });
    expect(byMod.statusCode, byMod.body).toBe(200);
    await unblock('mod', byMod.json<Block>().id);
    await unblock('bob', id);
  });

  it('the rows are private to the blocker: the blocked member never lists, views, changes or removes them', async () => {
    const id = await block('bob', carolId);
    expect((await list('bob', 'blocks')).ids).toEqual([id]);
    for (const who of [carol, 'alice', 'mod'] as const) {
      expect((await list(who, 'blocks')).total).toBe(0);
      expect((await call(who, 'GET', `${BLOCKS}/${id}`)).statusCode).toBe(404);
      expect((await call(who, 'DELETE', `${BLOCKS}/${id}`)).statusCode).toBe(404);
    }
    expect((await call('bob', 'PATCH', `${BLOCKS}/${id}`, { blocked: CAST.alice })).statusCode).toBe(403);
    // Nothing in the blocked member's own records tells of it.
    expect(await notificationsOf(community, carol)).not.toContainEqual(
      expect.objectContaining({ content: expect.stringMatching(/block/i) as unknown }),
    );
    expect(
      (await list(carol, 'blocks', `&filter=${encodeURIComponent(`blocked = '${carolId}'`)}`)).total,
    ).toBe(0);
    await unblock('bob', id);
  });

  it('declining a message request blocks the sender; unblocking lifts it', async () => {
    const first = await send(carol, carolId, CAST.alice, 'Hi, stranger');
    expect(first.statusCode, first.body).toBe(200);
    const requests = await call(
      'alice',
      'GET',
      `${records('message_requests')}?filter=${encodeURIComponent(`from = '${carolId}'`)}`,
    );
    const request = requests.json<{ items: Array<{ id: string }> }>().items[0]!;
    const declined = await call('alice', 'PATCH', `${records('message_requests')}/${request.id}`, {
      status: 'declined',
    });
    expect(declined.statusCode, declined.body).toBe(200);

    const rows = await call('alice', 'GET', BLOCKS);
    const row = rows.json<{ items: Block[] }>().items.find((b) => b.blocked === carolId);
    expect(row).toMatchObject({ blocker: CAST.alice, blocked: carolId });
    expect((await list(carol, 'blocks')).total).toBe(0);
    expect((await send(carol, carolId, CAST.alice, 'Again?')).statusCode).toBe(403);
    // carol's profile leaves alice's lists like any blocked member's.
    const carolProfile = await created('profiles', { user: carolId, name: 'Carol C.' });
    expect((await list('alice', 'profiles')).ids).not.toContain(carolProfile);

    await unblock('alice', row!.id);
    expect((await send(carol, carolId, CAST.alice, 'Thanks for unblocking')).statusCode).toBe(200);
    expect((await list('alice', 'profiles')).ids).toContain(carolProfile);
  });
});
