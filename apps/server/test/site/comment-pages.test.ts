/**
 * A story's comments a page at a time (spec: "comments: by target and type (page)"): 20 top-level
 * comments per page, oldest first, then the replies of that page's comments, each read with the
 * comments' list rule. Both reads walk an index instead of the whole thread.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRecord } from '../../src/core/records/write';
import { systemRequest } from '../../src/core/rules/request-info';
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
    await add('replytolast0001', topLevel[24]);
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

    const parents = first.items.map((c) => `reply = "${c.id}"`).join(' || ');
    const replies = await list(`target = "${C.published}" && (${parents})`);
    expect(replies.items.map((c) => c.id)).toEqual(['replytofirst001', 'replytofirst002']);
  });

  it('reads the page of top-level comments and the replies through their indexes (SQLite plan)', async () => {
    const { core } = community;
    if (core.db.dialect !== 'sqlite') return;
    const plan = async (query: ReturnType<typeof sql>) =>
      (await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${query}`.execute(core.db.kysely)).rows.map(
        (r) => r.detail,
      );
    const page = await plan(
      sql`SELECT id FROM comments WHERE target = ${C.published} AND reply = '' ORDER BY created LIMIT 20`,
    );
    expect(page.join('\n')).toContain('idx_comments_target_reply_created');
    expect(page.join('\n')).not.toContain('TEMP B-TREE');
    const replies = await plan(sql`SELECT id FROM comments WHERE reply IN (${topLevel[0]}, ${topLevel[1]})`);
    expect(replies.join('\n')).toContain('idx_comments_reply_created');
  });
});
