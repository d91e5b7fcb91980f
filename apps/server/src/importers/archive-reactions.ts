/**
 * What readers left on works: comments (with replies), favorites and follows. Each is written as a member
 * would leave it, through the core (counters move, the comment thread's root is kept), as history (nobody
 * is notified). A favorite or follow the member has here already, or one of something they cannot see
 * (another member's draft), is left out; so is following oneself.
 */
import { sql, type RawBuilder } from 'kysely';
import type { ArchiveWriter } from './archive-writer';
import type { WorkImporter } from './archive-works';

const COMMENT_MAX = 50_000;

export class ReactionImporter {
  private readonly made = new Set<string>();

  constructor(
    private readonly writer: ArchiveWriter,
    private readonly works: WorkImporter,
  ) {}

  async comment(
    kind: string,
    legacyId: string | number,
    c: { target: string; author: string; content: string; reply?: string; created: string },
  ): Promise<string | null> {
    const content = c.content.trim().slice(0, COMMENT_MAX);
    if (!content) {
      this.writer.report.left('comments: no text left once converted');
      return null;
    }
    return this.writer.create(
      kind === 'review' ? 'comments' : 'replies',
      kind,
      legacyId,
      'comments',
      { target: c.target, author: c.author, content, reply: c.reply ?? '' },
      { created: c.created },
    );
  }

  async favorite(
    legacyId: string,
    f: { target: string; user: string; type: 'story' | 'series' },
  ): Promise<void> {
    if (this.writer.linked('favorite', legacyId) !== undefined) {
      this.writer.report.wasThere('favorites');
      return;
    }
    const post = await this.works.postFacts(f.target);
    if (!post || (!post.published && !post.contributors.includes(f.user))) {
      this.writer.report.left('favorites: of a work that is not published');
      return;
    }
    const query = sql`SELECT 1 AS found FROM favorites WHERE target = ${f.target} AND "user" = ${f.user} LIMIT 1`;
    if (await this.alreadyHas(`favorite:${f.target}:${f.user}`, query)) {
      this.writer.report.left('favorites: the member has that one already');
      return;
    }
    await this.writer.create('favorites', 'favorite', legacyId, 'favorites', f);
  }

  async follow(legacyId: string, f: { user: string; author: string }): Promise<void> {
    if (this.writer.linked('follow', legacyId) !== undefined) {
      this.writer.report.wasThere('follows');
      return;
    }
    if (f.user === f.author) {
      this.writer.report.left('follows: of oneself');
      return;
    }
    const query = sql`SELECT 1 AS found FROM follows WHERE author = ${f.author} AND "user" = ${f.user} LIMIT 1`;
    if (await this.alreadyHas(`follow:${f.author}:${f.user}`, query)) {
      this.writer.report.left('follows: the member follows that author already');
      return;
    }
    await this.writer.create('follows', 'follow', legacyId, 'follows', {
      user: f.user,
      author: f.author,
      series: '',
    });
  }

  /** Whether the member has it already: made by this run, or found by `query` on the site. */
  private async alreadyHas(key: string, query: RawBuilder<unknown>): Promise<boolean> {
    if (this.made.has(key)) return true;
    if ((await query.execute(this.writer.db)).rows.length > 0) return true;
    this.made.add(key);
    return false;
  }
}
