/**
 * What a list's pinned relations (rules/pinned.ts) let the statement leave out, decided per request
 * on the pinned record itself, so the answer is never older than the request:
 *   - the list rule's conjuncts that read only the pinned record and the request, when they hold;
 *   - the gate of the filter's paths through a pinned relation, when the caller may list its record.
 * Each is one look-up by id, remembered like a total; when a part does not hold (or no row has the
 * pinned value), the statement keeps it and hides the rows as before.
 */
import type { Expr } from '@community/filter';
import { sql, type RawBuilder } from 'kysely';
import { findField, type Collection } from '../collections/model';
import { listRuleOf, ruleSql, type CompileContext } from '../rules/compile';
import { pinnedConjuncts } from '../rules/pinned';
import { isSuperuser } from '../rules/request-info';
import { ROW } from './context';
import { rowsKey } from './list-cache';
import { rememberedExists, type ExistsReads } from './remembered-exists';

/**
 * Whether a row of `table` meets `conditions`, compiled by `condition` in a context of its own (its
 * aliases and what it reads are not the list's), remembered like a total.
 */
async function exists(
  ctx: CompileContext,
  io: ExistsReads,
  table: Collection,
  condition: (probe: CompileContext) => RawBuilder<unknown>[],
): Promise<boolean> {
  const reads = new Set([rowsKey(table.name)]);
  const conditions = condition({ ...ctx, reads, counter: { next: 0 } });
  const query = sql<{ found: number }>`SELECT 1 AS found FROM ${sql.table(table.name)} AS ${sql.id(
    ROW,
  )} WHERE ${sql.join(conditions, sql` AND `)} LIMIT 1`;
  return rememberedExists(io, query, reads);
}

/** The conjuncts of `rule` that the pinned fields make the same for every row, and that hold. */
export async function decidedByPins(
  ctx: CompileContext,
  collection: Collection,
  rule: Expr,
  pinned: ReadonlyMap<string, string>,
  io: ExistsReads,
): Promise<Expr[]> {
  const candidates = pinnedConjuncts(collection, rule, pinned);
  const pins = [...pinned].map(([field, value]) => sql`${sql.ref(`${ROW}.${field}`)} = ${value}`);
  const decided: Expr[] = [];
  for (const conjunct of candidates) {
    if (await exists(ctx, io, collection, (probe) => [...pins, ruleSql(probe, collection, conjunct, ROW)]))
      decided.push(conjunct);
  }
  return decided;
}

/**
 * The pinned relations whose record the caller may list: the filter's and the sort's paths through
 * them need no gate. Only relations some path walks through are asked about.
 */
export async function openPinnedGates(
  ctx: CompileContext,
  collection: Collection,
  pinned: ReadonlyMap<string, string>,
  walked: ReadonlySet<string>,
  io: ExistsReads,
): Promise<Set<string>> {
  const open = new Set<string>();
  if (isSuperuser(ctx.request)) return open;
  for (const [name, id] of pinned) {
    if (!walked.has(name)) continue;
    const field = findField(collection, name);
    const target = field?.type === 'relation' ? ctx.registry.find(field.collectionId) : undefined;
    if (!target) continue;
    const rule = listRuleOf(ctx, target);
    // Refused outright (the filter reports it) or open to all: nothing to decide.
    if (rule === null || rule === '') continue;
    const byId = sql`${sql.ref(`${ROW}.id`)} = ${id}`;
    if (await exists(ctx, io, target, (probe) => [byId, ruleSql(probe, target, rule, ROW)])) open.add(name);
  }
  return open;
}
