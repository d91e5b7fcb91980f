/**
 * A story's comments a page at a time (spec: "comments: by target and type (page)"): 20 top-level
 * comments per page, oldest first, then every reply under that page's comments, at any depth, by the
 * `root` the server keeps on each reply (site/comment-threads.ts). Each read applies the comments' list
 * rule and walks an index instead of the whole thread.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRecord } from '../../src/core/records/write';
import { systemRequest } from '../../src/core/rules/request-info';
import { fillCommentRoots } from '../../src/site/comment-threads';
import { C, CAST, apiCaller, buildCommunity, type Community } from '../support/community';
import { describeEachDialect } from '../support/databases';

const PAGE = 20;

interface Page {
  totalItems: number;
  items: Array<{ id: string; reply: string }>;
}

describeEachDialect('comment pages', (getDb) => {
  let community: Community;
  const topLevel: string[] = [];
  beforeAll(async () => {
    community = await buildCommunity(getDb());
    const { core } = community;
    const comments = core.registry.find('comments')!;
    const system = systemRequest(core.registry.find('_superusers')!);
    const add = async (id: string, reply = '') => {
      await createRecord(
        core.records,
        comments,
        { id, target: C.published, author: CAST.bob, content: `comment ${id}`, reply },
        system,
      );
    };
    for (let i = 0; i < 25; i++) {
      const id = `toplevel${String(i).padStart(7, '0')}`;
      await add(id);
      topLevel.push(id);
    }
    await add('replytofirst001', topLevel[0]);
    await add('replytofirst002', topLevel[0]);
    await add('replytoreply001', 'replytofirst001');
    await add('replytolast0001', topLevel[24]);
    await createRecord(
      core.records,
      core.registry.find('posts')!,
      {
        id: 'postpublished02',
        type: 'story',
        title: 'Another Garden',
        contributors: [CAST.alice],
        published: '2026-01-05 00:00:00.000Z',
      },
      system,
    );
  });
  afterAll(async () => {
    await community.server.close();
  });

  const list = async (filter: string, page = 1) => {
    const call = apiCaller(community);
    const query = new URLSearchParams({
      filter,
      sort: 'created,id',
      perPage: String(PAGE),
      page: String(page),
    });
    const res = await call('bob', 'GET', `collections/comments/records?${query.toString()}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>();
  };

  it('pages the top-level comments 20 at a time with a true total, and fetches their replies', async () => {
    const thread = `target = "${C.published}" && target.type = "story" && reply = ""`;
    const first = await list(thread);
    // The community's own comment plus the 25 added here; no reply is counted.
    expect(first.totalItems).toBe(26);
    expect(first.items).toHaveLength(PAGE);
    expect(first.items.every((c) => c.reply === '')).toBe(true);
    const second = await list(thread, 2);
    expect(second.items.map((c) => c.id)).toEqual(topLevel.slice(19));

    const roots = first.items.map((c) => `root = "${c.id}"`).join(' || ');
    // As the app asks for them: by their roots alone (apps/web/src/features/comments/api/get-comments.ts).
    const replies = await list(roots);
    // The reply to a reply comes with the others: it sits under the same top-level comment.
    expect(replies.items.map((c) => c.id)).toEqual(['replytofirst001', 'replytofirst002', 'replytoreply001']);
  });

  it('keeps root itself: what a member sends is replaced, and a top-level comment has none', async () => {
    const call = apiCaller(community);
    const reply = await call('bob', 'POST', 'collections/comments/records', {
      target: C.published,
      author: CAST.bob,
      content: 'deep reply',
      reply: 'replytoreply001',
      root: topLevel[5],
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ root: topLevel[0] });
    const top = await call('bob', 'POST', 'collections/comments/records', {
      target: C.published,
      author: CAST.bob,
      content: 'top level',
      root: topLevel[5],
    });
    expect(top.json()).toMatchObject({ root: '' });
    const edited = await call(
      'bob',
      'PATCH',
      `collections/comments/records/${reply.json<{ id: string }>().id}`,
      {
        content: 'deep reply, edited',
        root: '',
      },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ root: topLevel[0], content: 'deep reply, edited' });
  });

  it('refuses a reply to a comment on another post, and moving a reply', async () => {
    const call = apiCaller(community);
    const elsewhere = await call('bob', 'POST', 'collections/comments/records', {
      target: 'postpublished02',
      author: CAST.bob,
      content: 'wrong thread',
      reply: topLevel[0],
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({
      message: 'Failed to create record.',
      data: { reply: { code: 'validation_reply_elsewhere' } },
    });
    const moved = await call('bob', 'PATCH', 'collections/comments/records/replytofirst002', {
      reply: topLevel[3],
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({ data: { reply: { code: 'validation_reply_elsewhere' } } });
    const unmoved = await call('bob', 'GET', 'collections/comments/records/replytofirst002');
    expect(unmoved.json()).toMatchObject({ reply: topLevel[0], root: topLevel[0] });
  });

  it('fills root on replies written before it existed, at every depth', async () => {
    const { core } = community;
    await sql`UPDATE comments SET root = '' WHERE reply != ''`.execute(core.db.kysely);
    expect(await fillCommentRoots(core)).toBe(5);
    const rows = await sql<{ id: string; root: string }>`
      SELECT id, root FROM comments WHERE reply != '' ORDER BY id`.execute(core.db.kysely);
    for (const row of rows.rows)
      expect(row.root, row.id).toBe(row.id === 'replytolast0001' ? topLevel[24] : topLevel[0]);
    expect(await fillCommentRoots(core)).toBe(0);
  });

  it('reads the page of top-level comments and the replies through their indexes (SQLite plan)', async () => {
    const { core } = community;
    if (core.db.dialect !== 'sqlite') return;
    const plan = async (query: ReturnType<typeof sql>) =>
      (await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${query}`.execute(core.db.kysely)).rows.map(
        (r) => r.detail,
      );
    const page = await plan(
      sql`SELECT id FROM comments WHERE target = ${C.published} AND reply = '' ORDER BY created, id LIMIT 20`,
    );
    expect(page.join('\n')).toContain('idx_comments_target_reply_created');
    expect(page.join('\n')).not.toContain('TEMP B-TREE');
    const oneRoot = await plan(sql`SELECT id FROM comments WHERE root = ${topLevel[0]} ORDER BY created, id`);
    expect(oneRoot.join('\n')).toContain('idx_comments_root_created');
    expect(oneRoot.join('\n')).not.toContain('TEMP B-TREE');
    // The replies under a page, as the app asks for them: one probe per root, whatever the statistics.
    await sql`ANALYZE comments`.execute(core.db.kysely);
    const roots = topLevel.slice(0, 20).map((id) => sql`root = ${id}`);
    const replies = await plan(
      sql`SELECT id FROM comments WHERE ${sql.join(roots, sql` OR `)} ORDER BY created, id LIMIT 500`,
    );
    expect(replies.join('\n')).toMatch(
      /SEARCH comments USING (COVERING )?INDEX idx_comments_root_created \(root=\?\)/,
    );
    expect(replies.join('\n')).not.toMatch(/SCAN comments|idx_comments_target/);
  });
});
