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

/** Every related id must name an existing record of the related collection. */
export async function validateRelations(
  db: AnyKysely,
  registry: CollectionRegistry,
  collection: Collection,
  data: RecordData,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  for (const field of collection.fields) {
    if (field.type !== 'relation') continue;
    const ids = asList(data[field.name]);
    if (ids.length === 0) continue;
    const target = registry.find(field.collectionId);
    const found = target
      ? await sql<{
          id: string;
        }>`SELECT id FROM ${sql.table(target.name)} WHERE id IN (${sql.join(ids)})`.execute(db)
      : { rows: [] };
    if (found.rows.length !== ids.length) {
      errors[field.name] = {
        code: 'validation_missing_rel_records',
        message: 'Failed to find all relation records with the provided ids.',
      };
    }
  }
  return errors;
}
