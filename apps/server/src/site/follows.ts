/**
 * Following (PRODUCT.md §14 "Reading"): followers of an author hear of each new published story or series
 * by them, followers of a series of each new chapter (src/site/chapters.ts tells them together with the
 * series' favoriters, once each). Only published work, only once it is published, never the author.
 * A follow is one per member and thing (checked here: the two relations make a plain unique index awkward).
 */
import { sql } from 'kysely';
import type { Core } from '../core';
import type { RecordEvent } from '../core/hooks';
import { ApiError } from '../tools/api-error';
import { loadPost, type PostSummary } from './links';
import { notifyFolded } from './notify';
import { text } from './values';

async function refuseDuplicate(event: RecordEvent): Promise<void> {
  const user = text(event.record.user);
  const author = text(event.record.author);
  const series = text(event.record.series);
  const existing = await sql<{
    id: string;
  }>`SELECT id FROM follows WHERE "user" = ${user} AND author = ${author} AND series = ${series} LIMIT 1`.execute(
    event.db,
  );
  if (existing.rows.length > 0) {
    throw new ApiError(400, 'Failed to create record.', {
      user: { code: 'validation_not_unique', message: 'You already follow this.' },
    });
  }
}

/** The followers of a series. */
export async function seriesFollowers(event: RecordEvent, seriesId: string): Promise<string[]> {
  const rows = await sql<{
    user: string;
  }>`SELECT DISTINCT "user" AS "user" FROM follows WHERE series = ${seriesId}`.execute(event.db);
  return rows.rows.map((row) => row.user);
}

/**
 * Tells the followers of a newly published story's or series' authors, except the authors themselves and
 * anyone in `told` (who already heard of it as a chapter of a series they follow or favorited). Several
 * new stories (or series) by one author before the follower looks fold into one unread notice, like
 * likes: "3 new stories by alice", linking to the first of them.
 */
export async function announceToAuthorFollowers(
  core: Core,
  event: RecordEvent,
  post: PostSummary,
  told: ReadonlySet<string>,
): Promise<void> {
  if (!post.published || post.contributors.length === 0) return;
  const authors = new Set(post.contributors);
  const followers = new Set<string>();
  for (const author of authors) {
    const rows = await sql<{
      user: string;
    }>`SELECT "user" AS "user" FROM follows WHERE author = ${author}`.execute(event.db);
    for (const { user } of rows.rows) followers.add(user);
  }
  // The profile's display name (spec part 1 §3: its username when displayUsername is on), else the username.
  const names = await sql<{
    username: string;
    name: string | null;
    settings: unknown;
  }>`SELECT u.username AS username, p.name AS name, p.settings AS settings FROM users u LEFT JOIN profiles p ON p.id = u.profile WHERE u.id = ${post.contributors[0]!}`.execute(
    event.db,
  );
  const row = names.rows[0];
  const settings = (typeof row?.settings === 'string' ? JSON.parse(row.settings || '{}') : row?.settings) as {
    displayUsername?: boolean;
  } | null;
  const by = (settings?.displayUsername ? row?.username : text(row?.name)) || text(row?.username);
  const href = post.href;
  const kind = post.type === 'series' ? 'series' : 'story';
  for (const user of followers) {
    if (authors.has(user) || told.has(user)) continue;
    await notifyFolded(
      core,
      event,
      {
        user,
        icon: 'follow',
        href,
        content: '',
        foldKey: `follow:${post.contributors[0]!}:${kind}`,
        about: post.contributors,
      },
      (count) =>
        count === 1
          ? `New ${kind} by ${by}: "${post.title}"`
          : `${count} new ${kind === 'series' ? 'series' : 'stories'} by ${by}`,
    );
  }
}

export function registerFollows(core: Core): void {
  core.hooks.on('beforeCreate', refuseDuplicate, 'follows');
  // A series is new work too; a story's followers are told from chapters.ts with its series' readers.
  core.hooks.on(
    'afterUpdate',
    async (event) => {
      if (text(event.previous?.published) || !text(event.record.published)) return;
      if (text(event.record.type) !== 'series') return;
      const post = await loadPost(event.db, text(event.record.id));
      if (post) await announceToAuthorFollowers(core, event, post, new Set());
    },
    'posts',
  );
  // A series written onto a post that was published when it was made (a moderator's own); stories do
  // the same in chapters.ts.
  core.hooks.on(
    'afterCreate',
    async (event) => {
      const post = await loadPost(event.db, text(event.record.post));
      if (post?.published && post.type === 'series')
        await announceToAuthorFollowers(core, event, post, new Set());
    },
    'series',
  );
}
