import { decodeValue, encodeValue } from '../../db/codec';
import type { DialectName } from '../../db/types';
import type { Collection } from '../collections/model';
import { storageOf, zeroOf } from '../fields';

/** A record's field values by field name, typed as the API shows them (before visibility rules). */
export type RecordData = Record<string, unknown>;

/** Prefix of the computed columns saying whether the caller may read a field (see `readRule`). */
export const READ_FLAG_PREFIX = '__read_';

/** Fields of a decoded record that its reader may not see; kept beside the data, never inside it. */
const unreadable = new WeakMap<RecordData, ReadonlySet<string>>();

export function unreadableFields(data: RecordData): ReadonlySet<string> {
  return unreadable.get(data) ?? new Set();
}

/** Reads a database row into typed values; absent columns get the field's zero value. */
export function decodeRow(collection: Collection, row: Record<string, unknown>): RecordData {
  const data: RecordData = {};
  const hidden = new Set<string>();
  for (const field of collection.fields) {
    data[field.name] = field.name in row ? decodeValue(storageOf(field), row[field.name]) : zeroOf(field);
    const flag = row[READ_FLAG_PREFIX + field.name];
    if (flag !== undefined && !decodeValue('bool', flag)) hidden.add(field.name);
  }
  if (hidden.size) unreadable.set(data, hidden);
  return data;
}

/** Typed values to the database's representation, for the given fields only. */
export function encodeData(
  collection: Collection,
  data: RecordData,
  dialect: DialectName,
): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const field of collection.fields) {
    if (field.name in data) row[field.name] = encodeValue(storageOf(field), data[field.name], dialect);
  }
  return row;
}
