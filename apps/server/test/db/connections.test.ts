import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../support/databases';

describeEachDialect('writer and reader connections', (getDb) => {
  it('a read outside the transaction sees the committed state, never a pending write', async () => {
    const { db } = getDb();
    await sql`CREATE TABLE conn_probe (id TEXT PRIMARY KEY, n INTEGER NOT NULL)`.execute(db.kysely);
    await sql`INSERT INTO conn_probe (id, n) VALUES ('a', 1)`.execute(db.kysely);

    let release!: () => void;
    const paused = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    const transaction = db.kysely.transaction().execute(async (trx) => {
      await sql`UPDATE conn_probe SET n = 2 WHERE id = 'a'`.execute(trx);
      written();
      // The transaction stays open while it awaits, as a hook or a password hash would make it.
      await paused;
    });
    await wrote;
    const during = await sql<{ n: number }>`SELECT n FROM conn_probe WHERE id = 'a'`.execute(db.reader);
    expect(Number(during.rows[0]?.n)).toBe(1);
    release();
    await transaction;
    const after = await sql<{ n: number }>`SELECT n FROM conn_probe WHERE id = 'a'`.execute(db.reader);
    expect(Number(after.rows[0]?.n)).toBe(2);
  });

  it('a statement read again after a schema change returns the new columns', async () => {
    const { db } = getDb();
    await sql`CREATE TABLE conn_shape (id TEXT PRIMARY KEY)`.execute(db.kysely);
    await sql`INSERT INTO conn_shape (id) VALUES ('a')`.execute(db.kysely);
    const select = () => sql<Record<string, unknown>>`SELECT * FROM conn_shape`;
    expect(Object.keys((await select().execute(db.reader)).rows[0]!)).toEqual(['id']);
    expect(Object.keys((await select().execute(db.kysely)).rows[0]!)).toEqual(['id']);
    await sql`ALTER TABLE conn_shape ADD COLUMN title TEXT DEFAULT 'x'`.execute(db.kysely);
    expect((await select().execute(db.reader)).rows[0]).toEqual({ id: 'a', title: 'x' });
    expect((await select().execute(db.kysely)).rows[0]).toEqual({ id: 'a', title: 'x' });
  });
});

describeEachDialect('the SQLite reader', (getDb) => {
  it('refuses writes and transactions', async () => {
    const { db, dialect } = getDb();
    if (dialect !== 'sqlite') {
      // PostgreSQL reads through the same pool: it has real concurrent connections already.
      expect(db.reader).toBe(db.kysely);
      return;
    }
    await sql`CREATE TABLE conn_readonly (id TEXT PRIMARY KEY)`.execute(db.kysely);
    await expect(sql`INSERT INTO conn_readonly (id) VALUES ('a')`.execute(db.reader)).rejects.toThrow();
    await expect(db.reader.transaction().execute(() => Promise.resolve())).rejects.toThrow(/no transactions/);
    const rows = await sql`SELECT id FROM conn_readonly`.execute(db.reader);
    expect(rows.rows).toEqual([]);
  });
});
