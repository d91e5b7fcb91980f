/**
 * The staff chat keeps 90 days (PRODUCT.md §13). Writing a message clears what has aged out, in the same
 * write, so the room never needs a timer of its own and an idle room costs nothing.
 */
import { sql } from 'kysely';
import type { Core } from '../core';
import type { RecordEvent } from '../core/hooks';
import { formatDate } from '../tools/dates';

export const STAFF_CHAT_KEEP_MS = 90 * 24 * 60 * 60_000;

async function dropAged(event: RecordEvent, now = Date.now()): Promise<void> {
  const cutoff = formatDate(new Date(now - STAFF_CHAT_KEEP_MS));
  await sql`DELETE FROM staff_messages WHERE created < ${cutoff}`.execute(event.db);
}

export function registerStaffChat(core: Core): void {
  core.hooks.on('afterCreate', (event) => dropAged(event), 'staff_messages');
}
