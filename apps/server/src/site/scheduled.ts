/**
 * Scheduled chapters (PRODUCT.md §14): a contributor gives a story (a chapter, or a story of its own) a
 * `publish_at` time. It is reviewed as usual; a moderator's approval before that time marks it
 * `approved` and leaves `published` empty (site/review.ts), so the post stays unpublished, and with it
 * hidden from every list, view, search and notification except its contributors' and moderators'.
 *
 * A periodic job publishes approved posts whose time has come. Each process keeps the timer; the
 * core's job lock lets one process run it at a time (a PostgreSQL advisory lock, or a Redis lease),
 * and each post is claimed inside its own transaction before it is published, so even two runs that
 * overlap publish it once. Publishing is an ordinary update of `published` by the system, so the
 * announcements of site/chapters.ts and site/follows.ts (series favoriters and followers, the
 * authors' followers) happen exactly as when a moderator publishes, at that moment and once.
 */
import { sql } from 'kysely';
import type { Core } from '../core';
import type { RecordEvent } from '../core/hooks';
import { inWriteScope, rawWriteUnremembered } from '../core/records/scope';
import { updateRecord } from '../core/records/write';
import { systemRequest } from '../core/rules/request-info';
import { formatDate, nowString } from '../tools/dates';
import { loadPost } from './links';
import { notify } from './notify';
import { text } from './values';

/** The post's publish time when it is still ahead (a past or empty one means "publish now"), else ''. */
export async function publishTimeAhead(event: RecordEvent, postId: string): Promise<string> {
  const row = (
    await sql<{
      publish_at: string | null;
    }>`SELECT publish_at FROM posts WHERE id = ${postId}`.execute(event.db)
  ).rows[0];
  const at = text(row?.publish_at);
  return at && at > nowString() ? at : '';
}

/**
 * The approved, unpublished posts whose time is `cutoff` or earlier. The columns are NOT NULL (empty is
 * ''), so "published = ''" alone lets the index on (published, created) find the few unpublished
 * posts; with NULL checks OR-ed in, the job read every post (280 ms at 300,000 posts, every 30 s, on
 * the connection every write waits for).
 */
export function dueForPublishing(cutoff: string) {
  return sql<{
    id: string;
  }>`SELECT id FROM posts WHERE published = '' AND approved <> '' AND (publish_at = '' OR publish_at <= ${cutoff}) ORDER BY publish_at`;
}

/** Publishes every approved post whose time has come; returns the ids published by this call. */
export async function publishDuePosts(core: Core, now = Date.now()): Promise<string[]> {
  const cutoff = formatDate(new Date(now));
  const due = await dueForPublishing(cutoff).execute(core.db.kysely);
  const posts = core.registry.find('posts')!;
  const system = systemRequest(core.registry.find('_superusers')!);
  const published: string[] = [];
  for (const { id } of due.rows) {
    const done = await inWriteScope(core.records, undefined, async (scope) => {
      // The claim: a row lock on PostgreSQL (a concurrent claim waits, then finds it published) and
      // the single writer on SQLite. Whoever claims it second changes no row and leaves it alone.
      const claim = await rawWriteUnremembered(
        scope.db,
        sql`UPDATE posts SET approved = approved WHERE id = ${id} AND approved <> '' AND (published = '' OR published IS NULL)`,
      );
      if (Number(claim.numAffectedRows ?? 0) === 0) return false;
      await updateRecord(core.records, posts, id, { published: nowString() }, system, scope);
      return true;
    });
    if (done) published.push(id);
  }
  return published;
}

/** The job, unless another process runs it this time; true when it ran here. */
export function publishDuePostsOnce(core: Core, everyMs: number): Promise<boolean> {
  return core.jobs.run('scheduled-publish', everyMs, async () => {
    await publishDuePosts(core);
  });
}

export const SCHEDULED_PUBLISH_JOB = 'scheduled-publish';

/** Adds the job to the periodic jobs (`/api/crons`), every `everyMs`. */
export function scheduleScheduledPublishing(core: Core, everyMs: number): void {
  core.crons.add(SCHEDULED_PUBLISH_JOB, { everyMs }, async () => {
    await publishDuePosts(core);
  });
}

/** The contributors hear that their scheduled story is out (the readers are told by chapters.ts/follows.ts). */
async function tellContributors(core: Core, event: RecordEvent): Promise<void> {
  if (text(event.previous?.published) || !text(event.record.published)) return;
  if (!text(event.previous?.approved)) return;
  const post = await loadPost(event.db, text(event.record.id));
  if (!post) return;
  const href = post.href;
  for (const user of post.contributors)
    await notify(core, event, {
      user,
      icon: 'publish',
      href,
      content: `Your scheduled story "${post.title}" was published`,
    });
}

export function registerScheduled(core: Core): void {
  core.hooks.on('afterUpdate', (event) => tellContributors(core, event), 'posts');
}
