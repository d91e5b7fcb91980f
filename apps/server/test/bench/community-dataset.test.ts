/**
 * The bench's dataset generator (bench/community/dataset.ts) at a tiny scale: it writes the sizes it
 * promises, and every derived value (post counters, conversations, the search index) agrees with the
 * rows it was derived from, as the server's own hooks would have left them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildCommunity, sizesFor, type CommunityFacts } from '../../../../bench/community/dataset';
import { createCore, type Core } from '../../src/core';
import { createMailer } from '../../src/core/mail/mailer';
import { sqliteTimeKey } from '../../src/site/search';
import { describeEachDialect } from '../support/databases';

const SCALE = 0.001;

describeEachDialect('bench community dataset', (getDb) => {
  let core: Core;
  let facts: CommunityFacts;
  const one = async (query: ReturnType<typeof sql>) =>
    Number(Object.values((await query.execute(getDb().db.kysely)).rows[0] as object)[0]);

  beforeAll(async () => {
    core = await createCore(getDb().db, {
      appName: 'bench',
      appURL: 'http://localhost',
      bcryptCost: 10,
      mailer: createMailer({
        smtpUrl: undefined,
        outboxDir: fs.mkdtempSync(path.join(os.tmpdir(), 'community-outbox-')),
        from: 'test@example.com',
        log: () => undefined,
      }),
    });
    facts = await buildCommunity(core, { scale: SCALE, log: () => undefined });
  }, 60_000);
  afterAll(async () => {
    await core?.close();
  });

  it('writes the sizes of PRODUCT.md §9 at the chosen scale, and counts them right', async () => {
    const sizes = sizesFor(SCALE);
    expect(facts.counts).toMatchObject({
      users: sizes.members,
      stories: sizes.stories,
      forum_posts: sizes.forumPosts,
      posts: sizes.stories + sizes.forumPosts + Math.floor(sizes.stories / 20),
      series: Math.floor(sizes.stories / 20),
      comments: sizes.comments,
      messages: sizes.messages,
    });
    // Likes are capped at one per member and post, so the most popular posts may give a few up.
    expect(facts.counts.likes).toBeGreaterThan(sizes.likes * 0.9);
    expect(facts.counts.likes).toBeLessThanOrEqual(sizes.likes);
    for (const [table, n] of Object.entries(facts.counts)) {
      expect(await one(sql`SELECT COUNT(*) FROM ${sql.table(table)}`), table).toBe(n);
    }
  });

  it("keeps every post's counters equal to its likes, favorites, views and comments", async () => {
    for (const [counter, table, column] of [
      ['like_count', 'likes', 'target'],
      ['favorite_count', 'favorites', 'target'],
      ['view_count', 'views', 'post'],
      ['comment_count', 'comments', 'target'],
    ] as const) {
      const wrong = await one(
        sql`SELECT COUNT(*) FROM posts p WHERE p.${sql.ref(counter)} != (SELECT COUNT(*) FROM ${sql.table(table)} x WHERE x.${sql.ref(column)} = p.id)`,
      );
      expect(wrong, counter).toBe(0);
    }
    expect(await one(sql`SELECT SUM(like_count) FROM posts`)).toBe(facts.counts.likes);
  });

  it('puts comments and reactions on published posts only, replies in the same thread', async () => {
    expect(
      await one(sql`SELECT COUNT(*) FROM comments c JOIN posts p ON p.id = c.target WHERE p.published = ''`),
    ).toBe(0);
    expect(
      await one(sql`SELECT COUNT(*) FROM likes l JOIN posts p ON p.id = l.target WHERE p.published = ''`),
    ).toBe(0);
    expect(
      await one(
        sql`SELECT COUNT(*) FROM comments c JOIN comments r ON r.id = c.reply WHERE r.target != c.target`,
      ),
    ).toBe(0);
    // A reply's root is its parent's root, or its parent when that is top-level (site/comment-threads.ts).
    expect(
      await one(
        sql`SELECT COUNT(*) FROM comments c JOIN comments r ON r.id = c.reply
            WHERE c.root != CASE WHEN r.reply = '' THEN r.id ELSE r.root END`,
      ),
    ).toBe(0);
    expect(await one(sql`SELECT COUNT(*) FROM comments WHERE reply = '' AND root != ''`)).toBe(0);
    expect(await one(sql`SELECT COUNT(*) FROM comments WHERE reply != ''`)).toBeGreaterThan(0);
    // Most stories are published; some wait for review.
    const published = await one(
      sql`SELECT COUNT(*) FROM stories s JOIN posts p ON p.id = s.post WHERE p.published != ''`,
    );
    expect(published).toBeGreaterThan(facts.counts.stories! * 0.85);
    expect(published).toBeLessThan(facts.counts.stories!);
  });

  it('gives every member a birthday, which posting and commenting require', async () => {
    expect(await one(sql`SELECT COUNT(*) FROM users WHERE birthday = '' OR birthday IS NULL`)).toBe(0);
  });

  it('groups chapters into series whose stories point back to them', async () => {
    expect(facts.counts.series).toBeGreaterThan(0);
    const chapters = await one(sql`SELECT COUNT(*) FROM stories WHERE series != ''`);
    expect(chapters).toBe(facts.counts.series! * 4);
    const rows = await sql<{ id: string; stories: unknown }>`SELECT id, stories FROM series`.execute(
      core.db.kysely,
    );
    for (const row of rows.rows) {
      const ids = (typeof row.stories === 'string' ? JSON.parse(row.stories) : row.stories) as string[];
      expect(ids).toHaveLength(4);
      const back = await sql<{
        series: string;
      }>`SELECT series FROM stories WHERE id IN (${sql.join(ids)})`.execute(core.db.kysely);
      expect(back.rows.map((r) => r.series)).toEqual([row.id, row.id, row.id, row.id]);
    }
    expect(await one(sql`SELECT COUNT(*) FROM posts WHERE type = 'series'`)).toBe(facts.counts.series);
  });

  it('keeps one conversation per pair, matching its messages', async () => {
    const pairOf = sql`CASE WHEN m."from" < m."to" THEN m."from" || ':' || m."to" ELSE m."to" || ':' || m."from" END`;
    expect(await one(sql`SELECT COUNT(DISTINCT ${pairOf}) FROM messages m`)).toBe(facts.counts.conversations);
    const wrongCount = await one(
      sql`SELECT COUNT(*) FROM conversations cv WHERE cv.count != (SELECT COUNT(*) FROM messages m WHERE ${pairOf} = cv.id)`,
    );
    expect(wrongCount).toBe(0);
    const unread = core.db.flavor.bool(false);
    const wrongUnread = await one(
      sql`SELECT COUNT(*) FROM conversations cv WHERE cv."unreadForA" + cv."unreadForB" != (SELECT COUNT(*) FROM messages m WHERE ${pairOf} = cv.id AND m.is_read = ${unread})`,
    );
    expect(wrongUnread).toBe(0);
    const wrongLast = await one(
      sql`SELECT COUNT(*) FROM conversations cv WHERE cv."lastTimestamp" != (SELECT MAX(m.created) FROM messages m WHERE ${pairOf} = cv.id)`,
    );
    expect(wrongLast).toBe(0);
    // The sides the list and view rules match on are the two halves of the id.
    const wrongSides = await one(
      sql`SELECT COUNT(*) FROM conversations cv WHERE cv.member_a || ':' || cv.member_b != cv.id`,
    );
    expect(wrongSides).toBe(0);
  });

  it('indexes every published story for search, and nothing else', async () => {
    const published = await one(
      sql`SELECT COUNT(*) FROM stories s JOIN posts p ON p.id = s.post WHERE p.published != ''`,
    );
    expect(await one(sql`SELECT COUNT(*) FROM _story_search`)).toBe(published);
    // Each entry carries its story's creation time, the sort key within a tier (on SQLite the rowid).
    const misdated =
      core.db.dialect === 'sqlite'
        ? sql`SELECT COUNT(*) FROM _story_search f JOIN stories s ON s.id = f.story_id
            WHERE f.created != s.created OR f.rowid NOT BETWEEN ${sqliteTimeKey(sql.ref('s.created'))}
              AND ${sqliteTimeKey(sql.ref('s.created'))} + 1023`
        : sql`SELECT COUNT(*) FROM _story_search f JOIN stories s ON s.id = f.story_id WHERE f.created != s.created`;
    expect(await one(misdated)).toBe(0);
  });

  it("gives every pool member the rows their own lists read, and the moderators' dashboard its rows", async () => {
    for (const member of facts.pool) {
      const mine = async (table: string, column: string) =>
        one(sql`SELECT COUNT(*) FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${member.id}`);
      // The pool blocks nobody: a member who blocks is the caller of their own scenarios.
      expect(await mine('blocks', 'blocker'), member.username).toBe(0);
      expect(await mine('read_progress', 'user'), member.username).toBeGreaterThan(0);
      expect(await mine('follows', 'user'), member.username).toBeGreaterThan(0);
      expect(await mine('post_invitations', 'user'), member.username).toBeGreaterThan(0);
      expect(
        await one(
          sql`SELECT COUNT(*) FROM drafts WHERE "user" = ${member.id} AND type = 'story' AND post = ''`,
        ),
      ).toBe(1);
      if (member.ownPost) {
        const owner = await sql<{
          contributors: unknown;
        }>`SELECT contributors FROM posts WHERE id = ${member.ownPost}`.execute(core.db.kysely);
        const contributors = owner.rows[0]!.contributors;
        expect(typeof contributors === 'string' ? JSON.parse(contributors) : contributors).toEqual([
          member.id,
        ]);
      }
    }
    expect(facts.blockers.length).toBeGreaterThan(0);
    for (const blocker of facts.blockers) {
      expect(await one(sql`SELECT COUNT(*) FROM blocks WHERE blocker = ${blocker.id}`)).toBe(3);
    }
    // Nobody blocks themself or staff (the create rule refuses both).
    const staff = [facts.adminId, facts.moderatorId];
    expect(
      await one(sql`SELECT COUNT(*) FROM blocks WHERE blocker = blocked OR blocked IN (${sql.join(staff)})`),
    ).toBe(0);
    for (const story of facts.popularStories.slice(0, 5)) {
      expect(
        await one(sql`SELECT COUNT(*) FROM post_revisions WHERE post = ${story.postId}`),
      ).toBeGreaterThan(0);
      const author = await sql<{
        contributors: unknown;
      }>`SELECT contributors FROM posts WHERE id = ${story.postId}`.execute(core.db.kysely);
      const contributors = author.rows[0]!.contributors;
      expect(
        (typeof contributors === 'string' ? JSON.parse(contributors) : contributors) as string[],
      ).toContain(story.authorId);
    }
    for (const table of ['moderation_log', 'post_content_actions', 'staff_messages']) {
      expect(await one(sql`SELECT COUNT(*) FROM ${sql.table(table)}`), table).toBeGreaterThan(0);
    }
  });

  it('hands the scenarios members with conversations and popular published stories', () => {
    expect(facts.pool.length).toBeGreaterThanOrEqual(10);
    expect(facts.pool.filter((m) => m.partner).length).toBeGreaterThan(0);
    expect(facts.popularStories.length).toBeGreaterThan(50);
  });
});
