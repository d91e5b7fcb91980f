/**
 * Relation index tables: for a column holding a JSON array of record ids (a relation that may hold
 * several records), a two-column table with one row per (record, related id), kept by triggers.
 *
 * Neither database can index the elements of a JSON array stored in a row (SQLite has no such index
 * at all, and PostgreSQL's GIN index serves `@>`, not the correlated lookups filters compile to). A
 * filter such as "stories whose post lists me as a contributor" would then read every row. With the
 * side table it starts from the member: the primary key (target, record) gives the records that
 * hold a target, and the index on record gives a record's targets.
 *
 * Triggers rather than the record layer keep the table, so every writer (bulk imports, raw counter
 * updates, restores, the bench generator) keeps it right without knowing it exists.
 */
import { sql } from 'kysely';
import type { AnyKysely, DialectName } from './types';

export interface RelationIndexSpec {
  /** The collection's table. */
  table: string;
  /** The column holding the JSON array of ids. */
  column: string;
  /** The side table's name (also the prefix of its triggers and index). */
  index: string;
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

const run = (db: AnyKysely, statement: string) => sql.raw(statement).execute(db);

/** SQLite: the elements of the column's array in a row (`NEW` or `OLD`), as `value`; non-arrays give none. */
const sqliteElements = (row: string, column: string) => {
  const value = `${row}.${q(column)}`;
  return `json_each(CASE WHEN json_valid(${value}) AND json_type(${value}) = 'array' THEN ${value} ELSE '[]' END)`;
};

const pgElements = (row: string, column: string) => {
  const value = `${row}.${q(column)}`;
  return `jsonb_array_elements_text(CASE WHEN jsonb_typeof(${value}) = 'array' THEN ${value} ELSE '[]'::jsonb END)`;
};

/** Creates the side table, its index and triggers, and fills it from the rows already there. */
export async function createRelationIndex(
  db: AnyKysely,
  dialect: DialectName,
  spec: RelationIndexSpec,
): Promise<void> {
  const [side, table, column] = [q(spec.index), q(spec.table), q(spec.column)];
  const keys = `"record" TEXT NOT NULL, "target" TEXT NOT NULL, PRIMARY KEY ("target", "record")`;
  await run(db, `CREATE TABLE ${side} (${keys})${dialect === 'sqlite' ? ' WITHOUT ROWID' : ''}`);
  await run(db, `CREATE INDEX ${q(`${spec.index}_record`)} ON ${side} ("record")`);
  if (dialect === 'sqlite') {
    const insert = (row: string) =>
      `INSERT OR IGNORE INTO ${side} ("record", "target") SELECT ${row}."id", value FROM ${sqliteElements(row, spec.column)} WHERE type = 'text'`;
    await run(
      db,
      `CREATE TRIGGER ${q(`${spec.index}_insert`)} AFTER INSERT ON ${table} BEGIN ${insert('NEW')}; END`,
    );
    // A long list (a conversation's messages) changes by one element at a time: removing only the
    // targets that left and inserting with OR IGNORE keeps the work to lookups, not rewrites.
    await run(
      db,
      `CREATE TRIGGER ${q(`${spec.index}_update`)} AFTER UPDATE OF "id", ${column} ON ${table} BEGIN ` +
        `DELETE FROM ${side} WHERE "record" = OLD."id" AND (NEW."id" != OLD."id" OR "target" NOT IN (SELECT value FROM ${sqliteElements('NEW', spec.column)})); ` +
        `${insert('NEW')}; END`,
    );
    await run(
      db,
      `CREATE TRIGGER ${q(`${spec.index}_delete`)} AFTER DELETE ON ${table} BEGIN DELETE FROM ${side} WHERE "record" = OLD."id"; END`,
    );
    await run(
      db,
      `INSERT OR IGNORE INTO ${side} ("record", "target") SELECT t."id", j.value FROM ${table} AS t, ${sqliteElements('t', spec.column)} AS j WHERE j.type = 'text'`,
    );
    return;
  }
  const fn = q(`${spec.index}_sync`);
  await run(
    db,
    `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."id" = OLD."id" AND NEW.${column} IS NOT DISTINCT FROM OLD.${column} THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND NEW."id" != OLD."id") THEN
    DELETE FROM ${side} WHERE "record" = OLD."id";
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM ${side} WHERE "record" = OLD."id" AND "target" NOT IN (SELECT v FROM ${pgElements('NEW', spec.column)} AS v);
  END IF;
  IF TG_OP != 'DELETE' THEN
    INSERT INTO ${side} ("record", "target") SELECT NEW."id", v FROM ${pgElements('NEW', spec.column)} AS v ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$body$`,
  );
  await run(
    db,
    `CREATE TRIGGER ${q(`${spec.index}_sync`)} AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${fn}()`,
  );
  await run(
    db,
    `INSERT INTO ${side} ("record", "target") SELECT t."id", v FROM ${table} AS t, ${pgElements('t', spec.column)} AS v ON CONFLICT DO NOTHING`,
  );
}

/** Removes the triggers and the side table (the collection's table may already be gone). */
export async function dropRelationIndex(
  db: AnyKysely,
  dialect: DialectName,
  spec: Pick<RelationIndexSpec, 'table' | 'index'>,
): Promise<void> {
  if (dialect === 'sqlite') {
    for (const suffix of ['insert', 'update', 'delete'])
      await run(db, `DROP TRIGGER IF EXISTS ${q(`${spec.index}_${suffix}`)}`);
  } else {
    // Dropping the function with CASCADE removes its trigger, even when the table was renamed.
    await run(db, `DROP FUNCTION IF EXISTS ${q(`${spec.index}_sync`)}() CASCADE`);
  }
  await run(db, `DROP TABLE IF EXISTS ${q(spec.index)}`);
}

/** Names of the relation index tables that exist (those named with `prefix`). */
export async function listRelationIndexes(
  db: AnyKysely,
  dialect: DialectName,
  prefix: string,
): Promise<string[]> {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows =
    dialect === 'sqlite'
      ? await sql<{
          name: string;
        }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE ${pattern} ESCAPE '\\'`.execute(
          db,
        )
      : await sql<{
          name: string;
        }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name LIKE ${pattern} ESCAPE '\\'`.execute(
          db,
        );
  return rows.rows.map((r) => r.name);
}
