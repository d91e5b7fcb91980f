/**
 * Full-text search over published stories (PRODUCT.md §8): title, description and story text, ranked
 * by relevance (a title match above a description match above a text match), then newest first.
 * SQLite uses an FTS5 table, PostgreSQL a weighted tsvector with a GIN index; hooks keep the index
 * in the same transaction as the story or post write.
 */
import { sql } from 'kysely';
import type { Core } from '../core';
import type { RecordEvent } from '../core/hooks';
import type { AnyKysely, DialectName } from '../db/types';
import { text } from './values';

export const SEARCH_PAGE_SIZE = 20;

/** Words only: the query language of neither database ever sees the member's punctuation. */
export function searchTerms(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12);
}

export async function ensureSearchIndex(db: AnyKysely, dialect: DialectName): Promise<boolean> {
  const exists =
    dialect === 'sqlite'
      ? (
          await sql<{
            n: number;
          }>`SELECT COUNT(*) AS n FROM sqlite_master WHERE name = '_story_search'`.execute(db)
        ).rows[0]?.n
      : Number(
          (
            await sql<{
              n: string;
            }>`SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_name = '_story_search' AND table_schema = current_schema()`.execute(
              db,
            )
          ).rows[0]?.n,
        );
  if (exists) return false;
  if (dialect === 'sqlite') {
    await sql`CREATE VIRTUAL TABLE _story_search USING fts5(story_id UNINDEXED, title, description, content, tokenize = 'porter unicode61')`.execute(
      db,
    );
  } else {
    await sql`CREATE TABLE _story_search (story_id TEXT PRIMARY KEY, document TSVECTOR NOT NULL)`.execute(db);
    await sql`CREATE INDEX idx__story_search_document ON _story_search USING GIN (document)`.execute(db);
  }
  return true;
}

/** Rewrites one story's entry: present while its post is published, absent otherwise. */
async function reindexStory(db: AnyKysely, dialect: DialectName, storyId: string): Promise<void> {
  await sql`DELETE FROM _story_search WHERE story_id = ${storyId}`.execute(db);
  const row = (
    await sql<{ title: string; description: string; content: string }>`
      SELECT p.title AS title, p.description AS description, s.content AS content
      FROM stories s JOIN posts p ON p.id = s.post
      WHERE s.id = ${storyId} AND p.published != ''`.execute(db)
  ).rows[0];
  if (!row) return;
  const content = row.content.replace(/<[^>]*>/g, ' ');
  if (dialect === 'sqlite') {
    await sql`INSERT INTO _story_search (story_id, title, description, content) VALUES (${storyId}, ${row.title}, ${row.description}, ${content})`.execute(
      db,
    );
  } else {
    await sql`INSERT INTO _story_search (story_id, document) VALUES (${storyId},
      setweight(to_tsvector('english', ${row.title}), 'A') || setweight(to_tsvector('english', ${row.description}), 'B') || setweight(to_tsvector('english', ${content}), 'C'))`.execute(
      db,
    );
  }
}

export async function reindexAllStories(db: AnyKysely, dialect: DialectName): Promise<void> {
  const stories = await sql<{ id: string }>`SELECT id FROM stories`.execute(db);
  for (const { id } of stories.rows) await reindexStory(db, dialect, id);
}

export interface SearchPage {
  storyIds: string[];
  totalItems: number;
}

export async function searchStories(
  db: AnyKysely,
  dialect: DialectName,
  query: string,
  page: number,
  perPage = SEARCH_PAGE_SIZE,
): Promise<SearchPage> {
  const terms = searchTerms(query);
  if (terms.length === 0) return { storyIds: [], totalItems: 0 };
  const offset = (page - 1) * perPage;
  if (dialect === 'sqlite') {
    const match = terms.map((t) => `"${t}"*`).join(' ');
    const rows = await sql<{ story_id: string }>`
      SELECT f.story_id AS story_id FROM _story_search f JOIN stories s ON s.id = f.story_id
      WHERE _story_search MATCH ${match}
      ORDER BY bm25(_story_search, 0.0, 10.0, 4.0, 1.0), s.created DESC LIMIT ${perPage} OFFSET ${offset}`.execute(
      db,
    );
    const total = await sql<{
      n: number;
    }>`SELECT COUNT(*) AS n FROM _story_search WHERE _story_search MATCH ${match}`.execute(db);
    return { storyIds: rows.rows.map((r) => r.story_id), totalItems: Number(total.rows[0]?.n ?? 0) };
  }
  const tsquery = terms.map((t) => `${t}:*`).join(' & ');
  const rows = await sql<{ story_id: string }>`
    SELECT f.story_id AS story_id FROM _story_search f JOIN stories s ON s.id = f.story_id
    WHERE f.document @@ to_tsquery('english', ${tsquery})
    ORDER BY ts_rank(f.document, to_tsquery('english', ${tsquery}), 1) DESC, s.created DESC LIMIT ${perPage} OFFSET ${offset}`.execute(
    db,
  );
  const total = await sql<{
    n: string;
  }>`SELECT COUNT(*) AS n FROM _story_search WHERE document @@ to_tsquery('english', ${tsquery})`.execute(db);
  return { storyIds: rows.rows.map((r) => r.story_id), totalItems: Number(total.rows[0]?.n ?? 0) };
}

export function registerSearch(core: Core): void {
  const dialect = core.db.dialect;
  const byStory = (event: RecordEvent) => reindexStory(event.db, dialect, text(event.record.id));
  const byPost = async (event: RecordEvent) => {
    const stories = await sql<{
      id: string;
    }>`SELECT id FROM stories WHERE post = ${text(event.record.id)}`.execute(event.db);
    for (const { id } of stories.rows) await reindexStory(event.db, dialect, id);
  };
  core.hooks.on('afterCreate', byStory, 'stories');
  core.hooks.on('afterUpdate', byStory, 'stories');
  core.hooks.on(
    'afterDelete',
    (event) =>
      sql`DELETE FROM _story_search WHERE story_id = ${text(event.record.id)}`
        .execute(event.db)
        .then(() => undefined),
    'stories',
  );
  core.hooks.on('afterUpdate', byPost, 'posts');
}
