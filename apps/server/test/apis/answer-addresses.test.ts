/**
 * A caller's list request finds its remembered answer at its address without compiling anything
 * (core/records/answer-addresses.ts). The address holds while the caller's account, the query and
 * what the look-ups before compiling read are unchanged: each test changes one of them and expects
 * the next answer to follow at once.
 */
import { beforeAll, expect, it } from 'vitest';
import type { apiCaller } from '../support/community';
import { C, CAST, listPage, type Caller, type Community, communityWithMember } from '../support/community';
import { describeEachDialect } from '../support/databases';

const draftComments = `collections/comments/records?filter=${encodeURIComponent(
  `target = "${C.draft}"`,
)}&sort=created`;
const mutedStories = 'collections/stories/records?sort=-created&muted=hide';

describeEachDialect('answer addresses', (getDb) => {
  let community: Community;
  let call: ReturnType<typeof apiCaller>;
  let carol: Caller;
  let carolId = '';
  let draftComment = '';

  const stats = () => ({ ...community.core.records.lists!.stats });
  const page = (who: Caller, path: string) => listPage(call, who, path);

  beforeAll(async () => {
    ({
      community,
      call,
      member: { id: carolId, caller: carol },
    } = await communityWithMember(getDb(), 'carol'));
    const comment = await call('superuser', 'POST', 'collections/comments/records', {
      target: C.draft,
      author: CAST.alice,
      content: 'A note on my own draft',
    });
    expect(comment.statusCode, comment.body).toBe(200);
    draftComment = comment.json<{ id: string }>().id;
    const tagged = await call('superuser', 'PATCH', `collections/posts/records/${C.published}`, {
      tags: [C.tag],
    });
    expect(tagged.statusCode, tagged.body).toBe(200);
  });

  it('answers a request asked again from its address, asking no look-up and compiling nothing', async () => {
    const path = `collections/comments/records?filter=${encodeURIComponent(`target = "${C.published}"`)}`;
    const first = await page(carol, path);
    expect(first.ids).toEqual([C.comment]);
    const before = stats();
    expect(await page(carol, path)).toEqual(first);
    const after = stats();
    expect(after.addressHits - before.addressHits).toBe(1);
    expect(after.renderedHits - before.renderedHits).toBe(1);
    // Neither the pinned post nor the caller's blocks and drafts were asked about.
    expect(after.checkHits + after.checkMisses).toBe(before.checkHits + before.checkMisses);
  });

  it("follows a change to the caller's own account that a rule reads", async () => {
    expect(await page(carol, draftComments)).toEqual({ ids: [], total: 0 });
    expect(await page(carol, draftComments)).toEqual({ ids: [], total: 0 });
    // Moderators see the comments of a draft: the rule reads `@request.auth.roles`.
    const promoted = await call('superuser', 'PATCH', `collections/users/records/${carolId}`, {
      roles: ['moderator'],
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(await page(carol, draftComments)).toEqual({ ids: [draftComment], total: 1 });
    const demoted = await call('superuser', 'PATCH', `collections/users/records/${carolId}`, { roles: [] });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(await page(carol, draftComments)).toEqual({ ids: [], total: 0 });
  });

  it("follows the caller's mutes from the moment they are saved", async () => {
    expect((await page(carol, mutedStories)).ids).toEqual([C.story]);
    expect((await page(carol, mutedStories)).ids).toEqual([C.story]);
    const mute = await call(carol, 'POST', 'collections/mutes/records', { user: carolId, tag: C.tag });
    expect(mute.statusCode, mute.body).toBe(200);
    expect(await page(carol, mutedStories)).toEqual({ ids: [], total: 0 });
    // Without `muted=hide` nothing is left out: another query, another address.
    expect((await page(carol, 'collections/stories/records?sort=-created')).ids).toEqual([C.story]);
    const unmuted = await call(
      carol,
      'DELETE',
      `collections/mutes/records/${mute.json<{ id: string }>().id}`,
    );
    expect(unmuted.statusCode, unmuted.body).toBe(204);
    expect((await page(carol, mutedStories)).ids).toEqual([C.story]);
  });

  it("remembers a record's view, follows edits of what it shows, and never remembers a refusal", async () => {
    const view = (who: Caller, id: string) =>
      call(
        who,
        'GET',
        `collections/stories/records/${id}?expand=${encodeURIComponent('post,post.contributors')}`,
      );
    const first = await view(carol, C.story);
    expect(first.statusCode, first.body).toBe(200);
    const before = stats();
    expect((await view(carol, C.story)).body).toBe(first.body);
    expect(stats().addressHits - before.addressHits).toBe(1);
    expect(stats().renderedHits - before.renderedHits).toBe(1);
    // Another member without drafts shares it.
    expect((await view('bob', C.story)).body).toBe(first.body);

    const retitled = await call('superuser', 'PATCH', `collections/posts/records/${C.published}`, {
      title: 'A new title',
    });
    expect(retitled.statusCode, retitled.body).toBe(200);
    const edited = (await view(carol, C.story)).json<{ expand: { post: { title: string } } }>();
    expect(edited.expand.post.title).toBe('A new title');

    // A draft's story: hidden from others every time, shown to its author.
    expect((await view(carol, C.draftStory)).statusCode).toBe(404);
    expect((await view(carol, C.draftStory)).statusCode).toBe(404);
    expect((await view('alice', C.draftStory)).statusCode).toBe(200);
    expect((await view(carol, 'nosuchstory0000')).statusCode).toBe(404);
  });

  it('gives no address while a rule reads a request header, whose answers differ by header', async () => {
    const { core } = community;
    const created = await call('superuser', 'POST', 'collections', {
      name: 'header_notes',
      type: 'base',
      fields: [{ name: 'text', type: 'text' }],
      listRule: '@request.headers.x_pass = "open"',
    });
    expect(created.statusCode, created.body).toBe(200);
    const note = await call('superuser', 'POST', 'collections/header_notes/records', {
      text: 'behind the header',
    });
    expect(note.statusCode, note.body).toBe(200);
    const ask = async (pass: string) => {
      const res = await community.server.inject({
        method: 'GET',
        url: '/api/collections/header_notes/records',
        headers: { authorization: community.token('bob')!, 'x-pass': pass },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ totalItems: number }>().totalItems;
    };
    const before = stats();
    expect(await ask('open')).toBe(1);
    expect(await ask('open')).toBe(1);
    expect(await ask('closed')).toBe(0);
    expect(await ask('open')).toBe(1);
    expect(stats().addressHits).toBe(before.addressHits);
    // The other lists are not addressed either while that rule exists.
    await page(carol, mutedStories);
    await page(carol, mutedStories);
    expect(stats().addressHits).toBe(before.addressHits);
    expect(core.registry.find('header_notes')).toBeDefined();
  });
});
