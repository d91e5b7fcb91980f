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
import { sql, type RawBuilder } from 'kysely';
import { ApiError } from '../../tools/api-error';
import type { Collection } from '../collections/model';
import { zeroOf } from '../fields';
import { ROW, type RecordContext } from '../records/context';
import { accessCondition, selectColumns } from '../rules/access';
import { decodeRow, encodeData, type RecordData } from '../records/record';
import { asBadRequest, clientFilterSql, type CompileContext } from '../rules/compile';
import { isSuperuser, type RequestInfo } from '../rules/request-info';
import { ConditionCache, type Condition } from './condition-cache';

/**
 * How many subscriber conditions go into one query. Fewer, larger statements cost less per check
 * (one parse and one round trip each); the bound parameters stay far below both databases' limits.
 */
const CONDITIONS_PER_QUERY = 200;

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
  /**
   * What identifies this check apart from the viewer (collection, rule kind, filter, request values
   * the rule reads), for reusing its compiled condition; absent, it is compiled every time.
   */
  cacheKey?: string;
}

function compileContext(ctx: RecordContext, request: RequestInfo, counter: { next: number }): CompileContext {
  return { registry: ctx.registry, flavor: ctx.db.flavor, request, counter };
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
): RawBuilder<unknown> | boolean {
  const compile = compileContext(ctx, check.request, counter);
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

/** The check's condition: from the cache when it was compiled before and nothing has changed since. */
function cachedConditionOf(
  ctx: RecordContext,
  collection: Collection,
  check: AccessCheck,
  cache: ConditionCache,
): Condition {
  const key = check.cacheKey;
  if (key === undefined || !ConditionCache.cacheable(check.rule, check.filter)) {
    return conditionOf(ctx, collection, check, cache.counter);
  }
  const viewer = check.request.auth;
  const found = cache.get(ctx.registry.version, viewer, key);
  if (found !== undefined) return found;
  const condition = conditionOf(ctx, collection, check, cache.counter);
  cache.set(viewer, key, condition);
  return condition;
}

/**
 * Evaluates many checks against one record snapshot, several per query. If a batch fails (a filter
 * the database rejects at run time), its checks are retried one by one so one subscriber's bad
 * filter cannot cost the others their events.
 */
export async function evaluateAccess(
  ctx: RecordContext,
  collection: Collection,
  source: RawBuilder<unknown>,
  checks: AccessCheck[],
  cache: ConditionCache = new ConditionCache(),
): Promise<boolean[]> {
  const results: boolean[] = new Array<boolean>(checks.length).fill(false);
  const pending: Array<{ index: number; condition: RawBuilder<unknown> }> = [];
  checks.forEach((check, index) => {
    const condition = cachedConditionOf(ctx, collection, check, cache);
    if (typeof condition === 'boolean') results[index] = condition;
    else pending.push({ index, condition });
  });
  for (let start = 0; start < pending.length; start += CONDITIONS_PER_QUERY) {
    const batch = pending.slice(start, start + CONDITIONS_PER_QUERY);
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
