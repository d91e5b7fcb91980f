/**
 * A write's look-ups remembered across writes (core/records/remembered-exists.ts `inWrite`): a
 * comment's relation check, its post's title and address, and whether the post's author blocked
 * anyone. On PostgreSQL each is a round trip saved; every answer must still follow the writes that
 * change what it read, in the same process and inside the same transaction.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../support/databases';
import { C, CAST, apiCaller, buildCommunity, notificationsOf, type Community } from '../support/community';

const records = (collection: string) => `collections/${collection}/records`;

describeEachDialect('remembered look-ups inside writes', (getDb) => {
  let community: Community;
  let call: ReturnType<typeof apiCaller>;
  let posts = 0;

  /** A new published story post by alice. */
  const newPost = async (title: string) => {
    const id = `rememberpost${String(++posts).padStart(3, '0')}`;
    const res = await call('superuser', 'POST', records('posts'), {
      id,
      type: 'story',
      title,
      contributors: [CAST.alice],
      published: '2026-03-01 00:00:00.000Z',
    });
    expect(res.statusCode, res.body).toBe(200);
    return id;
  };
  const comment = (target: string, content = 'A comment.') =>
    call('bob', 'POST', records('comments'), { target, author: CAST.bob, content });
  const commentNotices = async (title: string) =>
    (await notificationsOf(community, 'alice')).filter((n) => n.content === `New comment on "${title}"`);

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    call = apiCaller(community);
    expect((await call('superuser', 'PATCH', 'settings', { batch: { enabled: true } })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await community.server.close();
  });

  it('a comment on a post deleted since the last comment is refused', async () => {
    const post = await newPost('Soon Gone');
    expect((await comment(post)).statusCode).toBe(200);
    expect((await call('superuser', 'DELETE', `${records('posts')}/${post}`)).statusCode).toBe(204);
    const res = await comment(post);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ data: { target: { code: 'validation_missing_rel_records' } } });
  });

  it('a comment on a post created since the last attempt is accepted', async () => {
    const id = `rememberpost${String(++posts).padStart(3, '0')}`;
    expect((await comment(id)).statusCode).toBe(400);
    await call('superuser', 'POST', records('posts'), {
      id,
      type: 'story',
      title: 'Just Now',
      contributors: [CAST.alice],
      published: '2026-03-01 00:00:00.000Z',
    });
    expect((await comment(id)).statusCode).toBe(200);
  });

  it("the notice names the post's title as it is now", async () => {
    const post = await newPost('First Title');
    await comment(post);
    expect(await commentNotices('First Title')).toHaveLength(1);
    const rename = await call('superuser', 'PATCH', `${records('posts')}/${post}`, { title: 'Second Title' });
    expect(rename.statusCode, rename.body).toBe(200);
    await comment(post);
    expect(await commentNotices('Second Title')).toHaveLength(1);
  });

  it('an author who blocks a member after a notice is not told of their next comment', async () => {
    const post = await newPost('Blocked Later');
    await comment(post);
    expect(await commentNotices('Blocked Later')).toHaveLength(1);
    const block = await call('alice', 'POST', records('blocks'), { blocker: CAST.alice, blocked: CAST.bob });
    expect(block.statusCode, block.body).toBe(200);
    await comment(post);
    expect(await commentNotices('Blocked Later')).toHaveLength(1);
    const lift = await call('alice', 'DELETE', `${records('blocks')}/${block.json<{ id: string }>().id}`);
    expect(lift.statusCode).toBe(204);
    await comment(post);
    expect(await commentNotices('Blocked Later')).toHaveLength(2);
  });

  it('a batch sees its own writes: a post created in it can be commented, a post deleted in it cannot', async () => {
    const id = `rememberpost${String(++posts).padStart(3, '0')}`;
    expect((await comment(id)).statusCode).toBe(400); // "no such post" is now remembered
    const created = await call('superuser', 'POST', 'batch', {
      requests: [
        {
          method: 'POST',
          url: `/api/${records('posts')}`,
          body: {
            id,
            type: 'story',
            title: 'Batched',
            contributors: [CAST.alice],
            published: '2026-03-01 00:00:00.000Z',
          },
        },
        {
          method: 'POST',
          url: `/api/${records('comments')}`,
          body: { target: id, author: CAST.bob, content: 'In one go.' },
        },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);

    expect((await comment(id)).statusCode).toBe(200); // "the post exists" is now remembered
    const deleted = await call('superuser', 'POST', 'batch', {
      requests: [
        { method: 'DELETE', url: `/api/${records('posts')}/${id}` },
        {
          method: 'POST',
          url: `/api/${records('comments')}`,
          body: { target: id, author: CAST.bob, content: 'Too late.' },
        },
      ],
    });
    expect(deleted.statusCode).toBe(400);
    expect(deleted.body).toContain('validation_missing_rel_records');
    // The failed batch rolled back whole: the post is still there and takes comments.
    expect((await comment(id)).statusCode).toBe(200);
  });
});

describe.skipIf(inject('postgresAdminUrl') === null)('round trips of a comment on PostgreSQL', () => {
  let database: TestDatabase;
  let community: Community;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    community = await buildCommunity(database);
  });
  afterAll(async () => {
    await community.server.close();
    await database.drop();
  });

  /**
   * The first word of every statement the driver sends while `work` runs, a round trip each; a
   * transaction's BEGIN leaves with its first statement (db/postgres/prepared-pool.ts `AfterBegin`).
   */
  const statementsOf = async (work: () => Promise<unknown>) => {
    const query = vi.spyOn(pg.Client.prototype, 'query');
    try {
      await work();
      return query.mock.calls.map((args) => {
        const first = args[0] as unknown as string | { text: string; constructor: { name: string } };
        const word = (typeof first === 'string' ? first : first.text).trim().split(/\s+/)[0]!.toLowerCase();
        return typeof first !== 'string' && first.constructor.name === 'AfterBegin' ? `begin ${word}` : word;
      });
    } finally {
      query.mockRestore();
    }
  };

  it('takes four round trips once its look-ups are remembered, where the first took nine', async () => {
    const call = apiCaller(community);
    const comment = () =>
      call('bob', 'POST', records('comments'), { target: C.published, author: CAST.bob, content: 'Hi.' });
    community.core.records.lists?.clear();
    expect(await statementsOf(async () => expect((await comment()).statusCode).toBe(200))).toEqual([
      'select', // bob's account, for his token
      'begin select', // the comment's post and author exist
      'with', // the insert, and whether the create rule holds for it
      'update', // the post's comment count
      'select', // the post's title and address
      'select', // whether alice blocked anyone
      'select', // the notice's member exists
      'insert', // alice's notice
      'commit',
    ]);
    expect(await statementsOf(async () => expect((await comment()).statusCode).toBe(200))).toEqual([
      'begin with',
      'update',
      'insert',
      'commit',
    ]);
  });
});
