/**
 * DDL for tables derived from collection definitions, on both dialects. Table and column names come
 * from validated definitions (letters, digits, underscores) and are still always quoted.
 */
import { sql } from 'kysely';
import type { AnyKysely, ColumnKind, DialectName } from './types';

export interface ColumnSpec {
  name: string;
  kind: ColumnKind;
  primaryKey?: boolean;
}

export interface TableSpec {
  name: string;
  columns: ColumnSpec[];
}

function columnType(kind: ColumnKind, dialect: DialectName): string {
  const pg = dialect === 'postgres';
  switch (kind) {
    case 'text':
      return `TEXT DEFAULT '' NOT NULL`;
    case 'number':
      return pg ? 'DOUBLE PRECISION DEFAULT 0 NOT NULL' : 'NUMERIC DEFAULT 0 NOT NULL';
    case 'bool':
      return pg ? 'BOOLEAN DEFAULT FALSE NOT NULL' : 'BOOLEAN DEFAULT 0 NOT NULL';
    case 'json':
      return pg ? 'JSONB DEFAULT NULL' : 'JSON DEFAULT NULL';
    case 'jsonArray':
      return pg ? `JSONB DEFAULT '[]'::jsonb NOT NULL` : `JSON DEFAULT '[]' NOT NULL`;
  }
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

function columnSql(column: ColumnSpec, dialect: DialectName): string {
  if (column.primaryKey) return `${q(column.name)} TEXT PRIMARY KEY NOT NULL`;
  return `${q(column.name)} ${columnType(column.kind, dialect)}`;
}

export async function createTable(db: AnyKysely, dialect: DialectName, spec: TableSpec): Promise<void> {
  const columns = spec.columns.map((c) => columnSql(c, dialect)).join(', ');
  await sql.raw(`CREATE TABLE ${q(spec.name)} (${columns})`).execute(db);
}

export async function dropTable(db: AnyKysely, name: string): Promise<void> {
  await sql.raw(`DROP TABLE IF EXISTS ${q(name)}`).execute(db);
}

export async function renameTable(db: AnyKysely, from: string, to: string): Promise<void> {
  await sql.raw(`ALTER TABLE ${q(from)} RENAME TO ${q(to)}`).execute(db);
}

export async function addColumn(
  db: AnyKysely,
  dialect: DialectName,
  table: string,
  column: ColumnSpec,
): Promise<void> {
  await sql.raw(`ALTER TABLE ${q(table)} ADD COLUMN ${columnSql(column, dialect)}`).execute(db);
}

export async function dropColumn(db: AnyKysely, table: string, column: string): Promise<void> {
  await sql.raw(`ALTER TABLE ${q(table)} DROP COLUMN ${q(column)}`).execute(db);
}

export async function renameColumn(db: AnyKysely, table: string, from: string, to: string): Promise<void> {
  await sql.raw(`ALTER TABLE ${q(table)} RENAME COLUMN ${q(from)} TO ${q(to)}`).execute(db);
}

/** Names of a table's indexes that this schema layer created (those whose names start with `idx_`). */
export async function listIndexes(db: AnyKysely, dialect: DialectName, table: string): Promise<string[]> {
  const rows =
    dialect === 'sqlite'
      ? await sql<{
          name: string;
        }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ${table} AND name LIKE 'idx\\_%' ESCAPE '\\'`.execute(
          db,
        )
      : await sql<{
          name: string;
        }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = ${table} AND indexname LIKE 'idx\\_%'`.execute(
          db,
        );
  return rows.rows.map((r) => r.name);
}

export async function dropIndex(db: AnyKysely, name: string): Promise<void> {
  await sql.raw(`DROP INDEX IF EXISTS ${q(name)}`).execute(db);
}

/**
 * Runs a PocketBase-style index definition (`CREATE [UNIQUE] INDEX idx_x ON t (a, b)`). Backtick
 * quoting becomes standard quoting; on PostgreSQL `col COLLATE NOCASE` becomes `lower(col)`.
 */
export async function createIndex(db: AnyKysely, dialect: DialectName, definition: string): Promise<void> {
  let statement = definition.trim().replace(/`/g, '"');
  if (dialect === 'postgres') {
    statement = statement.replace(/("?\w+"?)\s+COLLATE\s+NOCASE/gi, 'lower($1)');
  }
  await sql.raw(statement).execute(db);
}

export function parseIndexName(definition: string): string | null {
  const match = /^\s*CREATE\s+(?:UNIQUE\s+)?INDEX\s+(?:IF\s+NOT\s+EXISTS\s+)?[`"]?(\w+)[`"]?/i.exec(
    definition,
  );
  return match?.[1] ?? null;
}
