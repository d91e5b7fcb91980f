/**
 * Blocking (PRODUCT.md §14). The lists leave out a blocked member's work through the collections' list
 * rules (collections/blocks.ts `NOT_BLOCKED`); what is not a list lives here:
 *
 * - story search (not a collection list) leaves out the stories of members the caller blocked;
 * - a notification about a blocked member's action is not created for the blocker (site/notify.ts);
 * - declining a message request blocks the sender (issue 18), and unblocking a member whose request was
 *   declined lets the two talk again (site/safe-messages.ts refuses messages while either exists).
 */
import { sql } from 'kysely';
import type { Core } from '../core';
import type { RecordEvent } from '../core/hooks';
import { createRecord, updateRecord } from '../core/records/write';
import { columnKey, rowsKey } from '../core/records/list-cache';
import type { ListRuleShortcut } from '../core/records/read';
import { inWrite, rememberedExists, type ExistsReads } from '../core/records/remembered-exists';
import { systemRequest } from '../core/rules/request-info';
import type { AnyKysely } from '../db/types';
import { text } from './values';

/** The members `blocker` blocked. */
export async function blockedBy(db: AnyKysely, blocker: string): Promise<string[]> {
  if (!blocker) return [];
  const rows = await sql<{ blocked: string }>`SELECT blocked FROM blocks WHERE blocker = ${blocker}`.execute(
    db,
  );
  return rows.rows.map((row) => row.blocked);
}

/**
 * The last part of a list rule built as `all(..., NOT_BLOCKED(users))` (collections/blocks.ts). Matched
 * on the live rule, so a rule an operator rewrote simply gets no shortcut.
 */
const NOT_BLOCKED_TAIL = / && \([\w.]+\.blocks_via_blocked\.blocker != @request\.auth\.id\)$/;

/**
 * For a caller who blocked nobody, "not blocked by the caller" holds for every row, so their lists use
 * the rules without it: the same rows, without a lookup in `blocks` per row, and (with no part specific
 * to the caller left once a filter such as "published" settles the rest) one remembered total shared by
 * every such member, instead of a count over the whole table per member. This covers the list asked
 * for and every collection its filter reaches through relations. A caller who blocked someone keeps the
 * whole rules.
 */
export function withoutBlocksWhenNone(): ListRuleShortcut {
  return async (request, ruleOf, io) => {
    const rules = new Map<string, string>();
    const auth = request.auth;
    if (!auth || auth.isSuperuser) return rules;
    if (await blockedAnyone(io, String(auth.record.id))) return rules;
    for (const name of LISTS_HIDING_BLOCKED) {
      const rule = ruleOf(name);
      if (rule && NOT_BLOCKED_TAIL.test(rule)) rules.set(name, rule.replace(NOT_BLOCKED_TAIL, ''));
    }
    return rules;
  };
}

/**
 * Whether `member` blocked anyone, remembered until a block is made or lifted. Most members never
 * block, and then neither their lists nor the notices they are sent need a look-up in `blocks`.
 */
export function blockedAnyone(io: ExistsReads, member: string): Promise<boolean> {
  const blocks = sql`SELECT id FROM blocks WHERE blocker = ${member} LIMIT 1`;
  return rememberedExists(io, blocks, [rowsKey('blocks'), columnKey('blocks', 'blocker')]);
}

/** Whether `user` blocked any of `members`. */
export async function blocksAnyOf(
  io: ExistsReads,
  user: string,
  members: readonly string[],
): Promise<boolean> {
  const others = members.filter((m) => m && m !== user);
  if (!user || others.length === 0 || !(await blockedAnyone(io, user))) return false;
  const rows = await sql<{ id: string }>`SELECT id FROM blocks
    WHERE blocker = ${user} AND blocked IN (${sql.join(others)}) LIMIT 1`.execute(io.db);
  return rows.rows.length > 0;
}

async function blockDeclinedSender(core: Core, event: RecordEvent): Promise<void> {
  const status = text(event.record.status);
  if (status !== 'declined' || text(event.previous?.status) === 'declined') return;
  const blocker = text(event.record.to);
  const blocked = text(event.record.from);
  if (!blocker || !blocked || (await blocksAnyOf(inWrite(core.records, event.scope), blocker, [blocked])))
    return;
  const system = systemRequest(core.registry.find('_superusers')!);
  await createRecord(core.records, core.registry.find('blocks')!, { blocker, blocked }, system, event.scope);
}

/** Unblocking undoes a declined request between the two (the conversation returns to the blocker's list). */
async function forgiveDeclined(core: Core, event: RecordEvent): Promise<void> {
  const blocker = text(event.record.blocker);
  const blocked = text(event.record.blocked);
  const declined = await sql<{ id: string }>`SELECT id FROM message_requests
    WHERE "from" = ${blocked} AND "to" = ${blocker} AND status = 'declined'`.execute(event.db);
  const requests = core.registry.find('message_requests')!;
  const system = systemRequest(core.registry.find('_superusers')!);
  for (const { id } of declined.rows) {
    await updateRecord(core.records, requests, id, { status: 'accepted' }, system, event.scope);
  }
}

/** The collections whose list rules end with `NOT_BLOCKED` (collections/*.ts). */
export const LISTS_HIDING_BLOCKED = [
  'posts',
  'stories',
  'series',
  'comments',
  'profiles',
  'presence',
  'forum_posts',
  'pinned_forum_posts',
];

export function registerBlocks(core: Core): void {
  core.listRuleShortcuts.push(withoutBlocksWhenNone());
  core.hooks.on('afterUpdate', (event) => blockDeclinedSender(core, event), 'message_requests');
  core.hooks.on('afterDelete', (event) => forgiveDeclined(core, event), 'blocks');
}
