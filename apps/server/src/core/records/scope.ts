import type { QueryResult, RawBuilder } from 'kysely';
import type { AnyKysely, Database } from '../../db/types';
import { columnKey, rowsKey, type ListCache } from './list-cache';

/**
 * A unit of writing: the transaction, and what to do once it has committed (realtime events,
 * mails). A batch passes one scope to all its writes, so nothing is announced before all commit.
 */
export interface WriteScope {
  db: AnyKysely;
  afterCommit: Array<() => Promise<void>>;
  /** Undoes work done outside the database (stored uploads) when the transaction rolls back. */
  onRollback?: Array<() => Promise<void>>;
  /**
   * What the transaction changed, as list-cache dependency keys (`rowsKey`, `columnKey`): announced
   * after the commit so remembered list totals that read it are computed again. Writes that bypass
   * the record functions (counters kept in raw SQL) must add their keys here too.
   */
  changed: Set<string>;
}

/** Records that rows of `collection` were created or deleted. */
export function rowsChanged(scope: WriteScope, collection: string): void {
  scope.changed.add(rowsKey(collection));
}

/** Records that `fields` of some rows of `collection` took new values. */
export function columnsChanged(scope: WriteScope, collection: string, fields: Iterable<string>): void {
  for (const field of fields) scope.changed.add(columnKey(collection, field));
}

/** What a raw write statement changes that remembered answers read. */
export type RawWriteEffect =
  /** Rows of the collection were created or deleted. */
  | { rows: string }
  /** Some rows of the collection took new values in these fields. */
  | { columns: string; fields: readonly string[] };

/**
 * Runs a raw INSERT, UPDATE or DELETE in `scope` and records what it changed, so remembered answers
 * that read it are computed again after the commit. Lint allows raw write statements only here and
 * in `rawWriteUnremembered` (and in db/): a write cannot forget to say what it changed.
 */
export async function rawWrite<R>(
  scope: WriteScope,
  effect: RawWriteEffect,
  statement: RawBuilder<R>,
): Promise<QueryResult<R>> {
  const result = await statement.execute(scope.db);
  if ('rows' in effect) rowsChanged(scope, effect.rows);
  else columnsChanged(scope, effect.columns, effect.fields);
  return result;
}

/**
 * Runs a raw write that changes nothing a remembered answer reads: a claim that sets a column to
 * its own value to lock a row (scheduled publishing, account erasure).
 */
export function rawWriteUnremembered<R>(db: AnyKysely, statement: RawBuilder<R>): Promise<QueryResult<R>> {
  return statement.execute(db);
}

/**
 * Runs `work` in `scope`, or in a transaction of its own followed by its after-commit tasks. Takes
 * only the database and the list cache (a RecordContext fits), so this module does not depend on
 * the record context, which depends on the hook bus, which depends on this module.
 */
export async function inWriteScope<T>(
  ctx: { db: Database; lists?: ListCache | undefined },
  scope: WriteScope | undefined,
  work: (scope: WriteScope) => Promise<T>,
): Promise<T> {
  if (scope) return work(scope);
  const afterCommit: WriteScope['afterCommit'] = [];
  const onRollback: WriteScope['afterCommit'] = [];
  const changed = new Set<string>();
  const result = await ctx.db.kysely
    .transaction()
    .execute((db) => work({ db, afterCommit, onRollback, changed }))
    .catch(async (error: unknown) => {
      await runAfterCommit(onRollback);
      throw error;
    });
  ctx.lists?.changed(changed);
  await runAfterCommit(afterCommit);
  return result;
}

export async function runAfterCommit(tasks: WriteScope['afterCommit']): Promise<void> {
  for (const task of tasks) await task();
}
