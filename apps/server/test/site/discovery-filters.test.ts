/**
 * Size-native metadata and muted tags (PRODUCT.md §14; issue 20 acceptance 2 and 3): browse and search
 * filter by size classes and change, with exact totals and pages; a member's muted tags and labels
 * leave stories and series out of their lists and search on the server only when asked (`muted=hide`),
 * with the number left out, and for that member only.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRecord } from '../../src/core/records/write';
import { systemRequest } from '../../src/core/rules/request-info';
import type { RecordData } from '../../src/core/records/record';
import { describeEachDialect } from '../support/databases';
import { C, CAST, apiCaller, buildCommunity, type Community } from '../support/community';

interface Page {
  page: number;
  totalItems: number;
  totalPages: number;
  hidden?: number;
  items: Array<{ id: string; expand?: { post?: { title: string } } }>;
}

describeEachDialect('size metadata and muted tags', (getDb) => {
  let community: Community;
  let call: ReturnType<typeof apiCaller>;
  const megaGrowth: string[] = [];
  let mutedTag = '';
  let mutedLabel = '';
  let mutedStory = '';

  const list = async (who: 'alice' | 'bob', collection: string, query: Record<string, string>) => {
    const res = await call(
      who,
      'GET',
      `collections/${collection}/records?${new URLSearchParams({ expand: 'post', ...query }).toString()}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>();
  };
  const search = async (who: 'alice' | 'bob', query: Record<string, string>) => {
    const res = await call(who, 'GET', `search/stories?${new URLSearchParams(query).toString()}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>();
  };

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    call = apiCaller(community);
    const core = community.core;
    const system = systemRequest(core.registry.find('_superusers')!);
    const create = (collection: string, data: RecordData) =>
      createRecord(core.records, core.registry.find(collection)!, data, system);
    mutedTag = String((await create('tags', { name: 'hands' })).id);
    mutedLabel = String((await create('labels', { name: 'Vore' })).id);
    // 23 mega giants with growth (one of them tagged `hands`), and near misses of each kind.
    const kinds: Array<{ n: number; sizes: RecordData; match: boolean; tags?: string[]; labels?: string[] }> =
      [
        { n: 22, sizes: { larger_size: 'mega', smaller_size: 'micro', size_change: 'growth' }, match: true },
        {
          n: 1,
          sizes: { larger_size: 'mega', smaller_size: 'tiny', size_change: 'growth' },
          match: true,
          tags: [mutedTag],
        },
        { n: 3, sizes: { larger_size: 'giga', smaller_size: 'micro', size_change: 'growth' }, match: false },
        { n: 3, sizes: { larger_size: 'mega', smaller_size: 'micro', size_change: 'both' }, match: false },
        { n: 2, sizes: { larger_size: 'mega', size_change: 'growth' }, match: true, labels: [mutedLabel] },
        { n: 2, sizes: {}, match: false },
      ];
    let minute = 0;
    for (const kind of kinds) {
      for (let i = 0; i < kind.n; i++) {
        minute++;
        const stamp = `2026-03-01 00:${String(minute).padStart(2, '0')}:00.000Z`;
        const post = await create('posts', {
          type: 'story',
          title: `Tower story ${minute}`,
          description: 'A tower of a giant.',
          contributors: [CAST.alice],
          tags: kind.tags ?? [],
          labels: kind.labels ?? [],
          published: stamp,
          ...kind.sizes,
        });
        const story = await create('stories', { post: post.id, content: 'The tower grew.' });
        if (kind.match) megaGrowth.push(String(story.id));
        if (kind.tags) mutedStory = String(story.id);
      }
    }
    // An unpublished mega growth story is never listed.
    const draft = await create('posts', {
      type: 'story',
      title: 'Tower draft',
      contributors: [CAST.alice],
      larger_size: 'mega',
      size_change: 'growth',
    });
    await create('stories', { post: draft.id, content: 'Not yet.' });
  });
  afterAll(async () => community?.server.close());

  const MEGA_GROWTH = "post.published != '' && post.larger_size = 'mega' && post.size_change = 'growth'";

  it('browses a mega giant with growth: exactly the seeded matches, over pages, with the total', async () => {
    const first = await list('bob', 'stories', { filter: MEGA_GROWTH, sort: 'created', perPage: '20' });
    expect(first.totalItems).toBe(25);
    expect(first.totalPages).toBe(2);
    expect(first.hidden).toBeUndefined();
    const second = await list('bob', 'stories', {
      filter: MEGA_GROWTH,
      sort: 'created',
      perPage: '20',
      page: '2',
    });
    expect(second.items).toHaveLength(5);
    const seen = [...first.items, ...second.items].map((s) => s.id);
    expect(new Set(seen).size).toBe(25);
    expect([...seen].sort()).toEqual([...megaGrowth].sort());
    // Combined with the smaller character: "a mega giant and a micro tiny, growth".
    const withTiny = await list('bob', 'stories', {
      filter: `${MEGA_GROWTH} && post.smaller_size = 'micro'`,
      perPage: '20',
    });
    expect(withTiny.totalItems).toBe(22);
  });

  it('filters search by sizes', async () => {
    const found = await search('bob', { q: 'tower', larger: 'mega', change: 'growth', perPage: '20' });
    expect(found.totalItems).toBe(25);
    expect(found.totalPages).toBe(2);
    const second = await search('bob', {
      q: 'tower',
      larger: 'mega',
      change: 'growth',
      perPage: '20',
      page: '2',
    });
    expect([...found.items, ...second.items].map((s) => s.id).sort()).toEqual([...megaGrowth].sort());
    expect((await search('bob', { q: 'tower', larger: 'tera' })).totalItems).toBe(0);
    expect((await search('bob', { q: 'tower' })).totalItems).toBe(33);
  });

  it('keeps mutes private to their member and refuses one for someone else', async () => {
    const forAlice = await call('bob', 'POST', 'collections/mutes/records', {
      user: CAST.alice,
      tag: mutedTag,
    });
    expect(forAlice.statusCode).toBe(400);
    const both = await call('bob', 'POST', 'collections/mutes/records', {
      user: CAST.bob,
      tag: mutedTag,
      label: mutedLabel,
    });
    expect(both.statusCode).toBe(400);
    const tag = await call('bob', 'POST', 'collections/mutes/records', { user: CAST.bob, tag: mutedTag });
    expect(tag.statusCode, tag.body).toBe(200);
    const label = await call('bob', 'POST', 'collections/mutes/records', {
      user: CAST.bob,
      label: mutedLabel,
    });
    expect(label.statusCode, label.body).toBe(200);
    expect((await list('alice', 'mutes', {})).totalItems).toBe(0);
    expect((await list('bob', 'mutes', {})).totalItems).toBe(2);
  });

  it('leaves muted tags and labels out of lists and search for that member, with the number hidden', async () => {
    const hiding = await list('bob', 'stories', {
      filter: MEGA_GROWTH,
      sort: 'created',
      perPage: '20',
      muted: 'hide',
    });
    expect(hiding.totalItems).toBe(22);
    expect(hiding.hidden).toBe(3);
    expect(hiding.totalPages).toBe(2);
    const rest = await list('bob', 'stories', {
      filter: MEGA_GROWTH,
      sort: 'created',
      perPage: '20',
      page: '2',
      muted: 'hide',
    });
    expect(rest.items).toHaveLength(2);
    const shown = [...hiding.items, ...rest.items].map((s) => s.id);
    expect(shown).not.toContain(mutedStory);
    expect(new Set(shown).size).toBe(22);
    // "Show them": the same list without the parameter.
    expect((await list('bob', 'stories', { filter: MEGA_GROWTH, perPage: '20' })).totalItems).toBe(25);
    // Alice muted nothing: she sees everything and nothing is hidden.
    const alice = await list('alice', 'stories', { filter: MEGA_GROWTH, muted: 'hide' });
    expect(alice.totalItems).toBe(25);
    expect(alice.hidden ?? 0).toBe(0);
    // The posts themselves, and search.
    const posts = await list('bob', 'posts', { filter: "published != '' && type = 'story'", muted: 'hide' });
    expect(posts.hidden).toBe(3);
    const found = await search('bob', { q: 'tower', muted: 'hide', perPage: '50' });
    expect(found.totalItems).toBe(30);
    expect(found.hidden).toBe(3);
    expect(found.items.map((s) => s.id)).not.toContain(mutedStory);
    const sized = await search('bob', { q: 'tower', larger: 'mega', change: 'growth', muted: 'hide' });
    expect(sized.totalItems).toBe(22);
    expect(sized.hidden).toBe(3);
    expect((await search('alice', { q: 'tower', muted: 'hide' })).totalItems).toBe(33);
    // The community's own published story carries no muted tag and stays.
    const all = await list('bob', 'stories', {
      filter: "post.published != ''",
      muted: 'hide',
      perPage: '100',
    });
    expect(all.items.map((s) => s.id)).toContain(C.story);
    // A story carrying both a muted tag and a muted label is left out, and counted as hidden, once.
    const post = await call('superuser', 'POST', 'collections/posts/records', {
      type: 'story',
      title: 'Tower story with both',
      contributors: [CAST.alice],
      tags: [mutedTag],
      labels: [mutedLabel],
      published: '2026-03-01 01:00:00.000Z',
      larger_size: 'mega',
      size_change: 'growth',
    });
    expect(post.statusCode, post.body).toBe(200);
    const story = await call('superuser', 'POST', 'collections/stories/records', {
      post: post.json<{ id: string }>().id,
      content: 'Both.',
    });
    expect(story.statusCode, story.body).toBe(200);
    const withBoth = await list('bob', 'stories', { filter: MEGA_GROWTH, perPage: '20', muted: 'hide' });
    expect(withBoth.totalItems).toBe(22);
    expect(withBoth.hidden).toBe(4);
    // Unmuting brings them back.
    const mine = await list('bob', 'mutes', {});
    for (const mute of mine.items) {
      const res = await call('bob', 'DELETE', `collections/mutes/records/${mute.id}`);
      expect(res.statusCode).toBe(204);
    }
    const after = await list('bob', 'stories', { filter: MEGA_GROWTH, muted: 'hide' });
    expect(after.totalItems).toBe(26);
  });

  it("keeps a filtered search's totals, and counts again after any write they depend on", async () => {
    const counts = community.core.records.lists!;
    const mute = await call('bob', 'POST', 'collections/mutes/records', { user: CAST.bob, tag: mutedTag });
    expect(mute.statusCode, mute.body).toBe(200);
    const query = { q: 'tower', larger: 'mega', change: 'growth', muted: 'hide' };
    // 26 mega growth stories with "tower" (the one added above among them), two carrying the muted tag.
    const first = await search('bob', query);
    expect([first.totalItems, first.hidden]).toEqual([24, 2]);
    const hits = counts.stats.hits;
    const again = await search('bob', query);
    expect([again.totalItems, again.hidden]).toEqual([24, 2]);
    // The total and the unrestricted total for "hidden", both from memory.
    expect(counts.stats.hits - hits).toBeGreaterThanOrEqual(2);

    // A story's size changes: it leaves the filter.
    const story = await call('superuser', 'GET', `collections/stories/records/${megaGrowth[0]}`);
    const postId = story.json<{ post: string }>().post;
    const resized = await call('superuser', 'PATCH', `collections/posts/records/${postId}`, {
      larger_size: 'giga',
    });
    expect(resized.statusCode, resized.body).toBe(200);
    const afterResize = await search('bob', query);
    expect([afterResize.totalItems, afterResize.hidden]).toEqual([23, 2]);

    // Another gets the muted tag: hidden, and counted as such.
    const other = await call('superuser', 'GET', `collections/stories/records/${megaGrowth[1]}`);
    const tagged = await call(
      'superuser',
      'PATCH',
      `collections/posts/records/${other.json<{ post: string }>().post}`,
      {
        tags: [mutedTag],
      },
    );
    expect(tagged.statusCode, tagged.body).toBe(200);
    const afterTag = await search('bob', query);
    expect([afterTag.totalItems, afterTag.hidden]).toEqual([22, 3]);

    // Bob blocks the author of every tower story: none is found any more.
    const block = await call('bob', 'POST', 'collections/blocks/records', {
      blocker: CAST.bob,
      blocked: CAST.alice,
    });
    expect(block.statusCode, block.body).toBe(200);
    expect((await search('bob', query)).totalItems).toBe(0);
    expect((await search('alice', { q: 'tower', larger: 'mega', change: 'growth' })).totalItems).toBe(25);
  });
});
