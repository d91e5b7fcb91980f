/**
 * Whole list answers are remembered and shared by callers whose requests compile to the same
 * statements (core/records/list-answers.ts): every such caller must get exactly what a fresh read
 * would give them, and callers whose rules, blocks, drafts, roles or own account make their answer
 * differ must never get another's.
 */
import { parseFilter } from '@community/filter';
import { beforeAll, describe, expect, it } from 'vitest';
import { communityCollections } from '../../src/collections';
import type { Collection } from '../../src/core/collections/model';
import { readsCallerOnlyOnRow } from '../../src/core/rules/caller-on-row';
import type { apiCaller } from '../support/community';
import { C, CAST, addMember, type Caller, type Community, communityWithMember } from '../support/community';
import { describeEachDialect } from '../support/databases';

/** The story pages' expand (apps/web stories feature). */
const STORY_EXPAND = 'post,post.contributors,post.contributors.profile,post.tags';
const storyPage = `collections/stories/records?perPage=10&sort=-created&expand=${encodeURIComponent(STORY_EXPAND)}`;
const commentPage = `collections/comments/records?filter=${encodeURIComponent(
  `target = "${C.published}"`,
)}&sort=created&expand=author`;

describe('rules that read the caller only against the row', () => {
  const profiles = communityCollections.find((c) => c.name === 'profiles') as unknown as Collection;
  const reads = (rule: string) => readsCallerOnlyOnRow(profiles, parseFilter(rule));

  it('are exact comparisons of the caller id with a text value of the row, or with nothing', () => {
    expect(reads("user = @request.auth.id || @request.auth.roles ~ 'moderator'")).toBe(true);
    expect(reads('@request.auth.id = id && @request.auth.id != ""')).toBe(true);
    expect(reads("user.settings.displayAge = true || @request.auth.id != ''")).toBe(true);
  });

  it('are not comparisons through a relation, with other operators, or with other values', () => {
    expect(reads('user.profile = @request.auth.id')).toBe(false);
    expect(reads('user.blocks_via_blocked.blocker ?= @request.auth.id')).toBe(false);
    expect(reads('username ~ @request.auth.id')).toBe(false);
    expect(reads('user:lower = @request.auth.id')).toBe(false);
    expect(reads('@request.auth.id = "aliceaaaaaaaaaa"')).toBe(false);
    expect(reads('age = @request.auth.id')).toBe(false);
    expect(reads('@request.auth.id = @request.auth.id')).toBe(false);
  });
});

/** A listed record as the tests read it, expands included. */
interface Item {
  id: string;
  content?: string;
  title?: string;
  email?: string;
  birthday?: string;
  expand?: Record<string, Item & { expand?: Record<string, Item[] | Item> }> & {
    post?: Item & { expand: { contributors: Item[] } };
    author?: Item;
  };
}

const itemsOf = (answer: Answer): Item[] => (JSON.parse(answer.text) as { items: Item[] }).items;

interface Answer {
  text: string;
  ids: string[];
  total: number;
}

describeEachDialect('remembered list answers', (getDb) => {
  let community: Community;
  let call: ReturnType<typeof apiCaller>;
  let carol: Caller;
  let carolId = '';

  const get = async (who: Caller, path: string): Promise<Answer> => {
    const res = await call(who, 'GET', path);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json<{ totalItems: number; items: Array<{ id: string }> }>();
    return { text: res.body, ids: body.items.map((item) => item.id), total: body.totalItems };
  };
  const stats = () => ({ ...community.core.records.lists!.stats });

  beforeAll(async () => {
    // A member with no drafts and no blocks, like bob: the two ask the same statements.
    ({
      community,
      call,
      member: { id: carolId, caller: carol },
    } = await communityWithMember(getDb(), 'carol'));
  });

  it('gives two members whose statements are the same one rendered answer, rendered once', async () => {
    const first = await get('bob', storyPage);
    expect(first.ids).toEqual([C.story]);
    const before = stats();
    const second = await get(carol, storyPage);
    const after = stats();
    expect(after.renderedHits - before.renderedHits).toBe(1);
    expect(after.renderedMisses - before.renderedMisses).toBe(0);
    expect(second.text).toBe(first.text);
    // The expands are in it: the post, its contributor with her profile.
    const story = itemsOf(second)[0]!;
    expect(story.expand?.post?.id).toBe(C.published);
    expect(story.expand?.post?.expand.contributors[0]?.id).toBe(CAST.alice);
  });

  it('renders again after a write to an expanded record, a listed one, or a new row', async () => {
    await get('bob', storyPage);
    const rename = await call('superuser', 'PATCH', `collections/posts/records/${C.published}`, {
      title: 'The Giant Garden, Revised',
    });
    expect(rename.statusCode, rename.body).toBe(200);
    const renamed = itemsOf(await get(carol, storyPage))[0]!;
    expect(renamed.expand?.post?.title).toBe('The Giant Garden, Revised');

    const edit = await call('superuser', 'PATCH', `collections/stories/records/${C.story}`, {
      content: 'Once upon a larger time...',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(itemsOf(await get('bob', storyPage))[0]!.content).toContain('larger time');

    const post = await call('superuser', 'POST', 'collections/posts/records', {
      type: 'story',
      title: 'Shrinking Violet',
      contributors: [CAST.alice],
      published: '2026-02-01 00:00:00.000Z',
    });
    expect(post.statusCode, post.body).toBe(200);
    const story = await call('superuser', 'POST', 'collections/stories/records', {
      post: post.json<{ id: string }>().id,
      content: 'She shrank.',
    });
    expect(story.statusCode, story.body).toBe(200);
    const listed = await get(carol, storyPage);
    expect(listed.ids).toContain(story.json<{ id: string }>().id);
    expect(listed.total).toBe(2);
  });

  it('never serves the shared answer to a caller it shows, who is shown their own email', async () => {
    // carol's comment page shows bob, the author, without his email...
    const carols = await get(carol, commentPage);
    expect(carols.ids).toEqual([C.comment]);
    expect(carols.text).not.toContain('bob@example.com');
    // ...while bob, asking the same statements, gets his own, with it.
    const before = stats();
    const bobs = await get('bob', commentPage);
    expect(stats().renderedHits - before.renderedHits).toBe(0);
    const bob = itemsOf(bobs)[0]!.expand!.author!;
    expect(bob.email).toBe('bob@example.com');
    // His birthday is his and the moderators' to read ("id = @request.auth.id", compiled for a stand-in
    // caller in the key): his answer has it, the one carol shares with others does not.
    expect(bob.birthday).toMatch(/^1990-05-05/);
    expect(itemsOf(carols)[0]!.expand!.author).not.toHaveProperty('birthday');
    // His answer is not the one shared: carol still gets hers.
    const again = await get(carol, commentPage);
    expect(again.text).toBe(carols.text);
    // It is kept for him alone: asked again, it comes from memory, the same.
    const beforeAgain = stats();
    expect((await get('bob', commentPage)).text).toBe(bobs.text);
    expect(stats().renderedHits - beforeAgain.renderedHits).toBe(1);
    expect((await get(carol, commentPage)).text).toBe(carols.text);
  });

  it('keeps callers apart whose rules let through other rows', async () => {
    // A moderator sees alice's draft, a member does not; a superuser also sees hidden fields.
    expect((await get('bob', storyPage)).ids).not.toContain(C.draftStory);
    expect((await get('mod', storyPage)).ids).toContain(C.draftStory);
    expect((await get('bob', storyPage)).ids).not.toContain(C.draftStory);
    expect((await get('alice', storyPage)).ids).toContain(C.draftStory);
    expect((await get('superuser', storyPage)).ids).toContain(C.draftStory);
    expect((await get(carol, storyPage)).ids).not.toContain(C.draftStory);
  });

  it("follows a member's blocks and drafts from the moment they are saved", async () => {
    expect((await get('bob', storyPage)).ids).toContain(C.story);
    const block = await call('bob', 'POST', 'collections/blocks/records', {
      blocker: CAST.bob,
      blocked: CAST.alice,
    });
    expect(block.statusCode, block.body).toBe(200);
    // bob no longer sees alice's stories; carol, who shared his answer, still does.
    expect((await get('bob', storyPage)).ids).not.toContain(C.story);
    expect((await get(carol, storyPage)).ids).toContain(C.story);
    const unblock = await call(
      'bob',
      'DELETE',
      `collections/blocks/records/${block.json<{ id: string }>().id}`,
    );
    expect(unblock.statusCode).toBe(204);
    expect((await get('bob', storyPage)).ids).toContain(C.story);

    // carol saves a draft: her page shows it at once, bob's never does.
    const draft = await call(carol, 'POST', 'collections/posts/records', {
      type: 'story',
      title: 'Carol Grows',
      contributors: [carolId],
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const chapter = await call(carol, 'POST', 'collections/stories/records', {
      post: draft.json<{ id: string }>().id,
      content: 'Taller every day.',
    });
    expect(chapter.statusCode, chapter.body).toBe(200);
    const id = chapter.json<{ id: string }>().id;
    expect((await get(carol, storyPage)).ids).toContain(id);
    expect((await get('bob', storyPage)).ids).not.toContain(id);
  });

  it('keeps answers with other fields or pages apart', async () => {
    const picked = await get('bob', `${storyPage}&fields=id`);
    expect(itemsOf(picked)[0]).toEqual({ id: picked.ids[0] });
    const whole = await get('bob', storyPage);
    expect(itemsOf(whole)[0]!.content).toBeTruthy();
    const second = await get('bob', storyPage.replace('perPage=10', 'perPage=1&page=2'));
    expect(second.ids).toEqual([whole.ids[1]]);
  });

  it("remembers a view collection's list on the tables its query reads, and follows a write to them", async () => {
    const path = 'collections/unmigrated_users/records?sort=username';
    const dan = await addMember(community, 'dan');
    // The view's sources are found in the background after its first read; then it is remembered.
    let remembered = false;
    for (let tries = 0; tries < 10 && !remembered; tries++) {
      const before = stats().renderedHits + stats().addressHits;
      expect((await get('mod', path)).ids).toContain(dan.id);
      remembered = stats().renderedHits + stats().addressHits > before;
    }
    expect(remembered).toBe(true);
    const profile = await call('superuser', 'POST', 'collections/profiles/records', {
      user: dan.id,
      name: 'Dan',
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const linked = await call('superuser', 'PATCH', `collections/users/records/${dan.id}`, {
      profile: profile.json<{ id: string }>().id,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect((await get('mod', path)).ids).not.toContain(dan.id);
  });

  it('remembers a page over 100 rows (a manage list) whole, and follows a write to it', async () => {
    const managePage = `${commentPage}&perPage=500`;
    const first = await get(carol, managePage);
    const before = stats();
    expect((await get(carol, managePage)).text).toBe(first.text);
    expect(stats().renderedHits - before.renderedHits).toBe(1);
    const added = await call('bob', 'POST', 'collections/comments/records', {
      target: C.published,
      author: CAST.bob,
      content: 'One more',
    });
    expect(added.statusCode, added.body).toBe(200);
    const after = await get(carol, managePage);
    expect(after.ids).toEqual([...first.ids, added.json<{ id: string }>().id]);
    expect(after.total).toBe(first.total + 1);
  });
});
