/**
 * PRODUCT.md §15 "Reactions follow visibility": likes, favorites, views and reports only on what the
 * caller may view. bob tries them on alice's unpublished draft, whose id he learned somehow.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../support/databases';
import { C, CAST, apiCaller, buildCommunity, type Community } from '../support/community';

describeEachDialect('reactions follow visibility (PRODUCT.md §15)', (getDb) => {
  let community: Community;
  let api: ReturnType<typeof apiCaller>;

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    api = apiCaller(community);
  });
  afterAll(async () => {
    await community.server.close();
  });

  it("likes, favorites and views on another member's draft are refused, and counters stay put", async () => {
    const attempts = [
      api('bob', 'POST', 'collections/likes/records', { target: C.draft, user: CAST.bob }),
      api('bob', 'POST', 'collections/favorites/records', { target: C.draft, user: CAST.bob, type: 'story' }),
      api('bob', 'POST', 'collections/views/records', { post: C.draft, user: CAST.bob }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode, res.body).toBe(400);
    const draft = await api('alice', 'GET', `collections/posts/records/${C.draft}`);
    expect(draft.json()).toMatchObject({ like_count: 0, favorite_count: 0, view_count: 0 });
  });

  it("a like on a draft (by its author) does not reveal the draft's id to others", async () => {
    expect(
      (await api('alice', 'POST', 'collections/likes/records', { target: C.draft, user: CAST.alice }))
        .statusCode,
    ).toBe(200);
    const seenByBob = await api('bob', 'GET', 'collections/likes/records?perPage=200');
    expect(seenByBob.body).not.toContain(C.draft);
    const filtered = await api(
      'bob',
      'GET',
      `collections/likes/records?filter=${encodeURIComponent(`target='${C.draft}'`)}`,
    );
    expect(filtered.json<{ totalItems: number }>().totalItems).toBe(0);
    const seenByAlice = await api('alice', 'GET', 'collections/likes/records?perPage=200');
    expect(seenByAlice.body).toContain(C.draft);
  });

  it("reports only about what the reporter may view: no draft, no comment on it, no one else's message", async () => {
    const draftComment = 'commentondraft1';
    const { core } = community;
    await core.db.kysely
      .insertInto('comments')
      .values({
        id: draftComment,
        target: C.draft,
        author: CAST.alice,
        content: 'note to self',
        reply: '',
        attachments: '[]',
        created: '2026-01-03 00:00:00.000Z',
        updated: '2026-01-03 00:00:00.000Z',
      } as never)
      .execute();
    for (const target of [{ post: C.draft }, { comment: draftComment }]) {
      const res = await api('bob', 'POST', 'collections/reports/records', {
        user: CAST.bob,
        reason: 'x',
        ...target,
      });
      expect(res.statusCode, JSON.stringify(target)).toBe(400);
    }
    const message = await api('mod', 'POST', 'collections/reports/records', {
      user: CAST.mod,
      reason: 'x',
      message: C.message,
    });
    expect(message.statusCode).toBe(400);
    // What one may view stays reportable.
    const fine = await api('alice', 'POST', 'collections/reports/records', {
      user: CAST.alice,
      reason: 'rude',
      message: C.message,
    });
    expect(fine.statusCode).toBe(200);
  });
});
