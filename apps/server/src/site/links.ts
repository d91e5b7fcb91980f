/** Where a post lives in the web app, for notification links (spec routes). */
import { sql } from 'kysely';
import { columnKey, rowsKey } from '../core/records/list-cache';
import { rememberedRow, type ExistsReads } from '../core/records/remembered-exists';
import type { AnyKysely } from '../db/types';
import { text } from './values';

export interface PostSummary {
  id: string;
  type: string;
  title: string;
  contributors: readonly string[];
  published: string;
  /** Its page in the web app: the story, series or forum thread it heads. */
  href: string;
}

/** Where a post of each type lives when the record it heads is not (yet) there. */
const SECTION: Record<string, string> = { story: '/stories', series: '/series', 'forum-post': '/forums' };

/**
 * A post with its page's address, in one statement: a comment's or a like's notice needs both, and
 * each statement inside a write is a round trip to PostgreSQL.
 */
export async function loadPost(db: AnyKysely, id: string): Promise<PostSummary | null> {
  const row = (
    await sql<Record<string, unknown>>`SELECT p.id, p.type, p.title, p.contributors, p.published,
      CASE p.type
        WHEN 'story' THEN (SELECT '/stories/' || s.id FROM stories s WHERE s.post = p.id LIMIT 1)
        WHEN 'series' THEN (SELECT '/series/' || s.id FROM series s WHERE s.post = p.id LIMIT 1)
        WHEN 'forum-post' THEN
          (SELECT '/forums/' || f.forum || '/posts/' || f.id FROM forum_posts f WHERE f.post = p.id LIMIT 1)
      END AS href
      FROM posts p WHERE p.id = ${id}`.execute(db)
  ).rows[0];
  if (!row) return null;
  const contributors: unknown =
    typeof row.contributors === 'string' ? JSON.parse(row.contributors) : row.contributors;
  const type = String(row.type);
  return {
    id: String(row.id),
    type,
    title: text(row.title),
    contributors: Array.isArray(contributors) ? contributors.map(String) : [],
    published: text(row.published),
    href: text(row.href) || (SECTION[type] ?? '/'),
  };
}

/** What `loadPost` reads, as list-cache keys: a post's own columns, and the records that give its address. */
const POST_READS = [
  rowsKey('posts'),
  ...['type', 'title', 'contributors', 'published'].map((field) => columnKey('posts', field)),
  ...['stories', 'series', 'forum_posts'].flatMap((name) => [rowsKey(name), columnKey(name, 'post')]),
  columnKey('forum_posts', 'forum'),
];

/**
 * `loadPost`, remembered while nothing it reads changes (a new comment or like changes only the
 * post's counters): every comment, like and favorite on a post tells its contributors, and inside a
 * write on PostgreSQL each look-up is a round trip.
 */
export function rememberedPost(io: ExistsReads, id: string): Promise<Readonly<PostSummary> | null> {
  return rememberedRow(io, `post-summary\u0002${id}`, POST_READS, async () => {
    const post = await loadPost(io.db, id);
    return post && { ...post, contributors: Object.freeze(post.contributors) };
  });
}
