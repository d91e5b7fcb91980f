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
