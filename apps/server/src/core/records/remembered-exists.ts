import type { RawBuilder } from 'kysely';
import type { AnyKysely } from '../../db/types';
import { queryKey, type ListCache } from './list-cache';
import { runUserQuery } from './user-query';

/** Where a yes-or-no look-up reads, and where its answer is kept. */
export interface ExistsReads {
  db: AnyKysely;
  /** The reader connection: only answers read there (committed data) are remembered. */
  reader: AnyKysely;
  lists: ListCache | undefined;
  /**
   * Where every look-up notes the list-cache keys it read, hit or not: a list request's answer address
   * is valid while none of them changes (records/answer-addresses.ts).
   */
  trace?: Set<string> | undefined;
}

/** Look-ups through the reader of a record context (site code outside any write). */
export const readerOf = (
  ctx: { db: { reader: AnyKysely }; lists?: ListCache | undefined },
  trace?: Set<string>,
): ExistsReads => ({ db: ctx.db.reader, reader: ctx.db.reader, lists: ctx.lists, trace });

/** Notes what a decision read that was not a remembered look-up (see `ExistsReads.trace`). */
export function noteReads(io: ExistsReads, reads: Iterable<string>): void {
  if (io.trace) for (const read of reads) io.trace.add(read);
}

/**
 * Whether `query` finds a row. Read through the reader, the answer is remembered in the list cache
 * like a total, until something it reads (`reads`, list-cache keys) changes: the questions a list asks
 * about its caller before it is compiled ("has this member blocked anyone?") cost one look-up per
 * member and change, not one per request.
 */
export async function rememberedExists(
  io: ExistsReads,
  query: RawBuilder<unknown>,
  reads: Iterable<string>,
): Promise<boolean> {
  noteReads(io, reads);
  const run = async () => ((await runUserQuery(() => query.execute(io.db))).rows.length > 0 ? 1 : 0);
  if (!io.lists || io.db !== io.reader) return (await run()) > 0;
  const key = queryKey(query.compile(io.db));
  const remembered = io.lists.getCheck(key);
  return (remembered ?? (await io.lists.once(key, reads, run))) > 0;
}
