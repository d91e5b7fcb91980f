/**
 * List totals are remembered between requests (core/records/list-cache.ts) and must still be exact
 * after every kind of write that can change them.
 */
import { expect, it } from 'vitest';
import { IDS, describeWithFixture } from '../support/fixture';

describeWithFixture('remembered list totals', (get) => {
  const list = async (token: string | null, query: string) => {
    const { server } = get();
    const response = await server.inject({
      method: 'GET',
      url: `/api/collections/posts/records?${query}`,
      headers: token ? { authorization: token } : {},
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ totalItems: number; items: Array<{ id: string }> }>();
  };
  const write = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, token: string, body?: object) => {
    const response = await get().server.inject({
      method,
      url,
      headers: { authorization: token },
      payload: body,
    });
    expect(response.statusCode).toBeLessThan(300);
    return response;
  };
  const stats = () => ({ ...get().core.records.lists!.stats });
  /** Answered without counting: a remembered total, or a whole remembered answer (list-answers.ts). */
  const fromMemory = (s: ReturnType<typeof stats>) => s.hits + s.renderedHits;

  it('answers the same question from memory, per caller', async () => {
    const { tokens } = get();
    const before = stats();
    expect((await list(null, 'filter=views>=0')).totalItems).toBe(2);
    expect((await list(null, 'filter=views>=0')).totalItems).toBe(2);
    // Alice also sees her draft: the rule binds her id, so hers is another total.
    expect((await list(tokens.alice, 'filter=views>=0')).totalItems).toBe(3);
    const after = stats();
    expect(fromMemory(after) - fromMemory(before)).toBe(1);
    expect(after.misses - before.misses).toBe(2);
  });

  it('counts again after a create, an update of a field the filter reads, and a delete', async () => {
    const { tokens } = get();
    expect((await list(null, 'filter=views>=0')).totalItems).toBe(2);
    expect((await list(tokens.bob, 'filter=views>=0')).totalItems).toBe(2);
    const created = await write('POST', '/api/collections/posts/records', tokens.bob, {
      title: 'A Growing Problem',
      author: IDS.bob,
      views: 1,
    });
    const id = created.json<{ id: string }>().id;
    // A draft stays hidden from guests, but Bob's own total grows.
    expect((await list(null, 'filter=views>=0')).totalItems).toBe(2);
    expect((await list(tokens.bob, 'filter=views>=0')).totalItems).toBe(3);
    expect((await list(tokens.bob, 'filter=views>=5')).totalItems).toBe(1);
    await write('PATCH', `/api/collections/posts/records/${id}`, tokens.bob, { views: 5 });
    expect((await list(tokens.bob, 'filter=views>=5')).totalItems).toBe(2);
    await write('DELETE', `/api/collections/posts/records/${id}`, tokens.bob);
    expect((await list(tokens.bob, 'filter=views>=0')).totalItems).toBe(2);
    expect((await list(tokens.bob, 'filter=views>=5')).totalItems).toBe(1);
  });

  it('keeps a total when only fields it does not read change', async () => {
    const { tokens } = get();
    expect((await list(null, 'filter=views>=0')).totalItems).toBe(2);
    const before = stats();
    await write('PATCH', `/api/collections/posts/records/${IDS.postBob}`, tokens.bob, {
      body: '<p>edited</p>',
    });
    expect((await list(null, 'filter=views>=0')).totalItems).toBe(2);
    expect(stats().hits - before.hits).toBe(1);
  });

  it('follows changes in a related collection that a filter path reads', async () => {
    const { tokens } = get();
    expect((await list(tokens.alice, 'filter=author.username="bob"')).totalItems).toBe(1);
    await write('PATCH', `/api/collections/members/records/${IDS.bob}`, tokens.bob, { username: 'robert' });
    expect((await list(tokens.alice, 'filter=author.username="bob"')).totalItems).toBe(0);
    expect((await list(tokens.alice, 'filter=author.username="robert"')).totalItems).toBe(1);
    await write('PATCH', `/api/collections/members/records/${IDS.bob}`, tokens.bob, { username: 'bob' });
    expect((await list(tokens.alice, 'filter=author.username="bob"')).totalItems).toBe(1);
  });

  it('follows rows removed by a cascade and a changed collection rule', async () => {
    const { tokens, core } = get();
    const comments = async () => {
      const response = await get().server.inject({
        method: 'GET',
        url: '/api/collections/comments/records',
        headers: { authorization: tokens.superuser },
      });
      return response.json<{ totalItems: number }>().totalItems;
    };
    const post = await write('POST', '/api/collections/posts/records', tokens.alice, {
      title: 'Short-lived',
      author: IDS.alice,
    });
    const postId = post.json<{ id: string }>().id;
    const before = await comments();
    await write('POST', '/api/collections/comments/records', tokens.alice, {
      post: postId,
      author: IDS.alice,
      text: 'first',
    });
    expect(await comments()).toBe(before + 1);
    await write('DELETE', `/api/collections/posts/records/${postId}`, tokens.alice);
    expect(await comments()).toBe(before);

    expect((await list(null, 'filter=views>=0')).totalItems).toBe(2);
    const posts = core.registry.find('posts')!;
    await core.collections.update(posts.id, { listRule: '' });
    try {
      expect((await list(null, 'filter=views>=0')).totalItems).toBe(3);
    } finally {
      await core.collections.update(posts.id, { listRule: posts.listRule });
    }
    expect((await list(null, 'filter=views>=0')).totalItems).toBe(2);
  });

  it('gives every caller one total when the filter already guarantees the rule (rules/implied.ts)', async () => {
    const { tokens } = get();
    // The rule is "published, or mine, or staff": a filter for published posts guarantees it, so
    // the statement no longer names the caller and the second and third callers reuse the total.
    const before = stats();
    expect((await list(tokens.alice, 'filter=published=true')).totalItems).toBe(2);
    expect((await list(tokens.bob, 'filter=published=true')).totalItems).toBe(2);
    expect((await list(tokens.mod, 'filter=published=true')).totalItems).toBe(2);
    expect((await list(null, 'filter=published=true')).totalItems).toBe(2);
    const after = stats();
    expect(after.misses - before.misses).toBe(1);
    expect(fromMemory(after) - fromMemory(before)).toBe(3);
  });

  it('keeps the rule when the filter does not guarantee it', async () => {
    const { tokens } = get();
    // "Not published" also holds for a value the caller cannot read, so it guarantees nothing:
    // Bob must still not find Alice's draft, while Alice and the moderator do.
    const ids = async (token: string | null) =>
      (await list(token, 'filter=published!=true')).items.map((item) => item.id);
    expect(await ids(tokens.bob)).not.toContain(IDS.postDraft);
    expect(await ids(null)).toEqual([]);
    expect(await ids(tokens.alice)).toContain(IDS.postDraft);
    expect(await ids(tokens.mod)).toContain(IDS.postDraft);
  });

  it('leaves out a guaranteed condition on a related record, but not the rest of the rule', async () => {
    const { tokens, server } = get();
    const comments = async (token: string | null) => {
      const response = await server.inject({
        method: 'GET',
        url: '/api/collections/comments/records?filter=post.published%3Dtrue',
        headers: token ? { authorization: token } : {},
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ totalItems: number }>().totalItems;
    };
    // The comment rule is "signed in, and the post is published": the filter guarantees the second
    // part only, so a guest still gets nothing.
    expect(await comments(tokens.bob)).toBeGreaterThan(0);
    expect(await comments(null)).toBe(0);
  });

  it('keeps the related list rule in every path the filter does not guarantee it for', async () => {
    const { tokens } = get();
    // Members are listed by members only: a guest filtering posts by their author's name reads no
    // author, so finds nothing, though Alice's published post is public.
    expect((await list(null, 'filter=author.username="alice"')).totalItems).toBe(0);
    expect((await list(tokens.bob, 'filter=author.username="alice"')).totalItems).toBe(1);
    expect((await list(null, 'filter=published=true %26%26 author.username="alice"')).totalItems).toBe(0);
    // An OR guarantees neither side, so the rule stays: Bob still does not get Alice's draft.
    const either = await list(tokens.bob, 'filter=published=true || title="Draft of a Tiny Tale"');
    expect(either.items.map((item) => item.id)).not.toContain(IDS.postDraft);
  });
});
