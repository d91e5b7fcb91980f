/**
 * Scheduled chapters (PRODUCT.md §14, issue 17 acceptance 2): a story with a publish time is reviewed
 * as usual; approved before its time it stays hidden from other members (views, lists, series
 * chapters, search, notifications) until the job publishes it, and only then are the series'
 * favoriters and followers and the author's followers told, once.
 */
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatDate } from '../../src/tools/dates';
import { dueForPublishing, publishDuePosts } from '../../src/site/scheduled';
import { describeEachDialect } from '../support/databases';
import { CAST, apiCaller, buildCommunity, notificationsOf, type Community } from '../support/community';

const HOUR = 3_600_000;

describeEachDialect('scheduled chapters', (getDb) => {
  let community: Community;
  let call: ReturnType<typeof apiCaller>;
  const records = (collection: string) => `collections/${collection}/records`;

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    call = apiCaller(community);
  });
  afterAll(async () => {
    await community.server.close();
  });

  /** A published series by alice. */
  const aSeries = async (title: string) => {
    const post = (
      await call('superuser', 'POST', records('posts'), {
        type: 'series',
        title,
        contributors: [CAST.alice],
        published: '2026-02-01 00:00:00.000Z',
      })
    ).json<{ id: string }>();
    const series = (await call('superuser', 'POST', records('series'), { post: post.id })).json<{
      id: string;
    }>();
    return { post: post.id, id: series.id };
  };

  /** alice writes a story (a chapter of `series` when given) with a publish time, as the web app does. */
  const writeStory = async (title: string, publishAt: string, series = '') => {
    const post = await call('alice', 'POST', records('posts'), {
      type: 'story',
      title,
      contributors: [CAST.alice],
      publish_at: publishAt,
    });
    expect(post.statusCode, post.body).toBe(200);
    const postId = post.json<{ id: string }>().id;
    const story = await call('alice', 'POST', records('stories'), {
      post: postId,
      content: `The text of ${title}, with a lantern.`,
      ...(series ? { series } : {}),
    });
    expect(story.statusCode, story.body).toBe(200);
    const storyId = story.json<{ id: string }>().id;
    if (series) {
      const joined = await call('alice', 'PATCH', `${records('series')}/${series}`, { 'stories+': storyId });
      expect(joined.statusCode, joined.body).toBe(200);
    }
    return { post: postId, story: storyId };
  };

  const approve = async (post: string) => {
    const res = await call('mod', 'POST', records('post_content_actions'), {
      post,
      resolver: CAST.mod,
      action: 'publish',
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  const about = async (who: 'bob' | 'admin' | 'alice', text: string) =>
    (await notificationsOf(community, who)).filter((n) => n.content.includes(text));
  // Notices of new work by one author fold while unread ("2 new stories by alice"): a test that reads one
  // notice's own text starts with the member's earlier ones read.
  const markRead = async (who: 'bob' | 'admin') => {
    for (const note of await notificationsOf(community, who)) {
      if (note.read) continue;
      const res = await call(who, 'PATCH', `${records('notifications')}/${note.id}`, { read: true });
      expect(res.statusCode, res.body).toBe(200);
    }
  };

  it('an approved chapter stays hidden until its time, then is published and announced once', async () => {
    const saga = await aSeries('Lantern Saga');
    // bob favorites the series; admin follows alice (the author's followers are told of new stories).
    expect(
      (await call('bob', 'POST', records('favorites'), { target: saga.post, user: CAST.bob, type: 'series' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('admin', 'POST', records('follows'), { user: CAST.admin, author: CAST.alice })).statusCode,
    ).toBe(200);

    const publishAt = formatDate(new Date(Date.now() + HOUR));
    const chapter = await writeStory('Lantern Night', publishAt, saga.id);
    await approve(chapter.post);

    // Approved, out of the queue, not published.
    const own = await call('alice', 'GET', `${records('posts')}/${chapter.post}`);
    expect(own.statusCode).toBe(200);
    const stored = own.json<{ published: string; submitted: string; approved: string; publish_at: string }>();
    expect(stored).toMatchObject({ published: '', submitted: '', publish_at: publishAt });
    expect(stored.approved).not.toBe('');
    const queue = await call(
      'mod',
      'GET',
      `${records('posts')}?filter=${encodeURIComponent(`published = "" && submitted != "" && id = "${chapter.post}"`)}`,
    );
    expect(queue.json<{ totalItems: number }>().totalItems).toBe(0);
    expect((await about('alice', 'Lantern Night')).map((n) => n.content)).toEqual([
      `Your submission "Lantern Night" was approved and will be published on ${publishAt.slice(0, 16)} UTC`,
    ]);

    // Hidden from bob everywhere: the story, its post, the story list, the series' chapters, search.
    expect((await call('bob', 'GET', `${records('stories')}/${chapter.story}`)).statusCode).toBe(404);
    expect((await call('bob', 'GET', `${records('posts')}/${chapter.post}`)).statusCode).toBe(404);
    const list = await call(
      'bob',
      'GET',
      `${records('stories')}?filter=${encodeURIComponent(`series = "${saga.id}"`)}`,
    );
    expect(list.json<{ totalItems: number }>().totalItems).toBe(0);
    const series = await call('bob', 'GET', `${records('series')}/${saga.id}?expand=stories`);
    expect(series.json<{ expand?: { stories?: unknown[] } }>().expand?.stories ?? []).toEqual([]);
    const search = await call('bob', 'GET', `search/stories?q=lantern`);
    expect(search.json<{ totalItems: number }>().totalItems).toBe(0);
    expect(await about('bob', 'Lantern')).toEqual([]);
    expect(await about('admin', 'Lantern')).toEqual([]);

    // Before its time the job leaves it alone.
    expect(await publishDuePosts(community.core)).toEqual([]);
    expect((await call('bob', 'GET', `${records('stories')}/${chapter.story}`)).statusCode).toBe(404);

    // Its time comes: published, visible, announced.
    expect(await publishDuePosts(community.core, Date.now() + 2 * HOUR)).toEqual([chapter.post]);
    expect((await call('bob', 'GET', `${records('stories')}/${chapter.story}`)).statusCode).toBe(200);
    const after = await call('bob', 'GET', `${records('series')}/${saga.id}?expand=stories`);
    expect(
      after.json<{ expand?: { stories?: Array<{ id: string }> } }>().expand?.stories?.map((s) => s.id),
    ).toEqual([chapter.story]);
    expect(
      (await call('bob', 'GET', `search/stories?q=lantern`)).json<{ totalItems: number }>().totalItems,
    ).toBe(1);
    const told = await about('bob', 'Lantern');
    expect(told.map((n) => [n.content, n.href])).toEqual([
      ['New chapter in "Lantern Saga": "Lantern Night"', `/stories/${chapter.story}`],
    ]);
    expect((await about('admin', 'Lantern Night')).map((n) => n.content)).toEqual([
      'New story by alice: "Lantern Night"',
    ]);
    expect((await about('alice', 'Your scheduled story')).map((n) => n.content)).toEqual([
      'Your scheduled story "Lantern Night" was published',
    ]);

    // Exactly once: later runs find nothing more to do.
    expect(await publishDuePosts(community.core, Date.now() + 3 * HOUR)).toEqual([]);
    expect(await about('bob', 'Lantern')).toHaveLength(1);
    expect(await about('admin', 'Lantern Night')).toHaveLength(1);
  });

  it('a standalone story whose time has already passed at approval is published at once', async () => {
    const story = await writeStory('Past Due', formatDate(new Date(Date.now() - HOUR)));
    await approve(story.post);
    const post = (await call('bob', 'GET', `${records('posts')}/${story.post}`)).json<{
      published: string;
      approved: string;
    }>();
    expect(post.published).not.toBe('');
    expect(post.approved).toBe('');
  });

  it('a standalone scheduled story is hidden until the job publishes it', async () => {
    await markRead('admin');
    const story = await writeStory('Dawn Alone', formatDate(new Date(Date.now() + HOUR)));
    await approve(story.post);
    expect((await call('bob', 'GET', `${records('stories')}/${story.story}`)).statusCode).toBe(404);
    expect((await about('admin', 'Dawn Alone')).length).toBe(0);
    expect(await publishDuePosts(community.core, Date.now() + 2 * HOUR)).toEqual([story.post]);
    expect((await call('bob', 'GET', `${records('stories')}/${story.story}`)).statusCode).toBe(200);
    expect((await about('admin', 'Dawn Alone')).map((n) => n.content)).toEqual([
      'New story by alice: "Dawn Alone"',
    ]);
  });

  it('the publish time moves until the story is out; approval is the server’s; not on forum posts', async () => {
    const story = await writeStory('Moving Day', formatDate(new Date(Date.now() + HOUR)));
    const later = formatDate(new Date(Date.now() + 5 * HOUR));
    const moved = await call('alice', 'PATCH', `${records('posts')}/${story.post}`, { publish_at: later });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<{ publish_at: string }>().publish_at).toBe(later);
    expect(
      (
        await call('alice', 'PATCH', `${records('posts')}/${story.post}`, {
          approved: formatDate(new Date()),
        })
      ).statusCode,
    ).toBe(404);
    await approve(story.post);
    // Moved to an earlier time after approval: the job publishes it at that time.
    const sooner = formatDate(new Date(Date.now() + 2 * HOUR));
    expect(
      (await call('alice', 'PATCH', `${records('posts')}/${story.post}`, { publish_at: sooner })).statusCode,
    ).toBe(200);
    expect(await publishDuePosts(community.core, Date.now() + 3 * HOUR)).toEqual([story.post]);
    // Out: its publish time is history.
    expect(
      (await call('alice', 'PATCH', `${records('posts')}/${story.post}`, { publish_at: later })).statusCode,
    ).toBe(404);
    const forum = await call('bob', 'POST', records('posts'), {
      type: 'forum-post',
      title: 'Later thread',
      contributors: [CAST.bob],
      publish_at: later,
    });
    expect(forum.statusCode).toBe(400);
  });

  it('the job finds due posts through an index, not by reading every post', async () => {
    const { core } = community;
    if (core.db.dialect !== 'sqlite') return; // PostgreSQL plans a table this small by cost alone
    const query = dueForPublishing(formatDate(new Date())).compile(core.db.kysely);
    const plan = await core.db.kysely.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
    );
    expect(plan.rows.map((row) => row.detail).join('; ')).toMatch(/SEARCH posts USING INDEX/);
  });
});
