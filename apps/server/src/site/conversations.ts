/**
 * Direct messages keep their conversation current (PRODUCT.md §6): one record per pair, id = the two
 * user ids sorted and joined by ":", with the message count, the last message and the unread count of
 * each side, all written in the message's own transaction. (The conversation's `messages` list is left
 * empty: the app reads a thread from `messages` itself, and a growing id list would make every write
 * slower as a conversation gets longer.)
 */
import { sql } from 'kysely';
import type { Core } from '../core';
import { findField } from '../core/collections/model';
import type { RecordEvent } from '../core/hooks';
import { inWriteScope, rawWrite } from '../core/records/scope';
import { createRecord, updateRecord } from '../core/records/write';
import { systemRequest } from '../core/rules/request-info';
import { withoutTags } from '../tools/html-text';

export const conversationId = (a: string, b: string) => [a, b].sort().join(':');

async function refresh(core: Core, event: RecordEvent): Promise<void> {
  const id = conversationId(String(event.record.from), String(event.record.to));
  const [a, b] = id.split(':') as [string, string];
  const between = sql`(("from" = ${a} AND "to" = ${b}) OR ("from" = ${b} AND "to" = ${a}))`;
  const unread = core.db.flavor.bool(false);
  const stats = (
    await sql<{ n: number | string; unread_a: number | string | null; unread_b: number | string | null }>`
      SELECT COUNT(*) AS n,
        SUM(CASE WHEN "to" = ${a} AND is_read = ${unread} THEN 1 ELSE 0 END) AS unread_a,
        SUM(CASE WHEN "to" = ${b} AND is_read = ${unread} THEN 1 ELSE 0 END) AS unread_b
      FROM messages WHERE ${between}`.execute(event.db)
  ).rows[0];
  const last = (
    await sql<{
      id: string;
      content: string;
      created: string;
    }>`SELECT id, content, created FROM messages WHERE ${between} ORDER BY created DESC, id DESC LIMIT 1`.execute(
      event.db,
    )
  ).rows[0];
  const values = {
    // The sides, for the list and view rules (collections/messaging.ts). Written on update too, so a
    // conversation whose sides were never filled heals on its next message.
    member_a: a,
    member_b: b,
    count: Number(stats?.n ?? 0),
    lastMessageId: last?.id ?? '',
    lastMessageContent: withoutTags(last?.content ?? '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 200),
    lastTimestamp: last?.created ?? '',
    unreadForA: Number(stats?.unread_a ?? 0),
    unreadForB: Number(stats?.unread_b ?? 0),
  };
  const conversations = core.registry.find('conversations')!;
  const system = systemRequest(core.registry.find('_superusers')!);
  const exists =
    (await sql<{ id: string }>`SELECT id FROM conversations WHERE id = ${id}`.execute(event.db)).rows.length >
    0;
  if (exists) await updateRecord(core.records, conversations, id, values, system, event.scope);
  else await createRecord(core.records, conversations, { id, ...values }, system, event.scope);
}

const SIDES = ['member_a', 'member_b'] as const;

/**
 * Fills the sides of conversations written before the `member_a`/`member_b` fields existed (their
 * columns were added empty), so the list and view rules find them. Idempotent: only rows with an
 * empty side are touched, and rows the server writes always have both. One statement, the same on
 * SQLite and PostgreSQL (`substr` is 1-based on both; the id is two 15-character ids and a colon).
 * Returns how many conversations were filled.
 */
export async function fillConversationSides(core: Core): Promise<number> {
  const collection = core.registry.find('conversations');
  if (!collection || !SIDES.every((side) => findField(collection, side))) return 0;
  const result = await inWriteScope(core.records, undefined, (scope) =>
    rawWrite(
      scope,
      { columns: 'conversations', fields: SIDES },
      sql`
        UPDATE conversations SET member_a = substr(id, 1, 15), member_b = substr(id, 17, 15)
        WHERE member_a = '' OR member_b = ''`,
    ),
  );
  return Number(result.numAffectedRows ?? 0);
}

export function registerConversations(core: Core): void {
  for (const hook of ['afterCreate', 'afterUpdate', 'afterDelete'] as const) {
    core.hooks.on(hook, (event) => refresh(core, event), 'messages');
  }
}
