/**
 * Following an author or a series (PRODUCT.md §14 "Reading"; issue 16 acceptance 2 and 4): followers are
 * told of new published work, live, once, never before it is published and never about what they
 * cannot view; whom a member follows is private to them.
 */
import type { AddressInfo } from 'node:net';
import PocketBase from 'pocketbase';

import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../support/databases';
import { CAST, apiCaller, buildCommunity, notificationsOf, type Community } from '../support/community';

// Node 20 has no EventSource; the SDK picks up the global.
globalThis.EventSource = (await import('eventsource')).EventSource as unknown as typeof EventSource;

describeEachDialect('following authors and series', (getDb) => {
  let community: Community;
  let call: ReturnType<typeof apiCaller>;
  const records = (collection: string) => `collections/${collection}/records`;
  const FOLLOWS = records('follows');

  /** A story by alice in review (optionally a chapter of `series`); returns its post and story ids. */
  const submitStory = async (title: string, series = '') => {
    const post = (
      await call('superuser', 'POST', records('posts'), {
        type: 'story',
        title,
        contributors: [CAST.alice],
        submitted: '2026-03-01 00:00:00.000Z',
      })
    ).json<{ id: string }>();
    const story = (
      await call('superuser', 'POST', records('stories'), {
        post: post.id,
        content: 'Text.',
        ...(series ? { series } : {}),
      })
    ).json<{ id: string }>();
    if (series) await call('superuser', 'PATCH', `${records('series')}/${series}`, { 'stories+': story.id });
    return { post: post.id, story: story.id };
  };
  const publish = async (post: string) => {
    const res = await call('mod', 'POST', records('post_content_actions'), {
      post,
      resolver: CAST.mod,
      action: 'publish',
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const aSeries = async (title: string, published: boolean) => {
    const post = (
      await call('superuser', 'POST', records('posts'), {
        type: 'series',
        title,
        contributors: [CAST.alice],
        ...(published ? { published: '2026-02-01 00:00:00.000Z' } : {}),
      })
    ).json<{ id: string }>();
    const series = (await call('superuser', 'POST', records('series'), { post: post.id })).json<{
      id: string;
    }>();
    return { post: post.id, id: series.id };
  };
  const about = async (who: 'bob' | 'mod' | 'admin', text: string) =>
    (await notificationsOf(community, who)).filter((n) => n.content.includes(text));
  /** The member reads every notification they have (as opening the notifications list does). */
  const markRead = async (who: 'bob' | 'admin') => {
    for (const note of await notificationsOf(community, who)) {
      if (note.read) continue;
      const res = await call(who, 'PATCH', `${records('notifications')}/${note.id}`, { read: true });
      expect(res.statusCode, res.body).toBe(200);
    }
  };

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    call = apiCaller(community);
  });
  afterAll(async () => {
    await community.server.close();
  });

  it("a follower of an author is told live when the author's next story is published, not before", async () => {
    const follow = await call('bob', 'POST', FOLLOWS, { user: CAST.bob, author: CAST.alice });
    expect(follow.statusCode, follow.body).toBe(200);

    const server = community.server;
    if (!server.server.listening) await server.listen({ host: '127.0.0.1', port: 0 });
    const pb = new PocketBase(`http://127.0.0.1:${(server.server.address() as AddressInfo).port}`);
    pb.autoCancellation(false);
    pb.authStore.save(community.token('bob')!, null);
    const received: string[] = [];
    let arrive: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    await pb.collection('notifications').subscribe('*', (e) => {
      received.push(`${e.action}:${String(e.record.content)}`);
      if (String(e.record.content).includes('Moonrise')) arrive();
    });
    await new Promise((r) => setTimeout(r, 100));

    const { post, story } = await submitStory('Moonrise');
    expect(await about('bob', 'Moonrise')).toEqual([]);
    await publish(post);
    await arrived;
    expect(received).toContain('create:New story by alice: "Moonrise"');
    const [note] = await about('bob', 'Moonrise');
    expect(note).toMatchObject({ icon: 'follow', href: `/stories/${story}` });
    // The author is never told about their own work.
    expect((await notificationsOf(community, 'alice')).some((n) => n.content.includes('New story by'))).toBe(
      false,
    );
    await pb.realtime.unsubscribe();
    // bob reads it, so the next story by alice starts a notice of its own.
    await markRead('bob');
  });

  it('several stories by a followed author published at once fold into one notice, like likes', async () => {
    const follow = await call('admin', 'POST', FOLLOWS, { user: CAST.admin, author: CAST.alice });
    expect(follow.statusCode, follow.body).toBe(200);
    const first = await submitStory('Fold One');
    const others = [await submitStory('Fold Two'), await submitStory('Fold Three')];
    expect(await about('admin', 'by alice')).toEqual([]);
    for (const { post } of [first, ...others]) await publish(post);
    const notes = await about('admin', 'by alice');
    expect(notes.map((n) => [n.content, n.href, n.read])).toEqual([
      ['3 new stories by alice', `/stories/${first.story}`, false],
    ]);
    await markRead('admin');
    // Read, the next one is told on its own again.
    await publish((await submitStory('Fold Four')).post);
    expect((await about('admin', 'by alice')).map((n) => n.content)).toEqual([
      'New story by alice: "Fold Four"',
      '3 new stories by alice',
    ]);
    await markRead('admin');
  });

  it('a member who follows the author and favorites the series (without following it) is told once', async () => {
    const saga = await aSeries('Favorite Saga', true);
    const favorite = await call('admin', 'POST', records('favorites'), {
      target: saga.post,
      user: CAST.admin,
      type: 'series',
    });
    expect(favorite.statusCode, favorite.body).toBe(200);
    const before = (await about('admin', 'by alice')).length;
    await publish((await submitStory('Favorite Chapter', saga.id)).post);
    expect((await about('admin', 'Favorite Chapter')).map((n) => n.content)).toEqual([
      'New chapter in "Favorite Saga": "Favorite Chapter"',
    ]);
    expect(await about('admin', 'by alice')).toHaveLength(before);
    const mine = (await call('admin', 'GET', FOLLOWS)).json<{ items: Array<{ id: string }> }>();
    for (const { id } of mine.items) await call('admin', 'DELETE', `${FOLLOWS}/${id}`);
    await markRead('admin');
  });

  it("work published as it is made (a moderator's own) tells the author's followers once, with its link", async () => {
    expect((await call('bob', 'POST', FOLLOWS, { user: CAST.bob, author: CAST.mod })).statusCode).toBe(200);
    const post = (
      await call('mod', 'POST', records('posts'), {
        type: 'story',
        title: 'Straight Out',
        contributors: [CAST.mod],
        published: '2026-03-02 00:00:00.000Z',
      })
    ).json<{ id: string }>();
    expect(await about('bob', 'Straight Out')).toEqual([]);
    const story = await call('mod', 'POST', records('stories'), { post: post.id, content: 'Text.' });
    expect(story.statusCode, story.body).toBe(200);
    const notes = await about('bob', 'Straight Out');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ icon: 'follow', href: `/stories/${story.json<{ id: string }>().id}` });
    expect(notes[0]!.content).toMatch(/^New story by .+: "Straight Out"$/);
    await markRead('bob');
  });

  it('a member who follows the author, follows the series and favorites it is told once', async () => {
    const saga = await aSeries('Twice Told', true);
    expect((await call('bob', 'POST', FOLLOWS, { user: CAST.bob, series: saga.id })).statusCode).toBe(200);
    expect(
      (await call('bob', 'POST', records('favorites'), { target: saga.post, user: CAST.bob, type: 'series' }))
        .statusCode,
    ).toBe(200);
    const chapter = await submitStory('Told Once', saga.id);
    await publish(chapter.post);
    const notes = await about('bob', 'Told Once');
    expect(notes.map((n) => n.content)).toEqual(['New chapter in "Twice Told": "Told Once"']);
  });

  it('several new chapters fold into one unread notice', async () => {
    const saga = await aSeries('Many Parts', true);
    expect((await call('mod', 'POST', FOLLOWS, { user: CAST.mod, series: saga.id })).statusCode).toBe(200);
    for (const title of ['Part A', 'Part B', 'Part C'])
      await publish((await submitStory(title, saga.id)).post);
    const notes = await about('mod', 'Many Parts');
    expect(notes.map((n) => n.content)).toEqual(['3 new chapters in "Many Parts"']);
  });

  it('never about hidden content: no follow of an unseen series, no notice for work still in review', async () => {
    // bob has read what alice published before (so what follows is not folded into it).
    await markRead('bob');
    const hidden = await aSeries('Hidden Saga', false);
    const refused = await call('bob', 'POST', FOLLOWS, { user: CAST.bob, series: hidden.id });
    expect(refused.statusCode).toBe(400);
    // The moderator may see it and follow it, but hears nothing while the series is unpublished.
    expect((await call('mod', 'POST', FOLLOWS, { user: CAST.mod, series: hidden.id })).statusCode).toBe(200);
    const chapter = await submitStory('Secret Chapter', hidden.id);
    expect(await about('bob', 'Secret Chapter')).toEqual([]);
    await publish(chapter.post);
    expect(await about('mod', 'Hidden Saga')).toEqual([]);
    // bob follows alice: he hears of the chapter itself (a published story), never of the hidden series.
    expect((await about('bob', 'Secret Chapter')).map((n) => n.content)).toEqual([
      'New story by alice: "Secret Chapter"',
    ]);
    const rejected = await submitStory('Never Out');
    await call('mod', 'POST', records('post_content_actions'), {
      post: rejected.post,
      resolver: CAST.mod,
      action: 'reject',
      resolution: 'Not yet.',
    });
    expect(await about('bob', 'Never Out')).toEqual([]);
  });

  it('follows are private, one per thing, for oneself only and never of oneself', async () => {
    const mine = (await call('bob', 'GET', FOLLOWS)).json<{
      totalItems: number;
      items: Array<{ id: string }>;
    }>();
    expect(mine.totalItems).toBeGreaterThan(0);
    for (const other of ['alice', 'mod'] as const) {
      expect((await call(other, 'GET', `${FOLLOWS}/${mine.items[0]!.id}`)).statusCode).toBe(404);
      expect((await call(other, 'DELETE', `${FOLLOWS}/${mine.items[0]!.id}`)).statusCode).toBe(404);
    }
    expect((await call('bob', 'POST', FOLLOWS, { user: CAST.bob, author: CAST.alice })).statusCode).toBe(400);
    expect((await call('alice', 'POST', FOLLOWS, { user: CAST.bob, author: CAST.mod })).statusCode).toBe(400);
    expect((await call('alice', 'POST', FOLLOWS, { user: CAST.alice, author: CAST.alice })).statusCode).toBe(
      400,
    );
    expect((await call('alice', 'POST', FOLLOWS, { user: CAST.alice })).statusCode).toBe(400);
    expect((await call('bob', 'DELETE', `${FOLLOWS}/${mine.items[0]!.id}`)).statusCode).toBe(204);
  });
});
