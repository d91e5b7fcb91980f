/**
 * The staff chat keeps 90 days (PRODUCT.md §13). Writing a message clears what has aged out, in the same
 * write, so the room never needs a timer of its own and an idle room costs nothing.
 */
import { sql } from 'kysely';
import type { Core } from '../core';
import type { RecordEvent } from '../core/hooks';
import { deleteRecord } from '../core/records/write';
import { systemRequest } from '../core/rules/request-info';
import { formatDate } from '../tools/dates';

export const STAFF_CHAT_KEEP_MS = 90 * 24 * 60 * 60_000;

async function dropAged(core: Core, event: RecordEvent, now = Date.now()): Promise<void> {
  const cutoff = formatDate(new Date(now - STAFF_CHAT_KEEP_MS));
  const aged = await sql<{
    id: string;
  }>`SELECT id FROM staff_messages WHERE created < ${cutoff}`.execute(event.db);
  // Through the record layer, like any delete: the room's live subscribers and remembered answers
  // hear of it, and attachments go with their messages.
  const system = systemRequest(core.registry.find('_superusers')!);
  for (const { id } of aged.rows)
    await deleteRecord(core.records, event.collection, String(id), system, event.scope);
}

export function registerStaffChat(core: Core): void {
  core.hooks.on('afterCreate', (event) => dropAged(core, event), 'staff_messages');
}
