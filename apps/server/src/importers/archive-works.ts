/**
 * Works of an old archive become posts here: a story is a `story` post with its story record, a series a
 * `series` post with its series record listing its chapters (stories) in reading order; the series hook
 * (site/series-chapters.ts) points each chapter back at it. Published works keep their old date as their
 * publication date; the others are their authors' drafts (site/history.ts keeps them out of the queue).
 */
import type { ArchiveWriter, Dates } from './archive-writer';

export interface WorkPost {
  title: string;
  /** Plain text. */
  description: string;
  contributors: string[];
  labels: string[];
  tags: string[];
  /** When it was published, or '' for a draft. */
  published: string;
  dates: Dates;
}

const TITLE_MAX = 300;
const DESCRIPTION_MAX = 5000;
const CONTENT_MAX = 2 * 1024 * 1024;
export const MAX_CONTRIBUTORS = 20;
export const MAX_LABELS = 50;
export const MAX_TAGS = 50;
export const MAX_CHAPTERS = 1000;

/** A relation list as the database returns it: JSON text on SQLite, parsed on PostgreSQL. */
function idsOf(stored: unknown): string[] {
  const list: unknown = typeof stored === 'string' ? JSON.parse(stored || '[]') : stored;
  return Array.isArray(list) ? list.map((id) => String(id)) : [];
}

/** What a post holds, trimmed to the site's limits. */
function postData(type: 'story' | 'series', post: WorkPost) {
  return {
    type,
    title: post.title.slice(0, TITLE_MAX),
    description: post.description.slice(0, DESCRIPTION_MAX),
    contributors: [...new Set(post.contributors)].slice(0, MAX_CONTRIBUTORS),
    labels: [...new Set(post.labels)].slice(0, MAX_LABELS),
    tags: [...new Set(post.tags)].slice(0, MAX_TAGS),
    published: post.published,
  };
}

export class WorkImporter {
  /** Whether each post this run made or found is published, and who wrote it. */
  private readonly posts = new Map<string, { published: boolean; contributors: string[] }>();
  /** Stories and series this run made (not found from an earlier run). */
  private readonly madeNow = new Set<string>();

  constructor(private readonly writer: ArchiveWriter) {}

  /** A story: its post (linked as `<kind>-post`) and its story record (linked as `<kind>`). */
  async story(
    kind: string,
    legacyId: string | number,
    post: WorkPost,
    content: string,
  ): Promise<{ post: string; story: string }> {
    const postId = await this.writer.create(
      'stories',
      `${kind}-post`,
      legacyId,
      'posts',
      postData('story', post),
      post.dates,
    );
    const known = this.writer.linked(kind, legacyId);
    const story = await this.writer.create(
      null,
      kind,
      legacyId,
      'stories',
      {
        post: postId,
        content: content.slice(0, CONTENT_MAX) || '(This chapter had no text in the old archive.)',
      },
      post.dates,
    );
    this.posts.set(postId, { published: post.published !== '', contributors: post.contributors });
    if (known === undefined) this.madeNow.add(story);
    return { post: postId, story };
  }

  /** A series listing `stories` in order: its post (`<kind>-post`) and its series record (`<kind>`). */
  async series(
    kind: string,
    legacyId: string | number,
    post: WorkPost,
    stories: string[],
  ): Promise<{ post: string; series: string }> {
    const postId = await this.writer.create(
      'series',
      `${kind}-post`,
      legacyId,
      'posts',
      postData('series', post),
      post.dates,
    );
    const known = this.writer.linked(kind, legacyId);
    const series = await this.writer.create(
      null,
      kind,
      legacyId,
      'series',
      { post: postId, stories: stories.slice(0, MAX_CHAPTERS) },
      post.dates,
    );
    this.posts.set(postId, { published: post.published !== '', contributors: post.contributors });
    if (known === undefined) this.madeNow.add(series);
    return { post: postId, series };
  }

  /**
   * A series an earlier import made gets the chapters made since (a newer dump of the old archive) at
   * its end. Chapters a member removed from it, or its order as they left it, are theirs and stay so.
   */
  async keepChapters(series: string, chapters: readonly string[]): Promise<void> {
    if (this.madeNow.has(series)) return;
    const added = chapters.filter((id) => this.madeNow.has(id));
    if (added.length === 0) return;
    const row = await this.writer.db
      .selectFrom('series')
      .select('stories')
      .where('id', '=', series)
      .executeTakeFirst();
    if (!row) return;
    const current = idsOf(row.stories);
    const missing = added.filter((id) => !current.includes(id));
    if (missing.length) await this.writer.update('series', series, { stories: [...current, ...missing] });
  }

  /** What is known of a post: from this run, else from the site's database. */
  async postFacts(id: string): Promise<{ published: boolean; contributors: string[] } | null> {
    const known = this.posts.get(id);
    if (known) return known;
    const row = await this.writer.db
      .selectFrom('posts')
      .select(['published', 'contributors'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    const facts = { published: Boolean(row.published), contributors: idsOf(row.contributors) };
    this.posts.set(id, facts);
    return facts;
  }
}
