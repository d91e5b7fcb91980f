/**
 * Creating, updating and deleting records with PocketBase's outcomes: a null rule is 403; a failing
 * create rule is 400 "Failed to create record."; a failing update/delete rule is 404 (the record is
 * not revealed). Each write is one transaction with its before/after hooks; committed events follow.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { ApiError, SUPERUSERS_ONLY } from '../../tools/api-error';
import { nowString } from '../../tools/dates';
import { randomFromPattern } from '../../tools/pattern-random';
import type { Collection, Field } from '../collections/model';
import { zeroOf } from '../fields';
import { isSuperuser, type RequestInfo } from '../rules/request-info';
import type { RecordContext } from './context';
import { applyBody } from './modifiers';
import { findRecord } from './find';
import { createRuleCheck, ruleHolds } from '../rules/access';
import { ROW } from './context';
import { encodeData, type RecordData } from './record';
import { inWrite } from './remembered-exists';
import { columnsChanged, inWriteScope, rawWrite, rowsChanged, type WriteScope } from './scope';
import { uniqueViolation } from './unique-errors';
import { validateFields, validateRelations, type FieldErrors } from './validate';
import { prepareAuthCreate, prepareAuthUpdate } from './auth-fields';
import { removeReferences } from './references';
import { planFiles, removeRecordFilesAfterCommit } from '../files/record-files';

const CREATE_FAILED = 'Failed to create record.';
/** The name of the inserted row in an insert that checks the create rule itself. */
const INSERTED = '_inserted';
const UPDATE_FAILED = 'Failed to update record.';

function requireWritable(collection: Collection): void {
  if (collection.type === 'view') throw new ApiError(400, 'Unsupported collection type.');
}

/** Non-superusers may not write hidden fields (except an auth record's password). */
function writableBy(collection: Collection, request: RequestInfo) {
  const superuser = isSuperuser(request);
  return (field: Field) =>
    superuser || !field.hidden || (collection.type === 'auth' && field.name === 'password');
}

function fail(message: string, errors: FieldErrors): void {
  if (Object.keys(errors).length) throw new ApiError(400, message, errors);
}

/** The fields whose stored values an update changes (compared as JSON, as they are stored). */
function changedFields(collection: Collection, previous: RecordData, next: RecordData): string[] {
  return collection.fields
    .filter((f) => JSON.stringify(previous[f.name]) !== JSON.stringify(next[f.name]))
    .map((f) => f.name);
}

export async function createRecord(
  ctx: RecordContext,
  collection: Collection,
  body: Record<string, unknown>,
  request: RequestInfo,
  scope?: WriteScope,
): Promise<RecordData> {
  requireWritable(collection);
  const superuser = isSuperuser(request);
  if (collection.createRule === null && !superuser) throw new ApiError(403, SUPERUSERS_ONLY);

  const zero = Object.fromEntries(collection.fields.map((f) => [f.name, zeroOf(f)]));
  const { data, resolved } = applyBody(collection, zero, body, writableBy(collection, request));
  const files = await planFiles(ctx, collection, body, writableBy(collection, request));
  const fileErrors = files.apply(data, zero, resolved);
  const now = nowString();
  for (const field of collection.fields) {
    if (field.type === 'autodate' && field.onCreate) data[field.name] = now;
    if (field.type === 'text' && data[field.name] === '' && field.autogeneratePattern) {
      data[field.name] = randomFromPattern(field.autogeneratePattern);
    }
  }
  const auth =
    collection.type === 'auth'
      ? await prepareAuthCreate(ctx, data, body, superuser)
      : { form: {}, fields: {} };
  // The auth form's checks come first; when they fail, no field errors are added (RecordUpsert.Submit).
  fail(CREATE_FAILED, auth.form);
  const errors = {
    ...validateFields(
      collection,
      data,
      (name) => name === 'password' && collection.type === 'auth' && 'password' in auth.fields,
    ),
    ...auth.fields,
    ...fileErrors,
  };

  return inWriteScope(ctx, scope, async (s) => {
    fail(CREATE_FAILED, {
      ...errors,
      ...(await validateRelations(inWrite(ctx, s), ctx.registry, collection, data)),
    });
    await files.store(s, String(data.id));
    if (collection.type === 'auth') data.password = await ctx.passwords.hash(String(data.password));
    const event = { collection, record: data, db: s.db, scope: s, request: { ...request, body: resolved } };
    await ctx.hooks.emit('beforeCreate', event);
    // Noted before the row exists, so nothing read later in this write about this collection's rows
    // is taken for committed data (remembered-exists.ts `inWrite`).
    rowsChanged(s, collection.name);
    const rule = createRuleCheck(ctx, s.db, collection, event.request);
    let holds: boolean;
    try {
      const row = encodeData(collection, data, ctx.db.dialect);
      holds = await insertRow(s, collection, row, rule?.inInsert ? rule.condition : null);
    } catch (error) {
      throw uniqueViolation(error, collection, CREATE_FAILED) ?? error;
    }
    if (holds && rule && !rule.inInsert)
      holds = (await findRecord(ctx, collection, String(data.id), rule.condition, s.db)) !== null;
    if (!holds) throw new ApiError(400, CREATE_FAILED);
    await ctx.hooks.emit('afterCreate', event);
    s.afterCommit.push(() => ctx.hooks.emit('createCommitted', { collection, record: data, request }));
    return data;
  });
}

/**
 * Inserts the row; with `rule`, in one statement that also tells whether the create rule holds for
 * it (rules/access.ts `createRuleCheck`), saving the round trip of a check after the insert.
 */
async function insertRow(
  scope: WriteScope,
  collection: Collection,
  row: Record<string, unknown>,
  rule: RawBuilder<unknown> | null,
): Promise<boolean> {
  const insert = scope.db.insertInto(collection.name).values(row);
  if (!rule) {
    await insert.execute();
    return true;
  }
  const checked = await scope.db
    .with(INSERTED, () => insert.returningAll())
    .selectFrom(`${INSERTED} as ${ROW}`)
    .select(sql<number>`1`.as('holds'))
    .where(rule as RawBuilder<SqlBool>)
    .execute();
  return checked.length > 0;
}

/** `validation_pk_change` when the body names an id other than the stored one (read as text, like PocketBase). */
function idChangeError(body: Record<string, unknown>, previous: RecordData): FieldErrors {
  if (!('id' in body)) return {};
  const raw = body.id;
  const submitted =
    typeof raw === 'string' ? raw : raw === null || raw === undefined ? '' : JSON.stringify(raw);
  if (submitted === String(previous.id)) return {};
  return { id: { code: 'validation_pk_change', message: 'The record primary key cannot be changed.' } };
}

export async function updateRecord(
  ctx: RecordContext,
  collection: Collection,
  id: string,
  body: Record<string, unknown>,
  request: RequestInfo,
  scope?: WriteScope,
): Promise<RecordData> {
  requireWritable(collection);
  const superuser = isSuperuser(request);
  const files = await planFiles(ctx, collection, body, writableBy(collection, request));
  // PocketBase's recordUpdate order: a null rule refuses a non-superuser before the record is looked up.
  if (collection.updateRule === null && !superuser) throw new ApiError(403, SUPERUSERS_ONLY);
  return inWriteScope(ctx, scope, async (s) => {
    const previous = await findRecord(ctx, collection, id, null, s.db);
    if (!previous) throw new ApiError(404);
    const { data, resolved } = applyBody(collection, previous, body, writableBy(collection, request));
    const fileErrors = files.apply(data, previous, resolved);
    const ruleRequest = { ...request, body: resolved };
    // The rule reads the stored record, so it is checked before anything changes.
    if (
      !superuser &&
      collection.updateRule &&
      !(await ruleHolds(ctx, s, collection, collection.updateRule, id, ruleRequest))
    ) {
      throw new ApiError(404);
    }
    // The primary key never changes: a different submitted id is a field error (TextField.ValidateValue).
    const idError = idChangeError(body, previous);
    data.id = previous.id;
    for (const field of collection.fields) {
      if (field.type === 'autodate' && field.onUpdate) data[field.name] = nowString();
    }
    const auth =
      collection.type === 'auth'
        ? await prepareAuthUpdate(ctx, collection, previous, data, body, request, s.db)
        : { form: {}, fields: {}, passwordChanged: false };
    // The auth form's checks come first; when they fail, no field errors are added (RecordUpsert.Submit).
    fail(UPDATE_FAILED, auth.form);
    const errors = validateFields(
      collection,
      data,
      (name) => name === 'password' && (!auth.passwordChanged || 'password' in auth.fields),
    );
    fail(UPDATE_FAILED, {
      ...errors,
      ...idError,
      ...auth.fields,
      ...fileErrors,
      ...(await validateRelations(inWrite(ctx, s), ctx.registry, collection, data)),
    });
    if (auth.passwordChanged) {
      data.password = await ctx.passwords.hash(String(data.password));
      data.tokenKey = randomFromPattern('[a-zA-Z0-9]{50}');
    }
    await files.store(s, id);
    const event = { collection, record: data, previous, db: s.db, scope: s, request: ruleRequest };
    await ctx.hooks.emit('beforeUpdate', event);
    columnsChanged(s, collection.name, changedFields(collection, previous, data));
    try {
      const { id: _id, ...changes } = encodeData(collection, data, ctx.db.dialect);
      await s.db.updateTable(collection.name).set(changes).where('id', '=', id).execute();
    } catch (error) {
      throw uniqueViolation(error, collection, UPDATE_FAILED) ?? error;
    }
    await ctx.hooks.emit('afterUpdate', event);
    s.afterCommit.push(() =>
      ctx.hooks.emit('updateCommitted', { collection, record: data, previous, request }),
    );
    return data;
  });
}

export async function deleteRecord(
  ctx: RecordContext,
  collection: Collection,
  id: string,
  request: RequestInfo,
  scope?: WriteScope,
): Promise<void> {
  requireWritable(collection);
  const superuser = isSuperuser(request);
  // PocketBase's recordDelete order: a null rule refuses a non-superuser before the record is looked up.
  if (collection.deleteRule === null && !superuser) throw new ApiError(403, SUPERUSERS_ONLY);
  await inWriteScope(ctx, scope, async (s) => {
    const record = await findRecord(ctx, collection, id, null, s.db);
    if (!record) throw new ApiError(404);
    if (
      !superuser &&
      collection.deleteRule &&
      !(await ruleHolds(ctx, s, collection, collection.deleteRule, id, request))
    ) {
      throw new ApiError(404);
    }
    await deleteWithReferences(ctx, s, collection, record, request);
  });
}

/** Deletes a record that was already authorised, with hooks, cascades and reference clean-up. */
export async function deleteWithReferences(
  ctx: RecordContext,
  s: WriteScope,
  collection: Collection,
  record: RecordData,
  request: RequestInfo,
): Promise<void> {
  const event = { collection, record, previous: record, db: s.db, scope: s, request };
  await ctx.hooks.emit('beforeDelete', event);
  await removeReferences(ctx, s, collection, String(record.id), (c, r) =>
    deleteWithReferences(ctx, s, c, r, request),
  );
  await rawWrite(
    s,
    { rows: collection.name },
    sql`DELETE FROM ${sql.table(collection.name)} WHERE id = ${String(record.id)}`,
  );
  removeRecordFilesAfterCommit(ctx, s, collection, String(record.id));
  await ctx.hooks.emit('afterDelete', event);
  s.afterCommit.push(() => ctx.hooks.emit('deleteCommitted', { collection, record, request }));
}
