/**
 * The one home of "may this caller list / view / create / update / delete / manage / authenticate
 * as this record": each collection rule turned into a SQL condition for the caller (or a 403 when
 * only superusers may), and the questions answered by loading the row under it. List, view, expand,
 * files, realtime, batch, sign-in and writes all ask here.
 */
import { sql, type RawBuilder } from 'kysely';
import type { AnyKysely } from '../../db/types';
import { ApiError, SUPERUSERS_ONLY } from '../../tools/api-error';
import type { Collection } from '../collections/model';
import type { CollectionRegistry } from '../collections/registry';
import { relationIndexOf } from '../collections/relation-indexes';
import { ROW, type RecordContext } from '../records/context';
import { findRecord } from '../records/find';
import { readFlagColumns, type RecordData } from '../records/record';
import type { WriteScope } from '../records/scope';
import { asStandInCaller, readsCallerOnlyOnRow } from './caller-on-row';
import { parseCached, ruleSql, type CompileContext } from './compile';
import { isSuperuser, type RequestInfo } from './request-info';

export function compileContext(ctx: RecordContext, request: RequestInfo): CompileContext {
  return { registry: ctx.registry, flavor: ctx.db.flavor, request, counter: { next: 0 } };
}

/** The list or view rule as a WHERE condition, or a 403 when the rule is superusers-only. */
export function accessCondition(
  ctx: CompileContext,
  collection: Collection,
  rule: string | null,
): RawBuilder<unknown> | null {
  if (isSuperuser(ctx.request)) return null;
  if (rule === null) throw new ApiError(403, SUPERUSERS_ONLY);
  return rule === '' ? null : ruleSql(ctx, collection, rule, ROW);
}

/**
 * The columns to read: the row, plus one flag per field with a `readRule` telling whether this caller
 * may see it. The flags are computed in the same query, so private fields cost no extra round trip.
 */
export function selectColumns(ctx: CompileContext, collection: Collection): RawBuilder<unknown> {
  return columnsFor(ctx, collection, false);
}

/**
 * `selectColumns` as it reads for any caller not named in the rows read: flags whose rule reads the
 * caller's id only against the row's own values are compiled for a stand-in caller
 * (rules/caller-on-row.ts). Not to be run; it names what the columns ask, for records/list-answers.ts.
 */
export function columnsAsked(ctx: CompileContext, collection: Collection): RawBuilder<unknown> {
  return columnsFor(ctx, collection, true);
}

function columnsFor(ctx: CompileContext, collection: Collection, standIn: boolean): RawBuilder<unknown> {
  const row = sql`${sql.ref(ROW)}.*`;
  if (isSuperuser(ctx.request)) return row;
  const columns = readFlagColumns(collection);
  if (columns.length === 0) return row;
  // One flag per distinct rule, shared by the fields carrying it (decodeRow reads the same columns).
  const flags = columns.map(({ rule: text, column }) => {
    if (text === '') return sql`1 AS ${sql.id(column)}`;
    const asked =
      standIn && readsCallerOnlyOnRow(collection, parseCached(text))
        ? { ...ctx, request: asStandInCaller(ctx.request) }
        : ctx;
    const rule = ruleSql(asked, collection, text, ROW);
    return sql`CASE WHEN ${rule} THEN 1 ELSE 0 END AS ${sql.id(column)}`;
  });
  return sql`${row}, ${sql.join(flags)}`;
}

/** A member's create rule as a condition on the new row, and where it is checked. */
export interface CreateRuleCheck {
  condition: RawBuilder<unknown>;
  /**
   * Checked by the insert's own statement (`WITH inserted AS (INSERT ... RETURNING *) SELECT ...
   * WHERE rule`), which PostgreSQL allows when the rule reads none of the tables the insert changes:
   * the statement's other reads see the tables as they were when it started, every table but those as
   * the transaction sees it (its earlier writes included), exactly as a check after the insert would.
   * Otherwise, and always on SQLite (no round trip to save), it is checked after the insert.
   */
  inInsert: boolean;
}

/** The create rule to check for this caller, or null when none applies (a superuser, an open rule). */
export function createRuleCheck(
  ctx: RecordContext,
  db: AnyKysely,
  collection: Collection,
  request: RequestInfo,
): CreateRuleCheck | null {
  if (!collection.createRule || isSuperuser(request)) return null;
  const condition = ruleSql(compileContext(ctx, request), collection, collection.createRule, ROW);
  if (ctx.db.dialect !== 'postgres') return { condition, inInsert: false };
  const text = condition.compile(db).sql;
  const written = tablesWrittenByInsert(ctx.registry, collection);
  return { condition, inInsert: !written.some((table) => text.includes(`"${table}"`)) };
}

const writtenTables = new WeakMap<Collection, { version: number; tables: string[] }>();

/**
 * What a rule must not read to be checked in an insert into the collection: the collection's table,
 * its relation index tables, and every view (a view's query may read the collection's table).
 */
function tablesWrittenByInsert(registry: CollectionRegistry, collection: Collection): string[] {
  const known = writtenTables.get(collection);
  if (known?.version === registry.version) return known.tables;
  const indexes = collection.fields.map((field) => relationIndexOf(collection, field));
  const views = registry.all().filter((other) => other.type === 'view');
  const tables = [
    collection.name,
    ...indexes.filter((index) => index !== undefined),
    ...views.map((view) => view.name),
  ];
  writtenTables.set(collection, { version: registry.version, tables });
  return tables;
}

/** Whether the rule holds for the row `id` as the transaction sees it now. */
export async function ruleHolds(
  ctx: RecordContext,
  scope: WriteScope,
  collection: Collection,
  rule: string,
  id: string,
  request: RequestInfo,
) {
  const condition = ruleSql(compileContext(ctx, request), collection, rule, ROW);
  return (await findRecord(ctx, collection, id, condition, scope.db)) !== null;
}

/** Whether the caller manages this account: a superuser, or someone matching the manageRule. */
export async function canManage(
  ctx: RecordContext,
  collection: Collection,
  id: string,
  request: RequestInfo,
  db: AnyKysely = ctx.db.reader,
): Promise<boolean> {
  if (isSuperuser(request)) return true;
  if (!collection.manageRule) return false;
  const condition = ruleSql(compileContext(ctx, request), collection, collection.manageRule, ROW);
  return (await findRecord(ctx, collection, id, condition, db)) !== null;
}

/** Whether the collection's authRule lets this record sign in (null: nobody, "": everybody). */
export async function passesAuthRule(
  records: RecordContext,
  collection: Collection,
  record: RecordData,
  request: RequestInfo,
): Promise<boolean> {
  if (collection.authRule === null) return false;
  if (collection.authRule === '') return true;
  const condition = ruleSql(compileContext(records, request), collection, collection.authRule, ROW);
  return (await findRecord(records, collection, String(record.id), condition)) !== null;
}
