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

/**
 * The account `id` of `collection` as the reader sees it, or null. The same frozen object is given to
 * every request while it is remembered: nothing may change it.
 */
export async function rememberedAccount(
  records: RecordContext,
  collection: Collection,
  id: string,
): Promise<RecordData | null> {
  const cache = records.lists;
  if (!cache) return findRecord(records, collection, id, null);
  const key = `account\u0002${collection.id}\u0002${id}`;
  const remembered = cache.getAccount(key);
  if (remembered) return remembered;
  const taken = cache.snapshot(recordKeys(collection));
  const record = await findRecord(records, collection, id, null);
  if (!record) return null;
  const account = Object.freeze(record);
  cache.store(key, { account }, taken);
  return account;
}
