import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/db/sqlite/connect';
import type { Database } from '../../src/db/types';

/**
 * The embedded database gathers the planner's statistics by itself (`PRAGMA optimize` at open), so a
 * query that could use two indexes takes the one that narrows, not the one on a yes/no column.
 */
describe('SQLite planner statistics', () => {
  const opened: Database[] = [];
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.destroy();
  });
  const open = (file: string) => {
    const db = openSqlite(file);
    opened.push(db);
    return db;
  };
  const plan = async (db: Database, query: string) =>
    (await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${sql.raw(query)}`.execute(db.reader)).rows
      .map((row) => row.detail)
      .join('; ');

  it('are gathered when the file is opened again, and lead the planner to the narrowing index', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'community-stats-')), 'data.db');
    const first = open(file);
    await sql`CREATE TABLE stat_posts (id INTEGER PRIMARY KEY, published INTEGER, author TEXT)`.execute(
      first.kysely,
    );
    await sql`CREATE INDEX stat_posts_published ON stat_posts (published)`.execute(first.kysely);
    await sql`CREATE INDEX stat_posts_author ON stat_posts (author)`.execute(first.kysely);
    await sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
      INSERT INTO stat_posts (published, author) SELECT i % 4 != 0, printf('m%04d', i % 500) FROM n`.execute(
      first.kysely,
    );
    const byAuthor = "SELECT * FROM stat_posts WHERE published = 1 AND author = 'm0007'";
    // Without statistics both equalities look alike, and the planner reads three quarters of the table.
    expect(await plan(first, byAuthor)).toContain('stat_posts_published');
    await first.destroy();
    opened.splice(0);

    const again = open(file);
    const stats = await sql<{ idx: string; stat: string }>`SELECT idx, stat FROM sqlite_stat1`.execute(
      again.reader,
    );
    expect(stats.rows.map((row) => row.idx).sort()).toEqual(['stat_posts_author', 'stat_posts_published']);
    expect(stats.rows.find((row) => row.idx === 'stat_posts_published')?.stat).toMatch(/^5000 /);
    expect(await plan(again, byAuthor)).toContain('USING INDEX stat_posts_author (author=?)');
  });
});
