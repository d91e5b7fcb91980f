/**
 * Forum rules the collection rules cannot say (issue 15): a forum that still holds threads is not
 * deleted with them. The `forum` relation of `forum_posts` cascades, so without this check an admin's
 * delete would silently take every thread and its comments with it; instead the admin gets a clear
 * error and moves or removes the threads first.
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

export function registerForums(core: Core): void {
  core.hooks.on('beforeDelete', refuseWhileItHasPosts, 'forums');
}
