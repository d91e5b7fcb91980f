import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MAX_PER_CONNECTION, PreparedStatements, preparingPool } from '../../src/db/postgres/prepared-pool';
import type { AnyKysely } from '../../src/db/types';
import { createTestDatabase, type TestDatabase } from '../support/databases';

describe.skipIf(inject('postgresAdminUrl') === null)('prepared statements on PostgreSQL', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let statements: PreparedStatements;
  let db: AnyKysely;
  /** Another process's connection: its DDL is not seen by this pool's statements. */
  let other: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase('postgres', { migrate: false });
    // One connection, so what it has prepared can be read from it.
    pool = new pg.Pool({ connectionString: database.databaseUrl, max: 1 });
    statements = new PreparedStatements();
    db = new Kysely({ dialect: new PostgresDialect({ pool: preparingPool(pool, statements) }) });
    other = new pg.Client({ connectionString: database.databaseUrl });
    await other.connect();
  });

  afterAll(async () => {
    await other.end();
    await db.destroy();
    await database.drop();
  });

  const prepared = async () =>
    (
      await sql<{
        statement: string;
      }>`SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%prep_notes%' AND statement NOT LIKE '%pg_prepared%' ORDER BY statement`.execute(
        db,
      )
    ).rows.map((row) => row.statement);

  it('prepares a read or write the second time it is run, never transaction control or DDL', async () => {
    await sql`CREATE TABLE prep_notes (id TEXT PRIMARY KEY, body TEXT NOT NULL)`.execute(db);
    const insert = (id: string) => sql`INSERT INTO prep_notes (id, body) VALUES (${id}, 'hello')`.execute(db);
    const read = (id: string) => sql<{ body: string }>`SELECT * FROM prep_notes WHERE id = ${id}`.execute(db);
    await insert('a');
    expect(await prepared()).toEqual([]);
    await db.transaction().execute(async (trx) => {
      await sql`INSERT INTO prep_notes (id, body) VALUES (${'b'}, 'hello')`.execute(trx);
    });
    expect((await read('a')).rows).toEqual([{ id: 'a', body: 'hello' }]);
    expect((await read('b')).rows).toEqual([{ id: 'b', body: 'hello' }]);
    const texts = await prepared();
    expect(texts).toEqual([
      "INSERT INTO prep_notes (id, body) VALUES ($1, 'hello')",
      'SELECT * FROM prep_notes WHERE id = $1',
    ]);
    // Served prepared, with the answer a fresh parse gives.
    expect((await read('b')).rows).toEqual([{ id: 'b', body: 'hello' }]);
    expect(await prepared()).toEqual(texts);
  });

  it('answers with the new columns after its own DDL, forgetting what it prepared', async () => {
    const read = () => sql<Record<string, unknown>>`SELECT * FROM prep_notes WHERE id = ${'a'}`.execute(db);
    await read();
    expect(await prepared()).toContain('SELECT * FROM prep_notes WHERE id = $1');
    await sql`ALTER TABLE prep_notes ADD COLUMN mood TEXT NOT NULL DEFAULT 'calm'`.execute(db);
    expect((await read()).rows).toEqual([{ id: 'a', body: 'hello', mood: 'calm' }]);
    // The old names are gone from the connection; only this generation's remain.
    const names = (await sql<{ name: string }>`SELECT name FROM pg_prepared_statements`.execute(db)).rows;
    expect(names.every((row) => row.name.startsWith(names[0]!.name.split('_')[0]!))).toBe(true);
  });

  it("answers with the new columns after another process's DDL: a read outside a transaction is run again", async () => {
    const read = () => sql<Record<string, unknown>>`SELECT * FROM prep_notes WHERE id = ${'b'}`.execute(db);
    await read();
    await read();
    const retries = statements.staleRetries;
    await other.query(`ALTER TABLE prep_notes ADD COLUMN colour TEXT NOT NULL DEFAULT 'blue'`);
    expect((await read()).rows).toEqual([{ id: 'b', body: 'hello', mood: 'calm', colour: 'blue' }]);
    expect(statements.staleRetries).toBe(retries + 1);
    expect((await read()).rows).toEqual([{ id: 'b', body: 'hello', mood: 'calm', colour: 'blue' }]);
  });

  it("fails a transaction caught by another process's DDL, which rolls back whole, and the next one succeeds", async () => {
    const readIn = (trx: AnyKysely) => sql`SELECT * FROM prep_notes WHERE id = ${'a'}`.execute(trx);
    const write = (trx: AnyKysely, id: string) =>
      sql`INSERT INTO prep_notes (id, body) VALUES (${id}, 'in a transaction')`.execute(trx);
    await db.transaction().execute(async (trx) => void (await readIn(trx)));
    await db.transaction().execute(async (trx) => void (await readIn(trx)));
    await other.query(`ALTER TABLE prep_notes ADD COLUMN size TEXT NOT NULL DEFAULT 'tiny'`);
    await expect(
      db.transaction().execute(async (trx) => {
        await write(trx, 'lost');
        await readIn(trx);
      }),
    ).rejects.toThrow(/cached plan must not change result type/);
    const after = await db.transaction().execute(async (trx) => {
      await write(trx, 'kept');
      return (await readIn(trx)).rows;
    });
    expect(after).toEqual([{ id: 'a', body: 'hello', mood: 'calm', colour: 'blue', size: 'tiny' }]);
    const ids = (await sql<{ id: string }>`SELECT id FROM prep_notes ORDER BY id`.execute(db)).rows;
    expect(ids.map((row) => row.id)).toEqual(['a', 'b', 'kept']);
  });

  it(`prepares at most ${MAX_PER_CONNECTION} texts on one connection and runs the rest unprepared`, async () => {
    for (let n = 0; n < MAX_PER_CONNECTION + 20; n++) {
      const text = sql.raw(`SELECT ${n} AS n FROM prep_notes WHERE id = `);
      for (let time = 0; time < 2; time++) {
        const rows = (await sql<{ n: number }>`${text}${'a'}`.execute(db)).rows;
        expect(rows).toEqual([{ n }]);
      }
    }
    // The transactions of the tests above also prepared their BEGIN, which is not among the texts.
    const all = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM pg_prepared_statements WHERE statement NOT ILIKE 'begin%'`.execute(db);
    expect(Number(all.rows[0]?.n)).toBe(MAX_PER_CONNECTION);
  });
});
