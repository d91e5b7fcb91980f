/**
 * The account a token names, read once and then remembered until any account of its collection
 * changes (docs/adr/0015-answer-addresses.md).
 *
 * Every authenticated request reads its caller's row, as PocketBase does, to check the token against
 * the row's `tokenKey` and to give the rules `@request.auth.*`. On a remembered list answer that read
 * was the largest cost left. The row is kept in the list cache with every column of its collection as
 * its dependency keys, so any write through the record layer to any account of that collection (a
 * ban, a new password or token key, a role) makes the next request read it again; writes made behind
 * the record layer are bounded by the cache's age limit like every other remembered answer.
 */
import type { Collection } from '../collections/model';
import type { RecordContext } from '../records/context';
import { findRecord } from '../records/find';
import { recordKeys } from '../records/list-cache';
import type { RecordData } from '../records/record';
import { readerOf, rememberedRow } from '../records/remembered-exists';

/**
 * The account `id` of `collection` as the reader sees it, or null. The same frozen object is given to
 * every request while it is remembered: nothing may change it.
 */
export function rememberedAccount(
  records: RecordContext,
  collection: Collection,
  id: string,
): Promise<RecordData | null> {
  return rememberedRow(
    readerOf(records),
    `account\u0002${collection.id}\u0002${id}`,
    recordKeys(collection),
    () => findRecord(records, collection, id, null),
  );
}
