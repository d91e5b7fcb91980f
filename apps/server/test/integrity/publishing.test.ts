/**
 * PRODUCT.md §15 "One post, one record": a post backs exactly one record of its own type, and a chapter
 * joins a series only by a contributor of that series. Sent as a member would send them, raw.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRecord } from '../../src/core/records/write';
import { systemRequest } from '../../src/core/rules/request-info';
import { describeEachDialect } from '../support/databases';
import {
  C,
  CAST,
  apiCaller,
  buildCommunity,
  forgetRemembered,
  notificationsOf,
  type Community,
} from '../support/community';

describeEachDialect('publishing without review (PRODUCT.md §15)', (getDb) => {
  let community: Community;
  let api: ReturnType<typeof apiCaller>;
  const aliceSeries = 'seriesofalice01';

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    api = apiCaller(community);
    const { core } = community;
    const system = systemRequest(core.registry.find('_superusers')!);
    const create = (name: string, data: Record<string, unknown>) =>
      createRecord(core.records, core.registry.find(name)!, data, system);
    await create('posts', {
      id: 'postseriesalice',
      type: 'series',
      title: 'Alice series',
      contributors: [CAST.alice],
      published: '2026-01-01 00:00:00.000Z',
    });
    await create('series', { id: aliceSeries, post: 'postseriesalice' });
    await create('favorites', { target: 'postseriesalice', user: CAST.mod, type: 'series' });
  });
  afterAll(async () => {
    await community.server.close();
  });

  const forumPostOfBob = async () => {
    const res = await api('bob', 'POST', 'collections/posts/records', {
      type: 'forum-post',
      title: 'Looks like a thread',
      contributors: [CAST.bob],
    });
    expect(res.statusCode).toBe(200);
    const post = res.json<{ id: string; published: string }>();
    expect(post.published).not.toBe('');
    return post.id;
  };

  it('a story on a forum-post post (published at once) is refused: nothing unreviewed is listed', async () => {
    const post = await forumPostOfBob();
    const story = await api('bob', 'POST', 'collections/stories/records', { post, content: 'Unreviewed' });
    expect(story.statusCode).toBe(400);
    const listed = await api('alice', 'GET', 'collections/stories/records?perPage=100');
    expect(listed.json<{ items: Array<{ post: string }> }>().items.map((s) => s.post)).not.toContain(post);
  });

  it('a series on a forum-post post is refused', async () => {
    const post = await forumPostOfBob();
    expect((await api('bob', 'POST', 'collections/series/records', { post })).statusCode).toBe(400);
  });

  it("a story cannot move onto another post, nor a forum post onto a story's post", async () => {
    const post = await forumPostOfBob();
    const moved = await api('alice', 'PATCH', `collections/stories/records/${C.draftStory}`, { post });
    expect(moved.statusCode).not.toBe(200);
    const second = await api('alice', 'POST', 'collections/stories/records', {
      post: C.draft,
      content: 'A second record for the same post',
    });
    expect(second.statusCode).toBe(400);
  });

  it("a chapter in someone else's series is refused, and the series' favoriters hear nothing", async () => {
    const before = (await notificationsOf(community, 'mod')).length;
    // bob is verified here, so only the series rule stands in his way.
    await community.core.db.kysely
      .updateTable('users')
      .set({ verified: community.core.db.dialect === 'sqlite' ? 1 : true })
      .where('id', '=', CAST.bob)
      .execute();
    forgetRemembered(community);
    const post = await api('bob', 'POST', 'collections/posts/records', {
      type: 'story',
      title: 'Sneaky chapter',
      contributors: [CAST.bob],
    });
    expect(post.statusCode).toBe(200);
    const ownPost = post.json<{ id: string }>().id;
    const created = await api('bob', 'POST', 'collections/stories/records', {
      post: ownPost,
      content: 'Chapter 99',
      series: aliceSeries,
    });
    expect(created.statusCode).toBe(400);
    const plain = await api('bob', 'POST', 'collections/stories/records', { post: ownPost, content: 'Mine' });
    expect(plain.statusCode).toBe(200);
    const id = plain.json<{ id: string }>().id;
    const moved = await api('bob', 'PATCH', `collections/stories/records/${id}`, { series: aliceSeries });
    expect(moved.statusCode).not.toBe(200);
    // Publishing bob's story now must not announce a chapter of alice's series.
    await api('mod', 'POST', 'collections/post_content_actions/records', {
      post: ownPost,
      resolver: CAST.mod,
      action: 'publish',
    });
    expect((await notificationsOf(community, 'mod')).length).toBe(before);
  });

  it("the series' own contributor adds a chapter", async () => {
    const post = await api('alice', 'POST', 'collections/posts/records', {
      type: 'story',
      title: 'Chapter two',
      contributors: [CAST.alice],
    });
    expect(post.statusCode).toBe(200);
    const story = await api('alice', 'POST', 'collections/stories/records', {
      post: post.json<{ id: string }>().id,
      content: 'Chapter two',
      series: aliceSeries,
    });
    expect(story.statusCode).toBe(200);
  });
});
