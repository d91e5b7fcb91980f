/**
 * Loads one record by id, optionally only when a condition holds: the primitive under every "does
 * this row exist for this caller" question. It decides nothing itself; the conditions come from
 * core/rules/access.ts.
 */
import { sql, type RawBuilder } from 'kysely';
import type { AnyKysely } from '../../db/types';
import type { Collection } from '../collections/model';
import { ROW, type RecordContext } from './context';
import { decodeRow, type RecordData } from './record';

export function whereClause(conditions: Array<RawBuilder<unknown> | null>): RawBuilder<unknown> {
  const present = conditions.filter((c): c is RawBuilder<unknown> => c !== null);
  return present.length ? sql` WHERE ${sql.join(present, sql` AND `)}` : sql``;
}

/** One record by id, or null; `rule` null means no rule check (internal reads). */
export async function findRecord(
  ctx: RecordContext,
  collection: Collection,
  id: string,
  condition: RawBuilder<unknown> | null,
  db: AnyKysely = ctx.db.reader,
  columns: RawBuilder<unknown> = sql`${sql.ref(ROW)}.*`,
): Promise<RecordData | null> {
  const where = whereClause([sql`${sql.ref(`${ROW}.id`)} = ${id}`, condition]);
  const result = await sql<
    Record<string, unknown>
  >`SELECT ${columns} FROM ${sql.table(collection.name)} AS ${sql.id(ROW)}${where} LIMIT 1`.execute(db);
  const row = result.rows[0];
  return row ? decodeRow(collection, row) : null;
}
