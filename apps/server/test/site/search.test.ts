import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../support/databases';
import { CAST, buildCommunity, type Community, type Role } from '../support/community';

describeEachDialect('story search', (getDb) => {
  let community: Community;
  const search = async (role: Role, q: string, page = 1) => {
    const token = community.token(role);
    const res = await community.server.inject({
      method: 'GET',
      url: `/api/search/stories?q=${encodeURIComponent(q)}&page=${page}`,
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
});
