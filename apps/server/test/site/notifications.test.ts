/** Notifications the server creates (PRODUCT.md §5): who hears what, folded, linked and live. */
import type { AddressInfo } from 'node:net';
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../support/databases';
import { CAST, C, apiCaller, buildCommunity, notificationsOf, type Community } from '../support/community';

// Node 20 has no EventSource; the SDK picks up the global.
globalThis.EventSource = (await import('eventsource')).EventSource as unknown as typeof EventSource;

describeEachDialect('notifications', (getDb) => {
  let community: Community;
  let call: ReturnType<typeof apiCaller>;
  const records = (collection: string) => `collections/${collection}/records`;

  /** A series by alice with one published chapter, favorited by bob. */
  const favoritedSeries = async (seriesPublished: boolean) => {
    const seriesPost = (
      await call('superuser', 'POST', records('posts'), {
        type: 'series',
        title: seriesPublished ? 'Tall Tales' : 'Secret Series',
        contributors: [CAST.alice],
        ...(seriesPublished ? { published: '2026-02-01 00:00:00.000Z' } : {}),
      })
    ).json<{ id: string }>();
    const series = (await call('superuser', 'POST', records('series'), { post: seriesPost.id })).json<{
      id: string;
    }>();
    if (seriesPublished)
      expect(
        (
          await call('bob', 'POST', records('favorites'), {
            target: seriesPost.id,
            user: CAST.bob,
            type: 'series',
          })
        ).statusCode,
      ).toBe(200);
    return { series: series.id, post: seriesPost.id };
  };

  /** Alice submits a chapter of the series; returns its post and story ids. */
  const submitChapter = async (series: string, title: string) => {
    const post = (
      await call('alice', 'POST', records('posts'), { type: 'story', title, contributors: [CAST.alice] })
    ).json<{ id: string }>();
    const story = (
      await call('alice', 'POST', records('stories'), { post: post.id, content: 'More.', series })
    ).json<{ id: string }>();
    await call('alice', 'PATCH', `${records('series')}/${series}`, { 'stories+': story.id });
    return { post: post.id, story: story.id };
  };

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    call = apiCaller(community);
  });
  afterAll(async () => {
    await community.server.close();
  });

  it('favorites fold into one unread notification per post, like likes', async () => {
    for (const role of ['bob', 'mod'] as const) {
      const res = await call(role, 'POST', records('favorites'), {
        target: C.published,
        user: CAST[role],
        type: 'story',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const favorites = (await notificationsOf(community, 'alice')).filter((n) =>
      n.content.includes('favorited'),
    );
    expect(favorites).toHaveLength(1);
    expect(favorites[0]).toMatchObject({
      icon: 'star',
      content: '2 members favorited "The Giant Garden"',
      href: `/stories/${C.story}`,
      read: false,
    });
  });

  it('once the folded notification is read, the next like starts a new one', async () => {
    await call('bob', 'POST', records('likes'), { target: C.published, user: CAST.bob });
    const first = (await notificationsOf(community, 'alice')).find((n) => n.content.includes('liked'))!;
    expect(first.content).toBe('A member liked "The Giant Garden"');
    expect(
      (await call('alice', 'PATCH', `${records('notifications')}/${first.id}`, { read: true })).statusCode,
    ).toBe(200);
    await call('mod', 'POST', records('likes'), { target: C.published, user: CAST.mod });
    const liked = (await notificationsOf(community, 'alice')).filter((n) => n.content.includes('liked'));
    expect(liked.map((n) => [n.content, n.read])).toEqual([
      ['A member liked "The Giant Garden"', false],
      ['A member liked "The Giant Garden"', true],
    ]);
  });

  it("never to the actor: reacting to or commenting on one's own post tells nobody", async () => {
    const before = (await notificationsOf(community, 'alice')).length;
    await call('alice', 'POST', records('likes'), { target: C.published, user: CAST.alice });
    await call('alice', 'POST', records('comments'), {
      target: C.published,
      author: CAST.alice,
      content: 'Me',
    });
    expect(await notificationsOf(community, 'alice')).toHaveLength(before);
  });

  it('each notification has an icon, a short text and an href; comments link by #comment-{id}', async () => {
    const comment = (
      await call('bob', 'POST', records('comments'), {
        target: C.published,
        author: CAST.bob,
        content: 'Again!',
      })
    ).json<{ id: string }>();
    const note = (await notificationsOf(community, 'alice')).find((n) =>
      n.href.endsWith(`#comment-${comment.id}`),
    );
    expect(note).toMatchObject({ icon: 'comment', href: `/stories/${C.story}#comment-${comment.id}` });
    for (const n of await notificationsOf(community, 'alice')) {
      expect(n.icon).not.toBe('');
      expect(n.content.length).toBeGreaterThan(0);
      expect(n.content.length).toBeLessThanOrEqual(200);
      expect(n.href).toMatch(/^\/[a-z]/);
    }
  });

  it('a new chapter in a favorited series notifies its favoriters when it is published, not before', async () => {
    const { series } = await favoritedSeries(true);
    const chapter = await submitChapter(series, 'Chapter Two');
    const chapterNotes = async () =>
      (await notificationsOf(community, 'bob')).filter((n) => n.content.startsWith('New chapter'));
    expect(await chapterNotes()).toEqual([]);
    const decision = await call('mod', 'POST', records('post_content_actions'), {
      post: chapter.post,
      resolver: CAST.mod,
      action: 'publish',
    });
    expect(decision.statusCode, decision.body).toBe(200);
    expect(await chapterNotes()).toEqual([
      expect.objectContaining({
        icon: 'book',
        content: 'New chapter in "Tall Tales": "Chapter Two"',
        href: `/stories/${chapter.story}`,
      }),
    ]);
    // The author favorited nothing and wrote the chapter: no notice about it for alice.
    expect((await notificationsOf(community, 'alice')).some((n) => n.content.startsWith('New chapter'))).toBe(
      false,
    );
  });

  it('never about content the recipient cannot view: no chapter notice for an unpublished series', async () => {
    const { series, post } = await favoritedSeries(false);
    // Only alice (its author) and moderators can see the series; mod favorites it.
    expect(
      (await call('mod', 'POST', records('favorites'), { target: post, user: CAST.mod, type: 'series' }))
        .statusCode,
    ).toBe(200);
    const chapter = await submitChapter(series, 'Hidden Chapter');
    await call('admin', 'POST', records('post_content_actions'), {
      post: chapter.post,
      resolver: CAST.admin,
      action: 'publish',
    });
    expect((await notificationsOf(community, 'mod')).some((n) => n.content.includes('Hidden Chapter'))).toBe(
      false,
    );
  });

  it('a resolved report notifies the reporter, once', async () => {
    const report = (
      await call('bob', 'POST', records('reports'), {
        user: CAST.bob,
        reason: 'Off-topic',
        post: C.published,
      })
    ).json<{ id: string }>();
    await call('mod', 'PATCH', `${records('reports')}/${report.id}`, {
      action: 'resolve',
      resolver: CAST.mod,
    });
    await call('mod', 'PATCH', `${records('reports')}/${report.id}`, { resolution: 'Looked fine.' });
    const handled = (await notificationsOf(community, 'bob')).filter((n) => n.icon === 'report');
    expect(handled).toHaveLength(1);
    expect(handled[0]).toMatchObject({ content: 'Thank you: a moderator has handled your report.' });
  });

  it('members cannot create notifications, nor rewrite their text', async () => {
    const made = await call('bob', 'POST', records('notifications'), {
      user: CAST.alice,
      icon: 'x',
      content: 'Fake',
      href: '/',
    });
    expect(made.statusCode).toBe(403);
    const mine = (await notificationsOf(community, 'bob'))[0]!;
    expect(
      (await call('bob', 'PATCH', `${records('notifications')}/${mine.id}`, { content: 'Changed' }))
        .statusCode,
    ).toBe(404);
  });

  it('notifications are delivered live to their owner only', async () => {
    const server = community.server;
    if (!server.server.listening) await server.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    const live = (role: 'alice' | 'mod') => {
      const pb = new PocketBase(url);
      pb.autoCancellation(false);
      pb.authStore.save(community.token(role)!, null);
      return pb;
    };
    const alice = live('alice');
    const mod = live('mod');
    const received: Record<string, string[]> = { alice: [], mod: [] };
    const arrived = new Promise<void>((resolve) => {
      void alice.collection('notifications').subscribe('*', (e) => {
        received.alice!.push(`${e.action}:${String(e.record.content)}`);
        resolve();
      });
    });
    await mod.collection('notifications').subscribe('*', (e) => {
      received.mod!.push(String(e.record.content));
    });
    await new Promise((r) => setTimeout(r, 100));
    await call('bob', 'POST', records('comments'), {
      target: C.published,
      author: CAST.bob,
      content: 'Live!',
    });
    await arrived;
    await new Promise((r) => setTimeout(r, 200));
    expect(received.alice).toContain('create:New comment on "The Giant Garden"');
    expect(received.mod).toEqual([]);
    await alice.realtime.unsubscribe();
    await mod.realtime.unsubscribe();
  });
});
