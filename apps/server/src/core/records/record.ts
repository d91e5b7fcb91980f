import { decodeValue, encodeValue } from '../../db/codec';
import type { DialectName } from '../../db/types';
import type { Collection, Field } from '../collections/model';
import { storageOf, zeroOf, type StorageKind } from '../fields';

/** A record's field values by field name, typed as the API shows them (before visibility rules). */
export type RecordData = Record<string, unknown>;

/** Prefix of the computed columns saying whether the caller may read a field (see `readRule`). */
export const READ_FLAG_PREFIX = '__read_';

/** Fields of a decoded record that its reader may not see; kept beside the data, never inside it. */
const unreadable = new WeakMap<RecordData, ReadonlySet<string>>();

export function unreadableFields(data: RecordData): ReadonlySet<string> {
  return unreadable.get(data) ?? new Set();
}

interface FieldDecoder {
  field: Field;
  storage: StorageKind;
  flag: string;
}

/**
 * What decoding needs per field, worked out once per field list (a changed definition comes with a
 * new list): every row of every read was looking up each field's storage and building its flag name.
 */
const decoders = new WeakMap<readonly Field[], FieldDecoder[]>();

function decodersOf(fields: readonly Field[]): FieldDecoder[] {
  let list = decoders.get(fields);
  if (!list) {
    const flags = readFlagsOf(fields);
    list = fields.map((field) => ({
      field,
      storage: storageOf(field),
      // A field without a readRule has no flag column: the lookup finds nothing and it stays readable.
      flag: field.readRule === null ? READ_FLAG_PREFIX + field.name : flags.get(field.readRule)!,
    }));
    decoders.set(fields, list);
  }
  return list;
}

/**
 * The flag column of each distinct `readRule`, named after the first field carrying it. Fields that
 * share a rule (a profile's private details) share one column, so the rule is evaluated once per row
 * instead of once per field; `selectColumns` computes exactly these columns.
 */
function readFlagsOf(fields: readonly Field[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (const field of fields) {
    if (field.readRule !== null && !flags.has(field.readRule))
      flags.set(field.readRule, READ_FLAG_PREFIX + field.name);
  }
  return flags;
}

/** The read-flag columns a query must compute for `collection`: one per distinct `readRule`. */
export function readFlagColumns(collection: Collection): Array<{ rule: string; column: string }> {
  return [...readFlagsOf(collection.fields)].map(([rule, column]) => ({ rule, column }));
}

/** Reads a database row into typed values; absent columns get the field's zero value. */
export function decodeRow(collection: Collection, row: Record<string, unknown>): RecordData {
  const data: RecordData = {};
  let hidden: Set<string> | undefined;
  for (const { field, storage, flag } of decodersOf(collection.fields)) {
    data[field.name] = field.name in row ? decodeValue(storage, row[field.name]) : zeroOf(field);
    const readable = row[flag];
    if (readable !== undefined && !decodeValue('bool', readable)) (hidden ??= new Set()).add(field.name);
  }
  if (hidden) unreadable.set(data, hidden);
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
