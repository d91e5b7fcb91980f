import type { AnyKysely } from '../../db/types';
import type { RecordContext } from './context';

/**
 * A unit of writing: the transaction, and what to do once it has committed (realtime events,
 * mails). A batch passes one scope to all its writes, so nothing is announced before all commit.
 */
export interface WriteScope {
  db: AnyKysely;
  afterCommit: Array<() => Promise<void>>;
}

export async function inWriteScope<T>(
  ctx: RecordContext,
  scope: WriteScope | undefined,
  work: (scope: WriteScope) => Promise<T>,
): Promise<T> {
  if (scope) return work(scope);
  const afterCommit: WriteScope['afterCommit'] = [];
  const result = await ctx.db.kysely.transaction().execute((db) => work({ db, afterCommit }));
  await runAfterCommit(afterCommit);
  return result;
}

export async function runAfterCommit(tasks: WriteScope['afterCommit']): Promise<void> {
  for (const task of tasks) await task();
}
