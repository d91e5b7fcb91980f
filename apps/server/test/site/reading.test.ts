/** Read progress (PRODUCT.md §14 "Reading"): how far a member read a story is theirs alone. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../support/databases';
import { C, CAST, apiCaller, buildCommunity, type Community } from '../support/community';

describeEachDialect('read progress', (getDb) => {
  let community: Community;
  let call: ReturnType<typeof apiCaller>;
  const PROGRESS = 'collections/read_progress/records';

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    call = apiCaller(community);
  });
  afterAll(async () => {
    await community.server.close();
  });

  it('is saved and moved on by its member, and private to them (moderators included)', async () => {
    const saved = await call('bob', 'POST', PROGRESS, {
      user: CAST.bob,
      story: C.story,
      paragraph: 2,
      paragraphs: 9,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json<{ id: string }>().id;
    const moved = await call('bob', 'PATCH', `${PROGRESS}/${id}`, { paragraph: 8, finished: true });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ paragraph: 8, paragraphs: 9, finished: true });

    for (const other of ['alice', 'mod', 'admin'] as const) {
      expect((await call(other, 'GET', `${PROGRESS}/${id}`)).statusCode).toBe(404);
      expect((await call(other, 'GET', PROGRESS)).json<{ totalItems: number }>().totalItems).toBe(0);
      expect((await call(other, 'PATCH', `${PROGRESS}/${id}`, { paragraph: 0 })).statusCode).toBe(404);
      expect((await call(other, 'DELETE', `${PROGRESS}/${id}`)).statusCode).toBe(404);
    }
    // Not even through a filter on another member's id, nor by expanding it from the story side.
    const probe = await call(
      'alice',
      'GET',
      `${PROGRESS}?filter=${encodeURIComponent(`user = "${CAST.bob}"`)}`,
    );
    expect(probe.json<{ totalItems: number }>().totalItems).toBe(0);
    const mine = await call('bob', 'GET', PROGRESS);
    expect(mine.json<{ items: Array<{ id: string }> }>().items.map((item) => item.id)).toEqual([id]);
  });

  it('cannot be moved to another member or story, nor saved twice for one story', async () => {
    const saved = await call('alice', 'POST', PROGRESS, { user: CAST.alice, story: C.story, paragraph: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json<{ id: string }>().id;
    expect((await call('alice', 'PATCH', `${PROGRESS}/${id}`, { user: CAST.bob })).statusCode).not.toBe(200);
    expect((await call('alice', 'PATCH', `${PROGRESS}/${id}`, { story: C.draftStory })).statusCode).not.toBe(
      200,
    );
    const twice = await call('alice', 'POST', PROGRESS, { user: CAST.alice, story: C.story, paragraph: 5 });
    expect(twice.statusCode).toBe(400);
  });

  it('is refused for a story the member cannot view', async () => {
    const hidden = await call('bob', 'POST', PROGRESS, { user: CAST.bob, story: C.draftStory, paragraph: 0 });
    expect(hidden.statusCode).toBe(400);
    // Its author may keep their place in their own draft.
    const own = await call('alice', 'POST', PROGRESS, {
      user: CAST.alice,
      story: C.draftStory,
      paragraph: 0,
    });
    expect(own.statusCode, own.body).toBe(200);
  });
});
