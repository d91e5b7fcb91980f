/** Publishing and review (PRODUCT.md §4), and the moderators' decisions as an audit trail (§7). */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../support/databases';
import { CAST, C, apiCaller, buildCommunity, notificationsOf, type Community } from '../support/community';

describeEachDialect('publishing and review', (getDb) => {
  let community: Community;
  let call: ReturnType<typeof apiCaller>;
  const records = (collection: string) => `collections/${collection}/records`;

  /** A story by alice, published by the superuser (no review needed for the fixture). */
  const publishedStory = async (title: string, series = '') => {
    const post = (
      await call('superuser', 'POST', records('posts'), {
        type: 'story',
        title,
        contributors: [CAST.alice],
        published: '2026-02-01 00:00:00.000Z',
      })
    ).json<{ id: string }>();
    const story = await call('superuser', 'POST', records('stories'), {
      post: post.id,
      content: `${title} text`,
      ...(series ? { series } : {}),
    });
    expect(story.statusCode, story.body).toBe(200);
    return { post: post.id, story: story.json<{ id: string }>().id };
  };

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    call = apiCaller(community);
  });
  afterAll(async () => {
    await community.server.close();
  });

  it('a series is submitted for review like a story', async () => {
    const res = await call('alice', 'POST', records('posts'), {
      type: 'series',
      title: 'The Shrinking Saga',
      contributors: [CAST.alice],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ submitted: string; published: string }>()).toMatchObject({ published: '' });
    expect(res.json<{ submitted: string }>().submitted).not.toBe('');
  });

  it("'my stories' lists a member's drafts to them, and naming another member's id shows none of theirs", async () => {
    const mine = (who: 'alice' | 'bob', id: string) =>
      call(
        who,
        'GET',
        `${records('stories')}?filter=${encodeURIComponent(`post.contributors.id ?= "${id}" && post.published = ''`)}`,
      );
    const alice = await mine('alice', CAST.alice);
    expect(alice.statusCode, alice.body).toBe(200);
    expect(alice.json<{ items: Array<{ id: string }> }>().items.map((s) => s.id)).toContain(C.draftStory);
    // The rule's "mine" is left out only when the filter's id is the caller's own.
    const bob = await mine('bob', CAST.alice);
    expect(bob.statusCode).toBe(200);
    expect(bob.json<{ totalItems: number }>().totalItems).toBe(0);
  });

  it('members cannot publish their own submission', async () => {
    const res = await call('alice', 'PATCH', `${records('posts')}/${C.draft}`, {
      published: '2026-03-01 00:00:00.000Z',
    });
    expect(res.statusCode).toBe(404);
  });

  it('forum posts and comments publish at once', async () => {
    const post = await call('bob', 'POST', records('posts'), {
      type: 'forum-post',
      title: 'Favourite size-swap tropes?',
      contributors: [CAST.bob],
    });
    expect(post.statusCode, post.body).toBe(200);
    const thread = post.json<{ id: string; published: string; submitted: string }>();
    expect(thread.published).not.toBe('');
    expect(thread.submitted).toBe('');
    expect((await call('alice', 'GET', `${records('posts')}/${thread.id}`)).statusCode).toBe(200);
    const comment = await call('alice', 'POST', records('comments'), {
      target: thread.id,
      author: CAST.alice,
      content: 'Growth spurts, always.',
    });
    expect(comment.statusCode, comment.body).toBe(200);
    expect(
      (await call('mod', 'GET', `${records('comments')}/${comment.json<{ id: string }>().id}`)).statusCode,
    ).toBe(200);
  });

  it('editing a published story keeps it published', async () => {
    const { post, story } = await publishedStory('Pocket Sized');
    const edited = await call('alice', 'PATCH', `${records('posts')}/${post}`, {
      title: 'Pocket Sized (revised)',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(
      (await call('alice', 'PATCH', `${records('stories')}/${story}`, { content: 'New text' })).statusCode,
    ).toBe(200);
    const seen = await call('bob', 'GET', `${records('posts')}/${post}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<{ published: string; submitted: string }>().published).toBe('2026-02-01 00:00:00.000Z');
  });

  it("a story's chapter order is its series' stories order", async () => {
    const seriesPost = (
      await call('superuser', 'POST', records('posts'), {
        type: 'series',
        title: 'Three Chapters',
        contributors: [CAST.alice],
        published: '2026-02-01 00:00:00.000Z',
      })
    ).json<{ id: string }>();
    const series = (await call('superuser', 'POST', records('series'), { post: seriesPost.id })).json<{
      id: string;
    }>();
    const one = await publishedStory('Chapter One', series.id);
    const two = await publishedStory('Chapter Two', series.id);
    const three = await publishedStory('Chapter Three', series.id);
    // The author puts chapter three between one and two; reading order is the list's order, not dates.
    const order = [one.story, three.story, two.story];
    expect(
      (await call('alice', 'PATCH', `${records('series')}/${series.id}`, { stories: order })).statusCode,
    ).toBe(200);
    const read = await call('bob', 'GET', `${records('series')}/${series.id}?expand=stories`);
    const body = read.json<{ stories: string[]; expand: { stories: Array<{ id: string }> } }>();
    expect(body.stories).toEqual(order);
    expect(body.expand.stories.map((s) => s.id)).toEqual(order);
    // Appending with "+" (what the app does for a new chapter) keeps the order and adds at the end.
    const four = await publishedStory('Chapter Four', series.id);
    await call('alice', 'PATCH', `${records('series')}/${series.id}`, { 'stories+': four.story });
    expect(
      (await call('bob', 'GET', `${records('series')}/${series.id}`)).json<{ stories: string[] }>().stories,
    ).toEqual([...order, four.story]);
  });

  it('deleting a submission needs a reason, removes it, stays in the trail and tells the author why', async () => {
    const post = (
      await call('alice', 'POST', records('posts'), {
        type: 'story',
        title: 'Spam Story',
        contributors: [CAST.alice],
      })
    ).json<{ id: string }>();
    const bare = await call('mod', 'POST', records('post_content_actions'), {
      post: post.id,
      resolver: CAST.mod,
      action: 'delete',
    });
    expect(bare.statusCode).toBe(400);
    const res = await call('mod', 'POST', records('post_content_actions'), {
      post: post.id,
      resolver: CAST.mod,
      action: 'delete',
      resolution: 'Not a story.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('alice', 'GET', `${records('posts')}/${post.id}`)).statusCode).toBe(404);
    const trail = await call(
      'mod',
      'GET',
      `${records('post_content_actions')}/${res.json<{ id: string }>().id}`,
    );
    expect(trail.json()).toMatchObject({
      action: 'delete',
      title: 'Spam Story',
      resolver: CAST.mod,
      resolution: 'Not a story.',
      user: CAST.alice,
    });
    expect(trail.json<{ created: string }>().created).not.toBe('');
    expect((await notificationsOf(community, 'alice'))[0]).toMatchObject({
      icon: 'delete',
      content: 'Your submission "Spam Story" was deleted: Not a story.',
      href: '/stories/manage',
    });
  });

  it('only moderators record decisions, and only in their own name', async () => {
    const asMember = await call('alice', 'POST', records('post_content_actions'), {
      post: C.draft,
      resolver: CAST.alice,
      action: 'publish',
    });
    expect(asMember.statusCode).toBe(400);
    const forged = await call('mod', 'POST', records('post_content_actions'), {
      post: C.draft,
      resolver: CAST.admin,
      action: 'publish',
    });
    expect(forged.statusCode).toBe(400);
  });
});
