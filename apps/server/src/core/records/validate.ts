import { sql } from 'kysely';
import type { Collection } from '../collections/model';
import type { CollectionRegistry } from '../collections/registry';
import { behaviourOf } from '../fields';
import { asList } from '../fields/lists';
import { rowsKey } from './list-cache';
import type { RecordData } from './record';
import { cacheFor, type ExistsReads } from './remembered-exists';

export type FieldErrors = Record<string, { code: string; message: string; params?: Record<string, unknown> }>;

/** Checks every field's value against its options. Password fields are checked on the plain text. */
export function validateFields(
  collection: Collection,
  data: RecordData,
  skip: (name: string) => boolean = () => false,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of collection.fields) {
    if (skip(field.name)) continue;
    const error = behaviourOf(field).validate(field, data[field.name]);
    if (error) errors[field.name] = error;
  }
  return errors;
}

/**
 * Every related id must name an existing record of the related collection. All relation fields are
 * checked in one statement (one round trip inside a write transaction), each field's ids counted apart.
 * A field's count is remembered until a record of its collection is created or deleted, where `io`
 * allows (remembered-exists.ts): the post a comment answers is looked up once, not once per comment.
 */
export async function validateRelations(
  io: ExistsReads,
  registry: CollectionRegistry,
  collection: Collection,
  data: RecordData,
): Promise<FieldErrors> {
  const asked = collection.fields.flatMap((field) => {
    if (field.type !== 'relation') return [];
    const ids = asList(data[field.name]);
    return ids.length ? [{ name: field.name, ids, target: registry.find(field.collectionId) }] : [];
  });
  const found = new Array<number>(asked.length).fill(0);
  const unknown = asked.flatMap(({ ids, target }, index) => {
    if (!target) return [];
    const reads = [rowsKey(target.name)];
    const lists = cacheFor(io, reads);
    const key = `relation\u0002${target.name}\u0002${JSON.stringify(ids)}`;
    const remembered = lists?.getCheck(key);
    if (remembered !== undefined) {
      found[index] = remembered;
      return [];
    }
    const lookup = sql`SELECT ${sql.lit(index)} AS field FROM ${sql.table(target.name)} WHERE id IN (${sql.join(ids)})`;
    return [{ index, lookup, remember: lists && { lists, key, taken: lists.snapshot(reads) } }];
  });
  if (unknown.length) {
    const rows = await sql<{ field: number | string }>`${sql.join(
      unknown.map((u) => u.lookup),
      sql` UNION ALL `,
    )}`.execute(io.db);
    for (const row of rows.rows) found[Number(row.field)]! += 1;
    for (const { index, remember } of unknown)
      remember?.lists.store(remember.key, found[index]!, remember.taken);
  }
  const errors: FieldErrors = {};
  asked.forEach(({ name, ids }, index) => {
    if (found[index] !== ids.length) {
      errors[name] = {
        code: 'validation_missing_rel_records',
        message: 'Failed to find all relation records with the provided ids.',
      };
    }
  });
  return errors;
}
