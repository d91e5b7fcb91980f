/**
 * Forum rules the collection rules cannot say (issue 15):
 * - a forum that still holds threads is not deleted with them. The `forum` relation of `forum_posts`
 *   cascades, so without this check an admin's delete would silently take every thread and its
 *   comments with it; instead the admin gets a clear error and moves or removes the threads first.
 * - pinning or unpinning is not activity in the thread: forums list threads by `updated` ("newest
 *   activity first"), so a pin alone keeps the thread's `updated` where it was.
 */
import { sql } from 'kysely';
import type { Core } from '../core';
import type { RecordEvent } from '../core/hooks';
import { ApiError } from '../tools/api-error';
import { text } from './values';

export const FORUM_NOT_EMPTY =
  'This forum still has posts. Move them to another forum or delete them before deleting the forum.';

async function refuseWhileItHasPosts(event: RecordEvent): Promise<void> {
  const found = await sql<{
    id: string;
  }>`SELECT id FROM forum_posts WHERE forum = ${text(event.record.id)} LIMIT 1`.execute(event.db);
  if (found.rows.length > 0) throw new ApiError(400, FORUM_NOT_EMPTY);
}

const THREAD_FIELDS = ['post', 'forum', 'content'] as const;

function keepActivityOnPin(event: RecordEvent): void {
  const previous = event.previous;
  if (!previous || previous.pinned === event.record.pinned) return;
  if (THREAD_FIELDS.some((field) => text(previous[field]) !== text(event.record[field]))) return;
  event.record.updated = previous.updated;
}

export function registerForums(core: Core): void {
  core.hooks.on('beforeDelete', refuseWhileItHasPosts, 'forums');
  core.hooks.on('beforeUpdate', keepActivityOnPin, 'forum_posts');
}
