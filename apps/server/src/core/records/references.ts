/**
 * What happens to records that point at a record being deleted: with `cascadeDelete` they go too;
 * otherwise the id is removed from their relation field, unless that would leave a required field
 * empty, in which case the delete is refused.
 */
import { sql } from 'kysely';
import { ApiError } from '../../tools/api-error';
import { isMultiValued, type Collection } from '../collections/model';
import { asList } from '../fields/lists';
import { encodeValue } from '../../db/codec';
import type { RecordContext } from './context';
import { decodeRow, type RecordData } from './record';
import { columnsChanged, type WriteScope } from './scope';

const REQUIRED_REFERENCE =
  'Failed to delete record. Make sure that the record is not part of a required relation reference.';

export async function removeReferences(
  ctx: RecordContext,
  s: WriteScope,
  collection: Collection,
  id: string,
  cascade: (collection: Collection, record: RecordData) => Promise<void>,
): Promise<void> {
  for (const other of ctx.registry.all()) {
    if (other.type === 'view') continue;
    for (const field of other.fields) {
      if (field.type !== 'relation' || field.collectionId !== collection.id) continue;
      const column = sql.ref(`x.${field.name}`);
      const matches = isMultiValued(field)
        ? sql`EXISTS (SELECT 1 FROM ${ctx.db.flavor.jsonEach(column, 'je')} WHERE ${sql.ref('je.value')} = ${id})`
        : sql`${column} = ${id}`;
      const rows = await sql<
        Record<string, unknown>
      >`SELECT x.* FROM ${sql.table(other.name)} AS x WHERE ${matches}`.execute(s.db);
      for (const row of rows.rows) {
        const record = decodeRow(other, row);
        if (other.id === collection.id && record.id === id) continue;
        if (field.cascadeDelete) {
          await cascade(other, record);
          continue;
        }
        const remaining = asList(record[field.name]).filter((v) => v !== id);
        if (field.required && remaining.length === 0) throw new ApiError(400, REQUIRED_REFERENCE);
        const value = isMultiValued(field) ? remaining : '';
        const kind = isMultiValued(field) ? 'jsonArray' : 'text';
        columnsChanged(s, other.name, [field.name]);
        await s.db
          .updateTable(other.name)
          .set({ [field.name]: encodeValue(kind, value, ctx.db.dialect) })
          .where('id', '=', String(record.id))
          .execute();
      }
    }
  }
}
