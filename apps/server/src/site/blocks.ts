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
import { NOT_BLOCKED } from '../collections/blocks';
import type { Core } from '../core';
import { relationIndexOf } from '../core/collections/relation-indexes';
import type { RecordEvent } from '../core/hooks';
import { ROW } from '../core/records/context';
import { addListNarrower } from '../core/records/list-adjustments';
import { createRecord, updateRecord } from '../core/records/write';
import { columnKey, rowsKey } from '../core/records/list-cache';
import type { ListNarrower, ListRuleShortcut } from '../core/records/read';
import { inWrite, noteReads, rememberedExists, type ExistsReads } from '../core/records/remembered-exists';
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

/** What deciding whom a member blocked reads: their rows of `blocks`. */
const BLOCKS_DECIDED_BY = [rowsKey('blocks'), columnKey('blocks', 'blocker'), columnKey('blocks', 'blocked')];

/** What the blocked-work condition reads, beyond that: the posts' contributors. */
const BLOCKED_WORK_READS = [...BLOCKS_DECIDED_BY, rowsKey('posts'), columnKey('posts', 'contributors')];

/**
 * For a member who blocked someone, the lists of posts, stories and series leave out the blocked
 * members' work as a narrowing (records/read.ts `ListNarrowing`) instead of through the rule's last
 * part, "no contributor is blocked by the caller", which the database would test on every row, and for
 * the total on every row of the table (0.76 s for 95,000 stories), once per member. The narrowing says
 * the same thing from the other side: the post has no contributor among the few members the caller
 * blocked, looked up in the contributors' relation index. The list then drops that part from its rule
 * and from the filter's gate on the row's post (`settles`), counts the rest once for every member (the
 * total every member who blocked nobody shares), and subtracts the blocked members' work, counted from
 * the index. It is applied only while the live rule ends with that part, so a rule an operator
 * rewrote is applied as written. What it leaves out is not reported as `hidden`: the member chose
 * never to see it.
 */
export function withoutBlockedWork(core: Core, collection: string, postColumn: 'post' | 'id'): ListNarrower {
  // The rule's part, on the listed row and, for stories and series, on the row's post.
  const own = NOT_BLOCKED(postColumn === 'id' ? 'contributors' : `${postColumn}.contributors`);
  const settles = new Map([['', [own]]]);
  if (postColumn !== 'id') settles.set(postColumn, [NOT_BLOCKED('contributors')]);
  return async (request, io) => {
    const auth = request.auth;
    if (!auth || auth.isSuperuser || auth.collection.name !== 'users') return null;
    const rule = core.registry.find(collection)?.listRule ?? '';
    if (!rule.endsWith(` && (${own})`)) return null;
    const caller = String(auth.record.id);
    if (!(await blockedAnyone(io, caller))) return null;
    noteReads(io, BLOCKS_DECIDED_BY);
    const blocked = await blockedBy(io.db, caller);
    const index = contributorsIndex(core);
    if (blocked.length === 0 || !index) return null;
    const postId = sql.ref(`${ROW}.${postColumn}`);
    return {
      condition: sql`NOT EXISTS (SELECT 1 FROM ${sql.table(index)} AS _b WHERE _b.record = ${postId} AND _b.target IN (${sql.join(blocked)}))`,
      excluded: sql`${postId} IN (SELECT "record" FROM ${sql.table(index)} WHERE target IN (${sql.join(blocked)}))`,
      reads: BLOCKED_WORK_READS,
      reported: false,
      settles,
    };
  };
}

/** The relation index table of the posts' contributors. */
function contributorsIndex(core: Core): string | undefined {
  const posts = core.registry.find('posts');
  const field = posts?.fields.find((f) => f.name === 'contributors');
  return posts && field ? relationIndexOf(posts, field) : undefined;
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
  addListNarrower(core, 'stories', withoutBlockedWork(core, 'stories', 'post'));
  addListNarrower(core, 'series', withoutBlockedWork(core, 'series', 'post'));
  addListNarrower(core, 'posts', withoutBlockedWork(core, 'posts', 'id'));
  core.hooks.on('afterUpdate', (event) => blockDeclinedSender(core, event), 'message_requests');
  core.hooks.on('afterDelete', (event) => forgiveDeclined(core, event), 'blocks');
}
