/**
 * View collections: read-only collections whose rows come from a SELECT (`viewQuery`). Each column
 * becomes a field; columns the definition does not declare are typed `json` (their values pass
 * through as the database returns them), as PocketBase does for expressions it cannot type.
 */
import { sql } from 'kysely';
import type { AnyKysely, DialectName } from '../../db/types';
import { ApiError } from '../../tools/api-error';
import { fieldSchema, type Collection, type Field } from './model';

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** One SELECT (or WITH … SELECT), nothing after it: the query is embedded in CREATE VIEW. */
export function checkViewQuery(query: string, message: string): string {
  const text = query.trim().replace(/;\s*$/, '');
  if (!/^(select|with)\b/i.test(text) || text.includes(';')) {
    throw new ApiError(400, message, {
      viewQuery: {
        code: 'validation_invalid_view_query',
        message: 'The view query must be a single SELECT statement.',
      },
    });
  }
  return text;
}

/** The view's columns in order, read from the catalog once the view exists. */
export async function viewColumns(db: AnyKysely, dialect: DialectName, name: string): Promise<string[]> {
  const rows =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`SELECT name FROM pragma_table_info(${name})`.execute(db)
      : await sql<{
          name: string;
        }>`SELECT column_name AS name FROM information_schema.columns WHERE table_name = ${name} AND table_schema = current_schema() ORDER BY ordinal_position`.execute(
          db,
        );
  return rows.rows.map((r) => r.name);
}

/** The view's fields: declared ones keep their types, the other columns become json fields. */
export function viewFields(columns: string[], declared: Field[]): Field[] {
  if (!columns.includes('id'))
    throw new ApiError(400, 'Failed to save collection.', {
      viewQuery: { code: 'validation_missing_id', message: 'The view query must return an id column.' },
    });
  return columns.map(
    (name) =>
      declared.find((f) => f.name === name) ??
      fieldSchema.parse({ name, type: name === 'id' ? 'text' : 'json' }),
  );
}

export async function createView(db: AnyKysely, collection: Collection): Promise<void> {
  await sql.raw(`CREATE VIEW ${q(collection.name)} AS ${collection.viewQuery}`).execute(db);
}

export async function dropView(db: AnyKysely, name: string): Promise<void> {
  await sql.raw(`DROP VIEW IF EXISTS ${q(name)}`).execute(db);
}
