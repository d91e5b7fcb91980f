/**
 * Blocking (PRODUCT.md §14). The lists leave out a blocked member's work through the collections' list
 * rules (collections/blocks.ts `NOT_BLOCKED`). This module makes those rules cheap: a member who
 * blocked nobody lists without the part (`withoutBlocksWhenNone`), and a member who blocked someone
 * has the blocked members' rows left out from their side (`withoutBlockedWork`). What is not a list
 * lives here too:
 *
 * - story search (not a collection list) leaves out the stories of members the caller blocked;
 * - a notification about a blocked member's action is not created for the blocker (site/notify.ts);
 * - declining a message request blocks the sender (issue 18), and unblocking a member whose request was
 *   declined lets the two talk again (site/safe-messages.ts refuses messages while either exists).
 */
import { sql } from 'kysely';
import { NOT_BLOCKED } from '../collections/blocks';
import type { Core } from '../core';
import { findField, isMultiValued, type Collection } from '../core/collections/model';
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
const NOT_BLOCKED_TAIL = / && \(([\w.]+)\.blocks_via_blocked\.blocker != @request\.auth\.id\)$/;

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

/**
 * For a member who blocked someone, every list whose rule ends with `NOT_BLOCKED` (posts, stories,
 * series, forum posts, comments, profiles, presence) leaves the blocked members' rows out as a
 * narrowing (records/read.ts `ListNarrowing`) instead of through that part of the rule, which the
 * database would test on every row, and for the total on every row of the table (0.76 s for 95,000
 * stories), once per member. The narrowing says the same thing from the other side: the row's
 * members (the post's contributors, looked up in their relation index, or the row's author or user)
 * are none of the few members the caller blocked. The list then drops that part from its rule and
 * from the filter's gate on the way to those members (`settles`), counts the rest once for every
 * member (the total every member who blocked nobody shares), and subtracts what the blocked members
 * account for, counted from their side. It is applied only while the live rule ends with that part,
 * so a rule an operator rewrote is applied as written. What it leaves out is not reported as
 * `hidden`: the member chose never to see it.
 */
export function withoutBlockedWork(core: Core, collection: string): ListNarrower {
  return async (request, io) => {
    const auth = request.auth;
    if (!auth || auth.isSuperuser || auth.collection.name !== 'users') return null;
    const listed = core.registry.find(collection);
    const side = listed && blockedSide(core, listed);
    if (!side) return null;
    const caller = String(auth.record.id);
    if (!(await blockedAnyone(io, caller))) return null;
    noteReads(io, BLOCKS_DECIDED_BY);
    const blocked = await blockedBy(io.db, caller);
    if (blocked.length === 0) return null;
    const members = sql.ref(`${ROW}.${side.column}`);
    const ids = sql.join(blocked);
    const [condition, excluded] = side.index
      ? [
          sql`NOT EXISTS (SELECT 1 FROM ${sql.table(side.index)} AS _b WHERE _b.record = ${members} AND _b.target IN (${ids}))`,
          sql`${members} IN (SELECT "record" FROM ${sql.table(side.index)} WHERE target IN (${ids}))`,
        ]
      : [sql`${members} NOT IN (${ids})`, sql`${members} IN (${ids})`];
    return {
      condition,
      excluded,
      reads: [...BLOCKS_DECIDED_BY, ...side.reads],
      reported: false,
      settles: side.settles,
    };
  };
}

/**
 * Where a list's rows name the members its rule's `NOT_BLOCKED` reads: a column of the row holding
 * one member (`author`, `user`), or the relation index of a field holding several, reached from the
 * row itself (`contributors`) or through one single relation (`post.contributors`), whose `record` is
 * then that relation's column. Undefined when the rule does not end with the part, or reads the
 * members some other way: the rule then applies as written.
 */
interface BlockedSide {
  column: string;
  index?: string;
  reads: string[];
  settles: ReadonlyMap<string, readonly string[]>;
}

function blockedSide(core: Core, listed: Collection): BlockedSide | undefined {
  const path = NOT_BLOCKED_TAIL.exec(listed.listRule ?? '')?.[1];
  const segments = path?.split('.') ?? [];
  if (!path || segments.length > 2) return undefined;
  const [hop, name] = segments.length === 2 ? segments : [undefined, segments[0]!];
  let holder: Collection | undefined = listed;
  if (hop) {
    const relation = findField(listed, hop);
    if (relation?.type !== 'relation' || isMultiValued(relation)) return undefined;
    holder = core.registry.find(relation.collectionId);
  }
  const field = holder && findField(holder, name);
  if (!holder || field?.type !== 'relation' || core.registry.find(field.collectionId)?.name !== 'users')
    return undefined;
  // The rule's part on the row, and the same part of the related collection's rule on the way there.
  const settles = new Map([['', [NOT_BLOCKED(path)]]]);
  if (hop) settles.set(hop, [NOT_BLOCKED(name)]);
  const reads = [rowsKey(holder.name), columnKey(holder.name, field.name)];
  if (!isMultiValued(field)) return hop ? undefined : { column: field.name, reads, settles };
  const index = relationIndexOf(holder, field);
  return index ? { column: hop ?? 'id', index, reads, settles } : undefined;
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
  for (const name of LISTS_HIDING_BLOCKED) addListNarrower(core, name, withoutBlockedWork(core, name));
  core.hooks.on('afterUpdate', (event) => blockDeclinedSender(core, event), 'message_requests');
  core.hooks.on('afterDelete', (event) => forgiveDeclined(core, event), 'blocks');
}
