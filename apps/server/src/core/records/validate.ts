import { sql } from 'kysely';
import type { AnyKysely } from '../../db/types';
import type { Collection } from '../collections/model';
import type { CollectionRegistry } from '../collections/registry';
import { behaviourOf } from '../fields';
import { asList } from '../fields/lists';
import type { RecordData } from './record';

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
 */
export async function validateRelations(
  db: AnyKysely,
  registry: CollectionRegistry,
  collection: Collection,
  data: RecordData,
): Promise<FieldErrors> {
  const asked = collection.fields.flatMap((field) => {
    if (field.type !== 'relation') return [];
    const ids = asList(data[field.name]);
    return ids.length ? [{ name: field.name, ids, target: registry.find(field.collectionId) }] : [];
  });
  const lookups = asked.flatMap(({ ids, target }, index) =>
    target
      ? [sql`SELECT ${sql.lit(index)} AS field FROM ${sql.table(target.name)} WHERE id IN (${sql.join(ids)})`]
      : [],
  );
  const found = new Array<number>(asked.length).fill(0);
  if (lookups.length) {
    const rows = await sql<{ field: number | string }>`${sql.join(lookups, sql` UNION ALL `)}`.execute(db);
    for (const row of rows.rows) found[Number(row.field)]! += 1;
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
