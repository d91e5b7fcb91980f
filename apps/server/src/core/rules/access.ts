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
