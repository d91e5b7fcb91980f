/** Where a post lives in the web app, for notification links (spec routes). */
import { sql } from 'kysely';
import type { AnyKysely } from '../db/types';
import { text } from './values';

export interface PostSummary {
  id: string;
  type: string;
  title: string;
  contributors: string[];
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
