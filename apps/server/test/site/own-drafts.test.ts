/**
 * A member none of whose posts is unpublished lists posts and what hangs from them with the rules
 * minus "or the caller contributes" (site/own-drafts.ts): the same rows, and one total shared by every
 * such member. A member with a draft keeps the whole rules, and sees the draft the moment it is saved.
 */
import { beforeAll, expect, it } from 'vitest';
import { stories } from '../../src/collections/stories';
import { withoutOwnUnpublished } from '../../src/site/own-drafts';
import type { apiCaller } from '../support/community';
import { C, CAST, listPage, type Caller, type Community, communityWithMember } from '../support/community';
import { describeEachDialect } from '../support/databases';

const records = (collection: string) => `collections/${collection}/records`;

it('only "published, or contributes to that same post" loses its middle part', () => {
  const listRule = stories.listRule!;
  const shorter = withoutOwnUnpublished(listRule);
  expect(shorter).not.toContain('contributors.id ?= @request.auth.id');
  expect(shorter).toContain("(post.published != '') || ((@request.auth.roles ~ 'moderator'");
  // "contributes" on its own (who may add a chapter) is a different question: untouched.
  expect(withoutOwnUnpublished(stories.createRule!)).toBe(stories.createRule);
  // The same words about two different posts are left alone too.
  const mixed =
    "(post.published != '') || (@request.auth.id != '' && series.post.contributors.id ?= @request.auth.id) || (x = 1)";
  expect(withoutOwnUnpublished(mixed)).toBe(mixed);
});

describeEachDialect('lists of members without drafts', (getDb) => {
  let community: Community;
  let call: ReturnType<typeof apiCaller>;
  let carol: { token: string };
  let carolId = '';

  const list = (who: Caller, collection: string) =>
    listPage(call, who, `${records(collection)}?perPage=200&sort=id`);

  beforeAll(async () => {
    ({
      community,
      call,
      member: { id: carolId, caller: carol },
    } = await communityWithMember(getDb(), 'carol'));
  });

  it('members without drafts share one remembered total; their lists hold the same rows', async () => {
    const counts = community.core.records.lists!;
    const bobs = await list('bob', 'stories');
    const before = { ...counts.stats };
    const carols = await list(carol, 'stories');
    expect(carols).toEqual(bobs);
    expect(bobs.ids).toEqual([C.story]);
    // carol's total is bob's question, answered from memory (with the rest of bob's answer: a page
    // of 200 rows is remembered whole too).
    expect(counts.stats.hits + counts.stats.renderedHits).toBe(before.hits + before.renderedHits + 1);
    expect(counts.stats.misses).toBe(before.misses);
  });

  it('a member with a draft still lists it, from the moment it is saved', async () => {
    const alices = await list('alice', 'stories');
    expect(alices.ids.sort()).toEqual([C.draftStory, C.story].sort());

    const post = await call(carol, 'POST', records('posts'), {
      type: 'story',
      title: 'A Tiny Beginning',
      contributors: [carolId],
    });
    expect(post.statusCode, post.body).toBe(200);
    const story = await call(carol, 'POST', records('stories'), {
      post: post.json<{ id: string }>().id,
      content: 'Draft.',
    });
    expect(story.statusCode, story.body).toBe(200);
    const draft = story.json<{ id: string }>().id;
    const carols = await list(carol, 'stories');
    expect(carols.ids.sort()).toEqual([C.story, draft].sort());
    expect(carols.total).toBe(2);
    // Nobody else sees it.
    expect((await list('bob', 'stories')).ids).toEqual([C.story]);
    expect((await list('mod', 'stories')).ids.sort()).toEqual([C.draftStory, C.story, draft].sort());
    expect(CAST.bob).not.toBe(carolId);
  });
});
