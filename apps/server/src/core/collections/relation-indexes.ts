/**
 * Which relation fields get a relation index table (db/relation-index.ts), and its name.
 *
 * Every relation field that may hold several records does, on base and auth collections (a view has
 * no table of its own to put triggers on). The name derives from the collection's and the field's
 * ids, which never change, so renaming either leaves the table as it is; it is hashed because ids
 * may be long or hold characters a table name should not.
 */
import { createHash } from 'node:crypto';
import {
  createRelationIndex,
  dropRelationIndex,
  listRelationIndexes,
  type RelationIndexSpec,
} from '../../db/relation-index';
import type { AnyKysely, DialectName } from '../../db/types';
import { isMultiValued, type Collection, type Field } from './model';

const PREFIX = '_rel_';

export function relationIndexName(collection: Pick<Collection, 'id'>, field: Pick<Field, 'id'>): string {
  const digest = createHash('sha256').update(`${collection.id}\u0000${field.id}`).digest('hex');
  return `${PREFIX}${digest.slice(0, 20)}`;
}

/** The relation index of a field, or undefined when the field has none. */
export function relationIndexOf(collection: Collection, field: Field): string | undefined {
  if (collection.type === 'view' || field.type !== 'relation' || !isMultiValued(field)) return undefined;
  return relationIndexName(collection, field);
}

function specsOf(collection: Collection | null): RelationIndexSpec[] {
  if (!collection) return [];
  return collection.fields.flatMap((field) => {
    const index = relationIndexOf(collection, field);
    return index ? [{ table: collection.name, column: field.name, index }] : [];
  });
}

const sameSpec = (a: RelationIndexSpec, b: RelationIndexSpec) =>
  a.index === b.index && a.table === b.table && a.column === b.column;

/**
 * What a definition change does to relation indexes: those whose field left, stopped holding several
 * records, or whose table or column was renamed are dropped (before the table changes, as SQLite
 * refuses to drop a column a trigger reads) and made again afterwards; the others are left alone, so
 * changing a rule never rebuilds an index.
 */
export function relationIndexChanges(
  previous: Collection | null,
  next: Collection | null,
): { drop: RelationIndexSpec[]; create: RelationIndexSpec[] } {
  const [before, after] = [specsOf(previous), specsOf(next)];
  return {
    drop: before.filter((spec) => !after.some((other) => sameSpec(spec, other))),
    create: after.filter((spec) => !before.some((other) => sameSpec(spec, other))),
  };
}

export async function dropRelationIndexes(
  db: AnyKysely,
  dialect: DialectName,
  specs: RelationIndexSpec[],
): Promise<void> {
  for (const spec of specs) await dropRelationIndex(db, dialect, spec);
}

/** Creates and fills relation indexes; called once the table has its final shape. */
export async function createRelationIndexes(
  db: AnyKysely,
  dialect: DialectName,
  specs: RelationIndexSpec[],
): Promise<void> {
  for (const spec of specs) await createRelationIndex(db, dialect, spec);
}

/**
 * Creates the relation indexes a database made before they existed lacks (run once at start). The
 * check is one catalog query, so a database that has them all starts as fast as before.
 */
export async function ensureRelationIndexes(
  db: AnyKysely,
  dialect: DialectName,
  collections: Collection[],
): Promise<number> {
  const present = new Set(await listRelationIndexes(db, dialect, PREFIX));
  const missing = collections.flatMap(specsOf).filter((spec) => !present.has(spec.index));
  for (const spec of missing) {
    // A half-made index (triggers without a table) would double rows; start from nothing.
    await dropRelationIndex(db, dialect, spec);
    await createRelationIndex(db, dialect, spec);
  }
  return missing.length;
}
