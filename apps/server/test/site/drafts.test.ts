/**
 * Drafts and revisions (PRODUCT.md §14): an editor's draft is its member's alone (moderators may read it);
 * every save of a story keeps a revision its contributors and moderators can list, and restoring one is a
 * save like any other, so it adds a revision and loses nothing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../support/databases';
import { C, CAST, apiCaller, buildCommunity, type Community } from '../support/community';

interface Revision {
  id: string;
  post: string;
  story: string;
  editor: string;
  title: string;
  description: string;
  tags: string;
  content: string;
}

describeEachDialect('drafts and revisions', (getDb) => {
  let community: Community;
  let call: ReturnType<typeof apiCaller>;
  const DRAFTS = 'collections/drafts/records';
  const REVISIONS = 'collections/post_revisions/records';
  const revisionsOf = async (who: 'alice' | 'bob' | 'mod' | 'admin' | 'guest', post: string) => {
    const res = await call(
      who,
      'GET',
      `${REVISIONS}?sort=created&filter=${encodeURIComponent(`post = "${post}"`)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: Revision[] }>().items;
  };

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    call = apiCaller(community);
  });
  afterAll(async () => {
    await community.server.close();
  });

  it('keeps one draft per member and post (or new post of a type), private to its member and moderators', async () => {
    const created = await call('alice', 'POST', DRAFTS, {
      user: CAST.alice,
      type: 'story',
      data: { title: 'Half a title', content: 'The giant yawned' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<{ id: string }>().id;
    // Typing on: the same draft is updated.
    const typed = await call('alice', 'PATCH', `${DRAFTS}/${id}`, {
      data: { title: 'Half a title', content: 'The giant yawned and stretched' },
    });
    expect(typed.statusCode, typed.body).toBe(200);
    // A second device finds it.
    const found = await call(
      'alice',
      'GET',
      `${DRAFTS}?filter=${encodeURIComponent("type = 'story' && post = ''")}`,
    );
    expect(found.json<{ items: Array<{ data: { content: string } }> }>().items).toMatchObject([
      { data: { content: 'The giant yawned and stretched' } },
    ]);
    // One per member and new post of a type.
    const twice = await call('alice', 'POST', DRAFTS, { user: CAST.alice, type: 'story', data: {} });
    expect(twice.statusCode).toBe(400);
    // A draft of an edit is separate from the new-story draft.
    const ofEdit = await call('alice', 'POST', DRAFTS, {
      user: CAST.alice,
      type: 'story',
      post: C.published,
      data: { content: 'Edited' },
    });
    expect(ofEdit.statusCode, ofEdit.body).toBe(200);

    for (const other of ['bob', 'guest'] as const) {
      expect((await call(other, 'GET', `${DRAFTS}/${id}`)).statusCode).toBe(404);
      expect((await call(other, 'GET', DRAFTS)).json<{ totalItems: number }>().totalItems).toBe(0);
    }
    expect((await call('bob', 'PATCH', `${DRAFTS}/${id}`, { data: {} })).statusCode).toBe(404);
    expect((await call('bob', 'DELETE', `${DRAFTS}/${id}`)).statusCode).toBe(404);
    // Moderators may read it, never change it.
    expect((await call('mod', 'GET', `${DRAFTS}/${id}`)).statusCode).toBe(200);
    expect((await call('mod', 'PATCH', `${DRAFTS}/${id}`, { data: {} })).statusCode).toBe(404);
    expect((await call('mod', 'DELETE', `${DRAFTS}/${id}`)).statusCode).toBe(404);
    // Its member discards it.
    expect((await call('alice', 'DELETE', `${DRAFTS}/${id}`)).statusCode).toBe(204);
  });

  it('refuses a draft of someone else’s post, for someone else, or moved to another post', async () => {
    const notMine = await call('bob', 'POST', DRAFTS, {
      user: CAST.bob,
      type: 'story',
      post: C.published,
      data: { content: 'Mine now' },
    });
    expect(notMine.statusCode).toBe(400);
    const forAlice = await call('bob', 'POST', DRAFTS, { user: CAST.alice, type: 'story', data: {} });
    expect(forAlice.statusCode).toBe(400);
    const own = await call('bob', 'POST', DRAFTS, {
      user: CAST.bob,
      type: 'forum-post',
      data: { title: 'Hi' },
    });
    expect(own.statusCode, own.body).toBe(200);
    const id = own.json<{ id: string }>().id;
    expect((await call('bob', 'PATCH', `${DRAFTS}/${id}`, { post: C.published })).statusCode).toBe(404);
    expect((await call('bob', 'PATCH', `${DRAFTS}/${id}`, { user: CAST.alice })).statusCode).toBe(404);
  });

  it('keeps a revision on every save of a story, for its contributors and moderators only', async () => {
    // The community's stories were created with a first revision each.
    const first = await revisionsOf('alice', C.published);
    expect(first).toMatchObject([{ title: 'The Giant Garden', content: 'Once upon a time...' }]);

    const renamed = await call('alice', 'PATCH', `collections/posts/records/${C.published}`, {
      title: 'The Giant Garden, Revised',
      tags: [C.tag],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const saved = await call('alice', 'PATCH', `collections/stories/records/${C.story}`, {
      content: 'Once upon a time, a giant.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = await call('alice', 'PATCH', `collections/stories/records/${C.story}`, {
      content: 'Once upon a time, a gentle giant.',
    });
    expect(again.statusCode, again.body).toBe(200);
    // Saving nothing new adds nothing.
    const same = await call('alice', 'PATCH', `collections/stories/records/${C.story}`, {
      content: 'Once upon a time, a gentle giant.',
    });
    expect(same.statusCode, same.body).toBe(200);

    const revisions = await revisionsOf('alice', C.published);
    expect(revisions.map((r) => r.content)).toEqual([
      'Once upon a time...',
      'Once upon a time, a giant.',
      'Once upon a time, a gentle giant.',
    ]);
    expect(revisions[1]).toMatchObject({
      title: 'The Giant Garden, Revised',
      tags: 'giant',
      story: C.story,
      editor: CAST.alice,
    });
    expect(await revisionsOf('mod', C.published)).toHaveLength(3);
    // Other members see none of them, not even of a published story, nor by id.
    expect(await revisionsOf('bob', C.published)).toHaveLength(0);
    expect(await revisionsOf('guest', C.published)).toHaveLength(0);
    expect((await call('bob', 'GET', `${REVISIONS}/${revisions[0]!.id}`)).statusCode).toBe(404);
    // Nobody writes or removes them through the API.
    for (const who of ['alice', 'mod'] as const) {
      expect((await call(who, 'POST', REVISIONS, { post: C.published, content: 'x' })).statusCode).toBe(403);
      expect(
        (await call(who, 'PATCH', `${REVISIONS}/${revisions[0]!.id}`, { content: 'x' })).statusCode,
      ).toBe(403);
      expect((await call(who, 'DELETE', `${REVISIONS}/${revisions[0]!.id}`)).statusCode).toBe(403);
    }
  });

  it('restores a revision as a new save, and shows the revisions to a co-author once they accept', async () => {
    const before = await revisionsOf('alice', C.published);
    const oldest = before[0]!;
    // Restoring is saving the revision's values through the story form: post first, then story.
    expect(
      (
        await call('alice', 'PATCH', `collections/posts/records/${C.published}`, {
          title: oldest.title,
          description: oldest.description,
          tags: [],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call('alice', 'PATCH', `collections/stories/records/${C.story}`, { content: oldest.content }))
        .statusCode,
    ).toBe(200);
    const after = await revisionsOf('alice', C.published);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({
      title: 'The Giant Garden',
      tags: '',
      content: 'Once upon a time...',
    });
    // Nothing is lost: the revisions from before the restore are all still there.
    expect(after.slice(0, before.length).map((r) => r.id)).toEqual(before.map((r) => r.id));

    const invited = await call('alice', 'POST', 'collections/post_invitations/records', {
      post: C.published,
      user: CAST.bob,
      inviter: CAST.alice,
    });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(await revisionsOf('bob', C.published)).toHaveLength(0);
    const accepted = await call(
      'bob',
      'PATCH',
      `collections/post_invitations/records/${invited.json<{ id: string }>().id}`,
      {
        status: 'accepted',
      },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await revisionsOf('bob', C.published)).toHaveLength(after.length);
  });
});
