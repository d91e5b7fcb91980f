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
}

export async function loadPost(db: AnyKysely, id: string): Promise<PostSummary | null> {
  const row = (
    await sql<
      Record<string, unknown>
    >`SELECT id, type, title, contributors, published FROM posts WHERE id = ${id}`.execute(db)
  ).rows[0];
  if (!row) return null;
  const contributors: unknown =
    typeof row.contributors === 'string' ? JSON.parse(row.contributors) : row.contributors;
  return {
    id: String(row.id),
    type: String(row.type),
    title: text(row.title),
    contributors: Array.isArray(contributors) ? contributors.map(String) : [],
    published: text(row.published),
  };
}

export async function postHref(db: AnyKysely, post: PostSummary): Promise<string> {
  const first = async (query: ReturnType<typeof sql<{ id: string; forum?: string }>>) =>
    (await query.execute(db)).rows[0];
  if (post.type === 'story') {
    const story = await first(sql<{ id: string }>`SELECT id FROM stories WHERE post = ${post.id}`);
    return story ? `/stories/${story.id}` : '/stories';
  }
  if (post.type === 'series') {
    const series = await first(sql<{ id: string }>`SELECT id FROM series WHERE post = ${post.id}`);
    return series ? `/series/${series.id}` : '/series';
  }
  if (post.type === 'forum-post') {
    const thread = await first(
      sql<{ id: string; forum: string }>`SELECT id, forum FROM forum_posts WHERE post = ${post.id}`,
    );
    return thread ? `/forums/${thread.forum}/posts/${thread.id}` : '/forums';
  }
  return '/';
}
