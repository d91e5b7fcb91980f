/**
 * Series and their chapters (spec part 1 §2, §6; PRODUCT.md §4, §5): a series' `stories` list is its
 * chapter order and each chapter's `series` follows it; only contributors edit; only a story's own
 * contributors make it a chapter; a removed chapter is no chapter at all.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../support/databases';
import { CAST, apiCaller, buildCommunity, notificationsOf, type Community } from '../support/community';

type Who = 'alice' | 'bob' | 'mod' | 'superuser';

describeEachDialect('series and chapters', (getDb) => {
  let community: Community;
  let call: ReturnType<typeof apiCaller>;
  const records = (collection: string) => `collections/${collection}/records`;

  /** A story by `who`, submitted for review like any (or published at once by the superuser). */
  const story = async (who: 'alice' | 'bob', title: string, published = false) => {
    const post = await call(published ? 'superuser' : who, 'POST', records('posts'), {
      type: 'story',
      title,
      contributors: [CAST[who]],
      ...(published ? { published: '2026-02-01 00:00:00.000Z' } : {}),
    });
    expect(post.statusCode, post.body).toBe(200);
    const created = await call(published ? 'superuser' : who, 'POST', records('stories'), {
      post: post.json<{ id: string }>().id,
      content: `${title} text`,
    });
    expect(created.statusCode, created.body).toBe(200);
    return { post: post.json<{ id: string }>().id, id: created.json<{ id: string }>().id };
  };

  /** What the series form sends: the post, then the series with its chapters. */
  const series = async (who: 'alice' | 'bob', title: string, stories: string[] = []) => {
    const post = await call(who, 'POST', records('posts'), {
      type: 'series',
      title,
      contributors: [CAST[who]],
    });
    expect(post.statusCode, post.body).toBe(200);
    const created = await call(who, 'POST', records('series'), {
      post: post.json<{ id: string }>().id,
      stories,
    });
    return {
      post: post.json<{ id: string }>().id,
      response: created,
      id: created.json<{ id?: string }>().id ?? '',
    };
  };

  const seriesOf = async (storyId: string, who: Who = 'superuser') =>
    (await call(who, 'GET', `${records('stories')}/${storyId}`)).json<{ series: string }>().series;
  const publish = (post: string) =>
    call('mod', 'POST', records('post_content_actions'), { post, resolver: CAST.mod, action: 'publish' });

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    call = apiCaller(community);
  });
  afterAll(async () => {
    await community.server.close();
  });

  it('a series saved with two chapters is submitted for review and points both chapters at itself', async () => {
    const one = await story('alice', 'Rising Tide One');
    const two = await story('alice', 'Rising Tide Two');
    const saga = await series('alice', 'Rising Tide', [one.id, two.id]);
    expect(saga.response.statusCode, saga.response.body).toBe(200);
    const post = (await call('alice', 'GET', `${records('posts')}/${saga.post}`)).json<{
      published: string;
      submitted: string;
    }>();
    expect(post.published).toBe('');
    expect(post.submitted).not.toBe('');
    expect(await seriesOf(one.id)).toBe(saga.id);
    expect(await seriesOf(two.id)).toBe(saga.id);
    // Not visible to other members until a moderator publishes it.
    expect((await call('bob', 'GET', `${records('series')}/${saga.id}`)).statusCode).toBe(404);
    expect((await publish(saga.post)).statusCode).toBe(200);
    expect((await call('bob', 'GET', `${records('series')}/${saga.id}`)).statusCode).toBe(200);
  });

  it('reordering keeps the new order; removing a chapter clears its series', async () => {
    const one = await story('alice', 'Order One');
    const two = await story('alice', 'Order Two');
    const three = await story('alice', 'Order Three');
    const saga = await series('alice', 'Order', [one.id, two.id, three.id]);
    const reorder = await call('alice', 'PATCH', `${records('series')}/${saga.id}`, {
      stories: [three.id, one.id],
    });
    expect(reorder.statusCode, reorder.body).toBe(200);
    expect(reorder.json<{ stories: string[] }>().stories).toEqual([three.id, one.id]);
    expect(await seriesOf(two.id)).toBe('');
    expect(await seriesOf(three.id)).toBe(saga.id);
  });

  it('only contributors edit a series (spec part 1 §6)', async () => {
    const mine = await story('alice', 'Guarded One');
    const saga = await series('alice', 'Guarded', [mine.id]);
    await publish(saga.post);
    const bob = await call('bob', 'PATCH', `${records('series')}/${saga.id}`, { stories: [] });
    expect(bob.statusCode).toBe(404);
    const moderator = await call('mod', 'PATCH', `${records('series')}/${saga.id}`, { stories: [] });
    expect(moderator.statusCode).toBe(404);
    expect(
      (await call('bob', 'GET', `${records('series')}/${saga.id}`)).json<{ stories: string[] }>().stories,
    ).toEqual([mine.id]);
  });

  it("another member's story or a chapter of another series cannot be made a chapter", async () => {
    const bobs = await story('bob', 'Not Yours', true);
    const taken = await series('alice', 'Grabby', [bobs.id]);
    expect(taken.response.statusCode).toBe(400);
    expect(taken.response.json<{ data: { stories: { code: string } } }>().data.stories.code).toBe(
      'validation_not_your_story',
    );
    expect(await seriesOf(bobs.id)).toBe('');

    const own = await story('alice', 'Already Placed');
    const first = await series('alice', 'First Home', [own.id]);
    expect(first.response.statusCode).toBe(200);
    const second = await series('alice', 'Second Home');
    const moved = await call('alice', 'PATCH', `${records('series')}/${second.id}`, { stories: [own.id] });
    expect(moved.statusCode).toBe(400);
    expect(moved.json<{ data: { stories: { code: string } } }>().data.stories.code).toBe(
      'validation_chapter_elsewhere',
    );
    expect(await seriesOf(own.id)).toBe(first.id);
  });

  it('the series list reads published series with at least one story, oldest first', async () => {
    const empty = await series('alice', 'Empty Shelf');
    await publish(empty.post);
    const chapter = await story('alice', 'Shelf Chapter');
    const full = await series('alice', 'Full Shelf', [chapter.id]);
    await publish(full.post);
    const filter = encodeURIComponent("post.published != '' && stories:length > 0");
    const list = await call('bob', 'GET', `${records('series')}?filter=${filter}&sort=created&perPage=10`);
    expect(list.statusCode, list.body).toBe(200);
    const ids = list.json<{ items: Array<{ id: string }> }>().items.map((item) => item.id);
    expect(ids).toContain(full.id);
    expect(ids).not.toContain(empty.id);
  });

  it('a chapter removed from a favorited series tells nobody when it is published later', async () => {
    const kept = await story('alice', 'Kept Chapter');
    const dropped = await story('alice', 'Dropped Chapter');
    const saga = await series('alice', 'Pruned', [kept.id, dropped.id]);
    await publish(saga.post);
    const favorite = await call('bob', 'POST', records('favorites'), {
      target: saga.post,
      user: CAST.bob,
      type: 'series',
    });
    expect(favorite.statusCode, favorite.body).toBe(200);
    await call('alice', 'PATCH', `${records('series')}/${saga.id}`, { stories: [kept.id] });
    await publish(dropped.post);
    await publish(kept.post);
    const notes = (await notificationsOf(community, 'bob')).filter((n) => n.content.includes('"Pruned"'));
    expect(notes.map((n) => n.content)).toEqual(['New chapter in "Pruned": "Kept Chapter"']);
  });
});
