/**
 * What a list's pinned relations (rules/pinned.ts) let the statement leave out, decided per request
 * on the pinned record itself, so the answer is never older than the request:
 *   - the list rule's conjuncts that read only the pinned record and the request, when they hold;
 *   - the gate of the filter's paths through a pinned relation, when the caller may list its record.
 * Each is one look-up by id; when a part does not hold (or no row has the pinned value), the
 * statement keeps it and hides the rows as before.
 */
import type { Expr } from '@community/filter';
import { sql, type RawBuilder } from 'kysely';
import type { AnyKysely } from '../../db/types';
import { findField, type Collection } from '../collections/model';
import { listRuleOf, ruleSql, type CompileContext } from '../rules/compile';
import { pinnedConjuncts } from '../rules/pinned';
import { isSuperuser } from '../rules/request-info';
import { ROW } from './context';

/** A statement of its own: its aliases and what it reads are not the list's. */
const probeContext = (ctx: CompileContext): CompileContext => ({
  ...ctx,
  reads: undefined,
  counter: { next: 0 },
});

async function exists(db: AnyKysely, table: string, conditions: RawBuilder<unknown>[]): Promise<boolean> {
  const found = await sql`SELECT 1 AS found FROM ${sql.table(table)} AS ${sql.id(ROW)} WHERE ${sql.join(
    conditions,
    sql` AND `,
  )} LIMIT 1`.execute(db);
  return found.rows.length > 0;
}

/** The conjuncts of `rule` that the pinned fields make the same for every row, and that hold. */
export async function decidedByPins(
  ctx: CompileContext,
  collection: Collection,
  rule: Expr,
  pinned: ReadonlyMap<string, string>,
  db: AnyKysely,
): Promise<Expr[]> {
  const candidates = pinnedConjuncts(collection, rule, pinned);
  if (candidates.length === 0) return [];
  const probe = probeContext(ctx);
  const pins = [...pinned].map(([field, value]) => sql`${sql.ref(`${ROW}.${field}`)} = ${value}`);
  const decided: Expr[] = [];
  for (const conjunct of candidates) {
    if (await exists(db, collection.name, [...pins, ruleSql(probe, collection, conjunct, ROW)]))
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
  db: AnyKysely,
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
    const condition = ruleSql(probeContext(ctx), target, rule, ROW);
    if (await exists(db, target.name, [sql`${sql.ref(`${ROW}.id`)} = ${id}`, condition])) open.add(name);
  }
  return open;
}
