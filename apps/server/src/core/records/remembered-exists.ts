import type { RawBuilder } from 'kysely';
import type { AnyKysely, Database } from '../../db/types';
import { queryKey, type ListCache } from './list-cache';
import type { WriteScope } from './scope';
import { runUserQuery } from './user-query';

/** Where a yes-or-no look-up reads, and where its answer is kept. */
export interface ExistsReads {
  db: AnyKysely;
  /** The reader connection: answers read there (committed data) are remembered. */
  reader: AnyKysely;
  lists: ListCache | undefined;
  /**
   * Where every look-up notes the list-cache keys it read, hit or not: a list request's answer address
   * is valid while none of them changes (records/answer-addresses.ts).
   */
  trace?: Set<string> | undefined;
  /**
   * Set when `db` is a write transaction whose reads see committed data for everything it has not
   * written itself: the keys it has changed so far. An answer that reads none of them is committed
   * data, and is remembered like one read through the reader (see `inWrite`).
   */
  written?: ReadonlySet<string> | undefined;
}

/** Look-ups through the reader of a record context (site code outside any write). */
export const readerOf = (
  ctx: { db: { reader: AnyKysely }; lists?: ListCache | undefined },
  trace?: Set<string>,
): ExistsReads => ({ db: ctx.db.reader, reader: ctx.db.reader, lists: ctx.lists, trace });

/**
 * Look-ups inside a write. On PostgreSQL each statement in a write is a round trip, and a comment's
 * write asks the same questions as the last one (does the post exist, where does it live, has its
 * author blocked anyone): answers about what the transaction has not written are remembered and reused.
 * PostgreSQL's READ COMMITTED shows such a transaction the committed rows and its own writes only.
 *
 * SQLite's writes share one transaction per commit group (db/sqlite/driver.ts), so a write there sees
 * the group's earlier members before they are durable; a group that fails to commit would leave their
 * answers remembered. Its look-ups inside writes are in-process and cost microseconds, so they are
 * simply not remembered.
 */
export const inWrite = (
  ctx: { db: Database; lists?: ListCache | undefined },
  scope: WriteScope,
): ExistsReads => ({
  db: scope.db,
  reader: ctx.db.reader,
  lists: ctx.lists,
  written: ctx.db.dialect === 'postgres' ? scope.changed : undefined,
});

/** Notes what a decision read that was not a remembered look-up (see `ExistsReads.trace`). */
export function noteReads(io: ExistsReads, reads: Iterable<string>): void {
  if (io.trace) for (const read of reads) io.trace.add(read);
}

/** The cache to remember an answer that reads `reads` in, or undefined when it must be read each time. */
export function cacheFor(io: ExistsReads, reads: Iterable<string>): ListCache | undefined {
  const lists = io.lists;
  if (!lists) return undefined;
  if (io.db === io.reader) return lists;
  const written = io.written;
  if (!written) return undefined;
  return lists.snapshot(reads).keys.some((key) => written.has(key)) ? undefined : lists;
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
  const lists = cacheFor(io, reads);
  if (!lists) return (await run()) > 0;
  const key = queryKey(query.compile(io.db));
  const remembered = lists.getCheck(key);
  return (remembered ?? (await lists.once(key, reads, run))) > 0;
}

/**
 * One row read by id (the account a token names, a post's title and address for a notice), or its
 * absence, remembered under `key` until something it reads changes. The same frozen row is given to
 * every caller: nothing may change it.
 */
export async function rememberedRow<T extends Record<string, unknown>>(
  io: ExistsReads,
  key: string,
  reads: Iterable<string>,
  read: () => Promise<T | null>,
): Promise<Readonly<T> | null> {
  noteReads(io, reads);
  const lists = cacheFor(io, reads);
  if (!lists) return read();
  const remembered =
    lists.getRow(key) ?? (await lists.once(key, reads, async () => ({ row: Object.freeze(await read()) })));
  return remembered.row as Readonly<T> | null;
}
