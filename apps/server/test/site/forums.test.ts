/**
 * Forums (issue 15, spec part 1 §3 and §7): the per-forum post counts, the pinned-thread view in its
 * order, pinning by moderators only (and logged), forum deletion refused while the forum has threads,
 * and a forum's thread list paged 20 at a time, newest activity first.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../support/databases';
import { CAST, apiCaller, buildCommunity, type Community } from '../support/community';
import { FORUM_NOT_EMPTY } from '../../src/site/forums';

interface Listed<T> {
  items: T[];
  totalItems: number;
  totalPages: number;
}

describeEachDialect('forums', (getDb) => {
  let community: Community;
  let call: ReturnType<typeof apiCaller>;
  const records = (collection: string) => `collections/${collection}/records`;
  const query = (collection: string, params: Record<string, string>) =>
    `${records(collection)}?${new URLSearchParams(params).toString()}`;

  const newForum = async (name: string, sortOrder: number) => {
    const res = await call('admin', 'POST', records('forums'), { name, sort_order: sortOrder });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: string }>().id;
  };

  /** A thread as the server writes it for `author` (the superuser skips the per-member write limit). */
  const newThread = async (forum: string, title: string, author: string = CAST.bob) => {
    const post = await call('superuser', 'POST', records('posts'), {
      type: 'forum-post',
      title,
      contributors: [author],
    });
    expect(post.statusCode, post.body).toBe(200);
    const thread = await call('superuser', 'POST', records('forum_posts'), {
      post: post.json<{ id: string }>().id,
      forum,
      content: `About ${title}`,
    });
    expect(thread.statusCode, thread.body).toBe(200);
    return thread.json<{ id: string; post: string }>();
  };

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    call = apiCaller(community);
  });
  afterAll(async () => {
    await community.server.close();
  });

  it('counts the posts of each forum, one count per forum that has posts', async () => {
    const busy = await newForum('Busy', 1);
    const quiet = await newForum('Quiet', 2);
    const empty = await newForum('Empty', 3);
    for (const n of [1, 2, 3]) await newThread(busy, `Busy ${n}`);
    await newThread(quiet, 'Quiet 1');

    const res = await call('bob', 'GET', query('forum_post_counts', { perPage: '100' }));
    expect(res.statusCode, res.body).toBe(200);
    const counts = new Map(
      res.json<Listed<{ id: string; count: number }>>().items.map((row) => [row.id, row.count]),
    );
    expect(counts.get(busy)).toBe(3);
    expect(counts.get(quiet)).toBe(1);
    expect(counts.has(empty)).toBe(false);
    // Visitors see no counts.
    const guest = await call('guest', 'GET', records('forum_post_counts'));
    expect(guest.json<Listed<unknown>>().totalItems).toBe(0);
  });

  it('lets only moderators pin, lists pinned threads oldest first and logs each pin', async () => {
    const forum = await newForum('Announcements', 4);
    const first = await newThread(forum, 'Welcome');
    const second = await newThread(forum, 'House rules');
    const third = await newThread(forum, 'Not pinned');

    // The thread's own author may edit it but not pin it; another member cannot touch it at all.
    const byAuthor = await call('bob', 'PATCH', `${records('forum_posts')}/${first.id}`, { pinned: true });
    expect(byAuthor.statusCode).toBe(404);
    const byOther = await call('alice', 'PATCH', `${records('forum_posts')}/${first.id}`, { pinned: true });
    expect(byOther.statusCode).toBe(404);
    const newPinned = await call('bob', 'POST', records('forum_posts'), {
      post: third.post,
      forum,
      content: 'Sneaky',
      pinned: true,
    });
    expect(newPinned.statusCode).toBe(400);

    // Pinned in reverse order of creation: the view still lists them by their thread's creation.
    for (const thread of [second, first]) {
      const before = (await call('bob', 'GET', `${records('forum_posts')}/${thread.id}`)).json<{
        updated: string;
      }>();
      const res = await call('mod', 'PATCH', `${records('forum_posts')}/${thread.id}`, { pinned: true });
      expect(res.statusCode, res.body).toBe(200);
      // A pin is not activity in the thread: it keeps its place in the forum's "newest activity" order.
      expect(res.json<{ pinned: boolean; updated: string }>()).toMatchObject({
        pinned: true,
        updated: before.updated,
      });
    }
    const pinned = await call(
      'bob',
      'GET',
      query('pinned_forum_posts', { perPage: '10000', sort: '+created', expand: 'post' }),
    );
    expect(pinned.statusCode, pinned.body).toBe(200);
    const items =
      pinned.json<Listed<{ id: string; forum: string; expand: { post: { title: string } } }>>().items;
    expect(items.map((item) => item.id)).toEqual([first.id, second.id]);
    expect(items.map((item) => item.expand.post.title)).toEqual(['Welcome', 'House rules']);
    expect(items.every((item) => item.forum === forum)).toBe(true);

    const unpin = await call('admin', 'PATCH', `${records('forum_posts')}/${second.id}`, { pinned: false });
    expect(unpin.statusCode, unpin.body).toBe(200);
    const after = await call('bob', 'GET', query('pinned_forum_posts', { sort: '+created' }));
    expect(after.json<Listed<{ id: string }>>().items.map((item) => item.id)).toEqual([first.id]);

    const log = await call(
      'admin',
      'GET',
      query('moderation_log', { filter: "target_collection = 'forum_posts'", sort: 'created' }),
    );
    const entries = log.json<Listed<Record<string, unknown>>>().items;
    expect(entries.map((e) => [e.action, e.target_id, e.moderator])).toEqual([
      ['pin', second.id, CAST.mod],
      ['pin', first.id, CAST.mod],
      ['unpin', second.id, CAST.admin],
    ]);
    expect(entries[1]).toMatchObject({ owner: CAST.bob, summary: 'forum-post: Welcome' });
  });

  it('refuses to delete a forum that has posts, and deletes it once they are moved away', async () => {
    const old = await newForum('Old', 5);
    const kept = await newForum('Kept', 6);
    const thread = await newThread(old, 'Still here');

    const refused = await call('admin', 'DELETE', `${records('forums')}/${old}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(FORUM_NOT_EMPTY);
    // Nothing was lost: the forum and its thread are both still there.
    expect((await call('bob', 'GET', `${records('forums')}/${old}`)).statusCode).toBe(200);
    expect((await call('bob', 'GET', `${records('forum_posts')}/${thread.id}`)).statusCode).toBe(200);

    // Members never delete forums, whether or not they are empty.
    expect((await call('mod', 'DELETE', `${records('forums')}/${kept}`)).statusCode).toBe(404);

    const moved = await call('bob', 'PATCH', `${records('forum_posts')}/${thread.id}`, { forum: kept });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await call('admin', 'DELETE', `${records('forums')}/${old}`)).statusCode).toBe(204);
    expect((await call('bob', 'GET', `${records('forum_posts')}/${thread.id}`)).statusCode).toBe(200);
  });

  it('pages a forum 20 threads at a time, newest activity first (45 give 20, 20 and 5)', async () => {
    const forum = await newForum('Paged', 7);
    const titles: string[] = [];
    for (let n = 1; n <= 45; n++) {
      await newThread(forum, `Paged ${n}`);
      titles.push(`Paged ${n}`);
    }
    // Activity on an old thread brings it to the top.
    const oldest = await call(
      'bob',
      'GET',
      query('forum_posts', { filter: `forum = '${forum}'`, sort: 'created', perPage: '1' }),
    );
    const oldThread = oldest.json<Listed<{ id: string }>>().items[0]!;
    const edited = await call('bob', 'PATCH', `${records('forum_posts')}/${oldThread.id}`, {
      content: 'Bumped with an edit',
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await call(
        'bob',
        'GET',
        query('forum_posts', {
          page: String(page),
          perPage: '20',
          filter: `forum = '${forum}'`,
          sort: '-updated',
          expand: 'post',
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      pages.push(res.json<Listed<{ id: string; expand: { post: { title: string } } }>>());
    }
    expect(pages.map((p) => p.items.length)).toEqual([20, 20, 5]);
    expect(pages[0]!.totalItems).toBe(45);
    expect(pages[0]!.totalPages).toBe(3);
    const order = pages.flatMap((p) => p.items.map((item) => item.expand.post.title));
    expect(order).toEqual(['Paged 1', ...titles.slice(1).reverse()]);
  });
});
