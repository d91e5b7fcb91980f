import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureSearchIndex, reindexAllStories } from '../../src/site/search';
import { describeEachDialect } from '../support/databases';
import { CAST, buildCommunity, type Community, type Role } from '../support/community';

describeEachDialect('story search', (getDb) => {
  let community: Community;
  const search = async (role: Role, q: string, page = 1, perPage = 20) => {
    const token = community.token(role);
    const res = await community.server.inject({
      method: 'GET',
      url: `/api/search/stories?q=${encodeURIComponent(q)}&page=${page}&perPage=${perPage}`,
      headers: token ? { authorization: token } : {},
    });
    return {
      status: res.statusCode,
      body: res.json<{
        totalItems: number;
        items: Array<{ id: string; expand?: { post?: { title: string } } }>;
      }>(),
    };
  };
  const publish = async (title: string, description: string, content: string) => {
    const post = await community.server.inject({
      method: 'POST',
      url: '/api/collections/posts/records',
      headers: { authorization: community.token('superuser')! },
      payload: {
        type: 'story',
        title,
        description,
        contributors: [CAST.alice],
        published: '2026-03-01 00:00:00.000Z',
      },
    });
    const story = await community.server.inject({
      method: 'POST',
      url: '/api/collections/stories/records',
      headers: { authorization: community.token('superuser')! },
      payload: { post: post.json<{ id: string }>().id, content },
    });
    return story.json<{ id: string }>().id;
  };

  beforeAll(async () => {
    community = await buildCommunity(getDb());
  });
  afterAll(async () => {
    await community.server.close();
  });

  it('a title match ranks above a description match, above a text match', async () => {
    const inText = await publish('Morning Walk', 'A quiet stroll', 'She met a lighthouse keeper on the way.');
    const inDescription = await publish('Harbour Lights', 'The lighthouse at the end of the world', 'Waves.');
    const inTitle = await publish('The Lighthouse', 'Tall tales', 'Nothing else.');
    const { status, body } = await search('bob', 'lighthouse');
    expect(status).toBe(200);
    expect(body.items.map((s) => s.id)).toEqual([inTitle, inDescription, inText]);
    expect(body.items[0]?.expand?.post?.title).toBe('The Lighthouse');
  });

  it('finds published stories only, by word prefix, ignoring punctuation in the query', async () => {
    expect((await search('bob', 'Giant Gard')).body.items.length).toBeGreaterThan(0);
    expect((await search('bob', 'giant" OR *:(garden')).status).toBe(200);
    expect((await search('alice', 'Not yet')).body.totalItems).toBe(0);
  });

  it('an empty query returns nothing without an error; guests are refused', async () => {
    const empty = await search('bob', '   ');
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ totalItems: 0, items: [] });
    expect((await search('guest', 'giant')).status).toBe(401);
  });

  it('an edited story is found by its new words, and a deleted one is gone', async () => {
    const id = await publish('Paper Boats', 'Tiny sailors', 'They sailed the puddle.');
    const su = community.token('superuser')!;
    await community.server.inject({
      method: 'PATCH',
      url: `/api/collections/stories/records/${id}`,
      headers: { authorization: su },
      payload: { content: 'They crossed the ocean of the bathtub.' },
    });
    expect((await search('bob', 'bathtub')).body.items.map((s) => s.id)).toEqual([id]);
    await community.server.inject({
      method: 'DELETE',
      url: `/api/collections/stories/records/${id}`,
      headers: { authorization: su },
    });
    expect((await search('bob', 'bathtub')).body.totalItems).toBe(0);
  });

  it('a page asked again is answered from memory until the index changes', async () => {
    const lists = community.core.records.lists!;
    const first = await publish('Wombat Parade', 'Small smiles', 'They marched.');
    expect((await search('bob', 'wombat')).body.items.map((s) => s.id)).toEqual([first]);
    const hits = lists.stats.pageHits;
    expect((await search('bob', 'wombat')).body.items.map((s) => s.id)).toEqual([first]);
    expect(lists.stats.pageHits).toBe(hits + 1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await publish('Wombat Picnic', 'Small smiles', 'They ate.');
    expect((await search('bob', 'wombat')).body.items.map((s) => s.id)).toEqual([second, first]);
  });

  it('remembered results follow a change to what they show', async () => {
    const lists = community.core.records.lists!;
    const id = await publish('Capybara Bath', 'Warm water', 'They soaked.');
    const contributors = async () => {
      const res = await community.server.inject({
        method: 'GET',
        url: '/api/search/stories?q=capybara&expand=post.contributors',
        headers: { authorization: community.token('bob')! },
      });
      const body = res.json<{
        items: Array<{
          id: string;
          expand: { post: { expand: { contributors: Array<{ username: string }> } } };
        }>;
      }>();
      expect(body.items.map((s) => s.id)).toEqual([id]);
      return body.items[0]!.expand.post.expand.contributors.map((c) => c.username);
    };
    const before = await contributors();
    const hits = lists.stats.renderedHits;
    expect(await contributors()).toEqual(before);
    expect(lists.stats.renderedHits).toBe(hits + 1);
    const rename = (username: string) =>
      community.server.inject({
        method: 'PATCH',
        url: `/api/collections/users/records/${CAST.alice}`,
        headers: { authorization: community.token('superuser')! },
        payload: { username },
      });
    expect((await rename('capybara_keeper')).statusCode).toBe(200);
    try {
      expect(await contributors()).toEqual(['capybara_keeper']);
    } finally {
      await rename(before[0]!);
    }
  });

  it('answers 20 stories per page', async () => {
    for (let i = 0; i < 21; i++) await publish(`Zeppelin ${i}`, 'Airships', 'Up and away.');
    const first = await search('bob', 'zeppelin');
    expect(first.body.items).toHaveLength(20);
    expect(first.body.totalItems).toBe(21);
    expect((await search('bob', 'zeppelin', 2)).body.items).toHaveLength(1);
  });

  it('equally relevant stories come newest first', async () => {
    const older = await publish('Marble Halls', 'Same words', 'Same words.');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const newer = await publish('Marble Halls', 'Same words', 'Same words.');
    expect((await search('bob', 'marble')).body.items.map((s) => s.id)).toEqual([newer, older]);
  });

  const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

  it('within a tier, newest first; pages run on across the tier boundaries', async () => {
    // Written so that date order and tier order disagree: an older title match must still come
    // before every newer description or text match.
    const ids: Record<string, string> = {};
    const written: Array<[string, string, string, string]> = [
      ['text1', 'Rainy Day', 'Puddles', 'A quokka waved.'],
      ['title1', 'Quokka Island', 'Sun', 'Beaches.'],
      ['desc1', 'Ferry Ride', 'Meeting a quokka', 'Boats.'],
      ['title2', 'The Quokka Smiles', 'Teeth', 'Grins.'],
      ['text2', 'Long Walk', 'Sand', 'One quokka, then another.'],
      ['desc2', 'Island Diary', 'Quokka sightings', 'Notes.'],
      ['title3', 'Quokka Days', 'Summer', 'Heat.'],
    ];
    for (const [key, title, description, content] of written) {
      ids[key] = await publish(title, description, content);
      await tick();
    }
    const expected = ['title3', 'title2', 'title1', 'desc2', 'desc1', 'text2', 'text1'].map((k) => ids[k]);
    const whole = await search('bob', 'quokka');
    expect(whole.body.items.map((s) => s.id)).toEqual(expected);
    expect(whole.body.totalItems).toBe(7);
    const pages: string[][] = [];
    for (let page = 1; page <= 4; page++) {
      const { body } = await search('bob', 'quokka', page, 2);
      expect(body.totalItems).toBe(7);
      pages.push(body.items.map((s) => s.id));
    }
    expect(pages).toEqual([
      expected.slice(0, 2),
      expected.slice(2, 4),
      expected.slice(4, 6),
      expected.slice(6),
    ]);
    expect((await search('bob', 'quokka', 5, 2)).body.items).toEqual([]);
  });

  it('a query of several words ranks by where all of them are found', async () => {
    const split = await publish('Velvet Dreams', 'An orchard at night', 'Quiet.');
    await tick();
    const inText = await publish('Plain', 'Plain', 'Velvet orchard walls.');
    await tick();
    const inTitle = await publish('Velvet Orchard', 'Plain', 'Plain.');
    // Both words in the title; then both within title and description; then only with the text.
    expect((await search('bob', 'velvet orchard')).body.items.map((s) => s.id)).toEqual([
      inTitle,
      split,
      inText,
    ]);
  });

  it('finds a match that many newer stories have buried, one per page', async () => {
    // PostgreSQL first looks through a bounded run of the newest entries (50 per wanted result), then
    // asks the word index: the older title match must be found by the second way.
    const buried = await publish('Walrus Tales', 'Tusks', 'Ice.');
    await tick();
    const inText = await publish('Arctic', 'Cold', 'A walrus slept.');
    for (let i = 0; i < 60; i++) await publish(`Filler ${i}`, 'Nothing', 'Nothing here.');
    const first = await search('bob', 'walrus', 1, 1);
    expect(first.body.items.map((s) => s.id)).toEqual([buried]);
    expect(first.body.totalItems).toBe(2);
    expect((await search('bob', 'walrus', 2, 1)).body.items.map((s) => s.id)).toEqual([inText]);
  });

  it('an index left in an earlier shape is rebuilt once, from the stories', async () => {
    const id = await publish('Cobalt Kite', 'Wind', 'It flew.');
    const { kysely, dialect } = community.core.db;
    await sql`DROP TABLE _story_search`.execute(kysely);
    if (dialect === 'sqlite')
      await sql`CREATE VIRTUAL TABLE _story_search USING fts5(story_id UNINDEXED, title, description, content, tokenize = 'porter unicode61')`.execute(
        kysely,
      );
    else {
      await sql`CREATE TABLE _story_search (story_id TEXT PRIMARY KEY, document TSVECTOR NOT NULL)`.execute(
        kysely,
      );
      await sql`CREATE INDEX idx__story_search_document ON _story_search USING GIN (document)`.execute(
        kysely,
      );
    }
    expect(await ensureSearchIndex(kysely, dialect)).toBe(true);
    await reindexAllStories(community.core.records, dialect);
    expect(await ensureSearchIndex(kysely, dialect)).toBe(false);
    community.core.records.lists?.clear();
    expect((await search('bob', 'cobalt')).body.items.map((s) => s.id)).toEqual([id]);
    expect((await search('alice', 'Not yet')).body.totalItems).toBe(0);
    // The hooks find a rebuilt entry again: an edit replaces it rather than adding a second one.
    await community.server.inject({
      method: 'PATCH',
      url: `/api/collections/stories/records/${id}`,
      headers: { authorization: community.token('superuser')! },
      payload: { content: 'It flew over the cobalt sea.' },
    });
    expect((await search('bob', 'cobalt')).body.totalItems).toBe(1);
    expect((await search('bob', 'sea')).body.items.map((s) => s.id)).toContain(id);
  });

  it('the shape before facets is rebuilt with them; a word never matches a facet', async () => {
    const superuser = { authorization: community.token('superuser')! };
    const post = await community.server.inject({
      method: 'POST',
      url: '/api/collections/posts/records',
      headers: superuser,
      payload: {
        type: 'story',
        title: 'Saffron Colossus',
        description: 'Very tall.',
        contributors: [CAST.alice],
        larger_size: 'tera',
        published: '2026-03-02 00:00:00.000Z',
      },
    });
    const story = await community.server.inject({
      method: 'POST',
      url: '/api/collections/stories/records',
      headers: superuser,
      payload: { post: post.json<{ id: string }>().id, content: 'Up and up.' },
    });
    const id = story.json<{ id: string }>().id;
    const { kysely, dialect } = community.core.db;
    await sql`DROP TABLE _story_search`.execute(kysely);
    if (dialect === 'sqlite')
      await sql`CREATE VIRTUAL TABLE _story_search USING fts5(story_id UNINDEXED, created UNINDEXED, title, description, content, tokenize = 'porter unicode61', detail = column, prefix = '2 3 4 5 6 7 8 9 10')`.execute(
        kysely,
      );
    else {
      await sql`CREATE TABLE _story_search (story_id TEXT PRIMARY KEY, created TEXT NOT NULL, title TSVECTOR NOT NULL, head TSVECTOR NOT NULL, document TSVECTOR NOT NULL)`.execute(
        kysely,
      );
    }
    expect(await ensureSearchIndex(kysely, dialect)).toBe(true);
    await reindexAllStories(community.core.records, dialect);
    community.core.records.lists?.clear();
    const sized = await community.server.inject({
      method: 'GET',
      url: '/api/search/stories?q=saffron&larger=tera',
      headers: { authorization: community.token('bob')! },
    });
    expect(sized.json<{ items: Array<{ id: string }> }>().items.map((s) => s.id)).toEqual([id]);
    // The facet token is `ltera0`, in its own column: neither its spelling nor a prefix of it is found.
    expect((await search('bob', 'ltera')).body.totalItems).toBe(0);
    expect((await search('bob', 'ltera0')).body.totalItems).toBe(0);
    expect((await search('bob', 'tera')).body.totalItems).toBe(0);
  });
});
