/**
 * Keeps a collection's table in step with its definition. Fields are matched by id, so renaming a
 * field renames its column and keeps the data; new fields add columns, removed fields drop them.
 * Changing a field's type is refused earlier (validation), because it cannot keep the data safely.
 */
import {
  addColumn,
  createIndex,
  createTable,
  dropColumn,
  dropIndex,
  dropTable,
  listIndexes,
  parseIndexName,
  renameColumn,
  renameTable,
  type ColumnSpec,
} from '../../db/schema';
import type { AnyKysely, DialectName } from '../../db/types';
import { storageOf } from '../fields';
import type { Collection, Field } from './model';
import { createRelationIndexes, dropRelationIndexes, relationIndexChanges } from './relation-indexes';

function columnOf(field: Field): ColumnSpec {
  return { name: field.name, kind: storageOf(field), primaryKey: field.name === 'id' };
}

export async function syncTable(
  db: AnyKysely,
  dialect: DialectName,
  previous: Collection | null,
  next: Collection | null,
): Promise<void> {
  if (previous?.type === 'view' || next?.type === 'view') {
    throw new Error('view collections are not supported yet');
  }
  const relationIndexes = relationIndexChanges(previous, next);
  await dropRelationIndexes(db, dialect, relationIndexes.drop);
  if (!next) {
    if (previous) await dropTable(db, previous.name);
    return;
  }
  if (!previous) {
    await createTable(db, dialect, { name: next.name, columns: next.fields.map(columnOf) });
  } else {
    // Indexes go first: SQLite refuses to drop a column an index still uses.
    for (const name of await listIndexes(db, dialect, previous.name)) await dropIndex(db, name);
    if (previous.name !== next.name) await renameTable(db, previous.name, next.name);
    await syncColumns(db, dialect, next.name, previous.fields, next.fields);
  }
  // Indexes are few and cheap to build, so they are recreated from the definition.
  for (const definition of next.indexes) await createIndex(db, dialect, definition);
  await createRelationIndexes(db, dialect, relationIndexes.create);
}

async function syncColumns(
  db: AnyKysely,
  dialect: DialectName,
  table: string,
  before: Field[],
  after: Field[],
) {
  const beforeById = new Map(before.map((f) => [f.id, f]));
  const afterIds = new Set(after.map((f) => f.id));
  // Drops first, so a new field may reuse a removed field's name.
  for (const old of before) {
    if (!afterIds.has(old.id)) await dropColumn(db, table, old.name);
  }
  for (const field of after) {
    const old = beforeById.get(field.id);
    if (!old) await addColumn(db, dialect, table, columnOf(field));
    else if (old.name !== field.name) await renameColumn(db, table, old.name, field.name);
  }
}

export { parseIndexName };
