/**
 * Who may receive an event: the list or view rule and the subscriber's filter, compiled by the same
 * functions the list and view endpoints use (`accessCondition`, `clientFilterSql`, `selectColumns`)
 * and run against the record as the event carries it.
 *
 * The row the rules read is the event's own snapshot, turned into a one-row derived table aliased
 * like a real row (`_r`):
 *
 *   (SELECT "id", "title", ... FROM "posts" WHERE 1 = 0 UNION ALL SELECT $1, $2, ...) AS "_r"
 *
 * The empty first arm names the columns and, on PostgreSQL, gives them the table's own types (the
 * bound values resolve to them); on SQLite the values are bound in their stored form (0/1, JSON
 * text), and the rule compiler already coerces literals to each field's type. So the compiled rule
 * behaves as it does on the table. Why a snapshot instead of the stored row:
 * - a delete is checked against the record as it was before the delete (as PocketBase does), even
 *   though the check runs after the commit, outside the write transaction, and possibly in another
 *   process that only received the event over the bus;
 * - a create or update is checked against exactly the values that will be sent, so a record that
 *   changes again before its event is processed cannot leak its older content to someone who can
 *   see only the newer state.
 * Relation paths and `@collection` in a rule still read the live tables. The limit this brings: a
 * rule that reaches through rows removed by the same transaction (say a comment's `post.published`
 * when the post's deletion cascaded to the comment) sees them gone, so that event is withheld. It
 * errs on the side of not sending.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Expr } from '@community/filter';
import { sql, type RawBuilder } from 'kysely';
import { ApiError } from '../../tools/api-error';
import type { Collection } from '../collections/model';
import { zeroOf } from '../fields';
import { ROW, type RecordContext } from '../records/context';
import { accessCondition, selectColumns } from '../rules/access';
import { decodeRow, encodeData, type RecordData } from '../records/record';
import { asBadRequest, clientFilterSql, parseCached, type CompileContext } from '../rules/compile';
import { isSuperuser, type RequestInfo } from '../rules/request-info';
import {
  ConditionCache,
  reachesClock,
  readsClock,
  type Condition,
  type PreparedCheck,
} from './condition-cache';
import { subscriptionCost } from './costs';

export function snapshotRow(
  ctx: RecordContext,
  collection: Collection,
  record: RecordData,
): RawBuilder<unknown> {
  const full: RecordData = {};
  for (const field of collection.fields)
    full[field.name] = field.name in record ? record[field.name] : zeroOf(field);
  const encoded = encodeData(collection, full, ctx.db.dialect);
  const columns = collection.fields.map((field) => sql.id(field.name));
  const values = collection.fields.map((field) => sql`${encoded[field.name] ?? null}`);
  return sql`(SELECT ${sql.join(columns)} FROM ${sql.table(collection.name)} WHERE 1 = 0 UNION ALL SELECT ${sql.join(values)}) AS ${sql.id(ROW)}`;
}

/** One subscriber class to check: its request (auth, query, headers), the rule, and its filter. */
export interface AccessCheck {
  request: RequestInfo;
  /** The list or view rule; `null` means superusers only. */
  rule: string | null;
  /** The subscription's `options.query.filter`, or ''. */
  filter: string;
  /** The subscription's `options.query.expand`, which it prices (rendering is not part of the check). */
  expand?: string | undefined;
  /**
   * What identifies this check apart from the viewer (collection, rule kind, filter, request values
   * the rule reads), for reusing its compiled condition; absent, it is compiled every time.
   */
  cacheKey?: string;
}

function compileContext(
  ctx: RecordContext,
  request: RequestInfo,
  counter: { next: number },
  reads?: Set<string>,
): CompileContext {
  return { registry: ctx.registry, flavor: ctx.db.flavor, request, counter, ...(reads ? { reads } : {}) };
}

/**
 * The check as one SQL condition; `true` when nothing needs the database, `false` when the check can
 * never pass (a superusers-only rule, a filter a non-superuser may not write, or one that does not
 * compile for this collection).
 */
function conditionOf(
  ctx: RecordContext,
  collection: Collection,
  check: AccessCheck,
  counter: { next: number },
  reads: Set<string>,
): Condition {
  const compile = compileContext(ctx, check.request, counter, reads);
  try {
    const parts: Array<RawBuilder<unknown>> = [];
    const rule = asBadRequest(() => accessCondition(compile, collection, check.rule));
    if (rule) parts.push(rule);
    if (check.filter) {
      if (!isSuperuser(check.request) && /@collection\.|@request\./.test(check.filter)) return false;
      parts.push(asBadRequest(() => clientFilterSql(compile, collection, check.filter, ROW)));
    }
    return parts.length === 0 ? true : sql`(${sql.join(parts, sql` AND `)})`;
  } catch (error) {
    if (error instanceof ApiError) return false;
    throw error;
  }
}

/** The subscriber's filter as parsed, or null when it has none or it does not parse. */
function parsedFilter(filter: string): Expr | null {
  if (!filter) return null;
  try {
    return parseCached(filter);
  } catch {
    return null;
  }
}

/**
 * The check compiled for its viewer, with its price (costs.ts): from the cache when it was compiled
 * before and nothing it was compiled from has changed since.
 */
export function prepareCheck(
  ctx: RecordContext,
  collection: Collection,
  check: AccessCheck,
  cache: ConditionCache,
): PreparedCheck {
  const key = check.cacheKey;
  const viewer = check.request.auth;
  if (key !== undefined) {
    const found = cache.get(ctx.registry.version, viewer, key);
    if (found !== undefined) return found;
  }
  const before = cache.counter.next;
  const reads = new Set<string>();
  const condition = conditionOf(ctx, collection, check, cache.counter, reads);
  const tablesRead = typeof condition === 'boolean' ? 0 : cache.counter.next - before;
  const prepared: PreparedCheck = {
    condition,
    cost: subscriptionCost(tablesRead, parsedFilter(check.filter), check.expand),
  };
  const keepable =
    key !== undefined &&
    !readsClock(check.rule) &&
    !readsClock(check.filter) &&
    !reachesClock(ctx.registry, reads);
  if (keepable) cache.set(viewer, key, prepared);
  return prepared;
}

async function runConditions(
  ctx: RecordContext,
  source: RawBuilder<unknown>,
  conditions: Array<RawBuilder<unknown>>,
): Promise<boolean[]> {
  const columns = conditions.map(
    (condition, i) => sql`CASE WHEN ${condition} THEN 1 ELSE 0 END AS ${sql.id(`a${i}`)}`,
  );
  const result = await sql<Record<string, unknown>>`SELECT ${sql.join(columns)} FROM ${source}`.execute(
    ctx.db.reader,
  );
  const row = result.rows[0] ?? {};
  return conditions.map((_, i) => Number(row[`a${i}`]) === 1);
}

/** How many conditions, and how many cost units of them, one statement may hold. */
export interface StatementBounds {
  conditions: number;
  cost: number;
}

/**
 * Fewer, larger statements cost less per check (one parse and one round trip each), up to a point:
 * the time to plan a statement grows faster than its size, so statements of members' own filters
 * are kept small. The bound parameters stay far below both databases' limits either way.
 */
export const RULE_STATEMENTS: StatementBounds = { conditions: 200, cost: Infinity };
export const FILTER_STATEMENTS: StatementBounds = { conditions: 50, cost: 40 };

/** Splits conditions, in order, into statements within the bounds (each holds at least one). */
function statements<T extends { cost: number }>(items: T[], bounds: StatementBounds): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let cost = 0;
  for (const item of items) {
    if (current.length > 0 && (current.length >= bounds.conditions || cost + item.cost > bounds.cost)) {
      out.push(current);
      current = [];
      cost = 0;
    }
    current.push(item);
    cost += item.cost;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/**
 * Evaluates prepared checks against one record snapshot, several per statement within `bounds`,
 * giving the event loop a turn between statements. If a statement fails (a filter the database
 * rejects at run time), its checks are retried one by one so one subscriber's bad filter cannot cost
 * the others their events.
 */
export async function evaluatePrepared(
  ctx: RecordContext,
  source: RawBuilder<unknown>,
  checks: PreparedCheck[],
  bounds: StatementBounds,
): Promise<boolean[]> {
  const results: boolean[] = new Array<boolean>(checks.length).fill(false);
  const pending: Array<{ index: number; condition: RawBuilder<unknown>; cost: number }> = [];
  checks.forEach(({ condition, cost }, index) => {
    if (typeof condition === 'boolean') results[index] = condition;
    else pending.push({ index, condition, cost });
  });
  for (const [position, batch] of statements(pending, bounds).entries()) {
    // A turn between statements: requests and other streams are served in between.
    if (position > 0) await nextTurn();
    const conditions = batch.map(({ condition }) => condition);
    let outcomes: boolean[];
    try {
      outcomes = await runConditions(ctx, source, conditions);
    } catch {
      outcomes = [];
      for (const condition of conditions) {
        outcomes.push(
          await runConditions(ctx, source, [condition]).then(
            (r) => r[0] === true,
            () => false,
          ),
        );
      }
    }
    batch.forEach(({ index }, i) => (results[index] = outcomes[i] === true));
  }
  return results;
}

/** Prepares and evaluates checks in one go (a check's compiled condition is kept when it may be). */
export async function evaluateAccess(
  ctx: RecordContext,
  collection: Collection,
  source: RawBuilder<unknown>,
  checks: AccessCheck[],
  cache: ConditionCache = new ConditionCache(),
  bounds: StatementBounds = RULE_STATEMENTS,
): Promise<boolean[]> {
  const prepared = checks.map((check) => prepareCheck(ctx, collection, check, cache));
  return evaluatePrepared(ctx, source, prepared, bounds);
}

/**
 * The snapshot as this viewer may read it: for fields with a `readRule`, the same per-field flags a
 * list or view query computes. Superusers, and collections without such fields, need no query.
 */
export async function viewerCopy(
  ctx: RecordContext,
  collection: Collection,
  source: RawBuilder<unknown>,
  record: RecordData,
  request: RequestInfo,
): Promise<RecordData> {
  if (isSuperuser(request) || collection.fields.every((field) => field.readRule === null)) return record;
  const columns = selectColumns(compileContext(ctx, request, { next: 0 }), collection);
  const result = await sql<Record<string, unknown>>`SELECT ${columns} FROM ${source}`.execute(ctx.db.reader);
  const row = result.rows[0];
  if (!row) throw new Error('the record snapshot yielded no row');
  return decodeRow(collection, row);
}
