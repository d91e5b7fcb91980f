import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { PreparedStatements, preparingPool } from '../../src/db/postgres/prepared-pool';
import type { AnyKysely } from '../../src/db/types';
import { createTestDatabase, type TestDatabase } from '../support/databases';

/**
 * A transaction's BEGIN leaves with its first statement (db/postgres/prepared-pool.ts `AfterBegin`):
 * what the round trips are, and that the transaction is the one it was.
 */
describe.skipIf(inject('postgresAdminUrl') === null)('BEGIN sent with the first statement', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let db: AnyKysely;
  /** Another session, which sees only what is committed. */
  let other: pg.Client;
  /** ReadyForQuery messages the pool's one connection has received: its round trips. */
  let roundTrips = 0;

  beforeAll(async () => {
    database = await createTestDatabase('postgres', { migrate: false });
    pool = new pg.Pool({ connectionString: database.databaseUrl, max: 1 });
    const client = await pool.connect();
    (client as unknown as { connection: NodeJS.EventEmitter }).connection.on(
      'readyForQuery',
      () => roundTrips++,
    );
    client.release();
    db = new Kysely({
      dialect: new PostgresDialect({ pool: preparingPool(pool, new PreparedStatements()) }),
    });
    other = new pg.Client({ connectionString: database.databaseUrl });
    await other.connect();
    await sql`CREATE TABLE begin_notes (id TEXT PRIMARY KEY, body TEXT NOT NULL)`.execute(db);
  });

  afterAll(async () => {
    await other.end();
    await db.destroy();
    await database.drop();
  });

  beforeEach(async () => {
    await sql`DELETE FROM begin_notes`.execute(db);
  });

  const insert = (trx: AnyKysely, id: string) =>
    sql`INSERT INTO begin_notes (id, body) VALUES (${id}, 'note')`.execute(trx);
  const committedIds = async () =>
    (await other.query<{ id: string }>('SELECT id FROM begin_notes ORDER BY id')).rows.map((row) => row.id);
  const tripsOf = async (work: () => Promise<unknown>) => {
    const before = roundTrips;
    await work();
    return roundTrips - before;
  };

  it('takes one round trip per statement and one for the commit, and nothing commits before it', async () => {
    const seenInside: string[][] = [];
    const twoInserts = (first: string, second: string) =>
      tripsOf(() =>
        db.transaction().execute(async (trx) => {
          await insert(trx, first);
          await insert(trx, second);
          seenInside.push(await committedIds());
        }),
      );
    // The connection's first transaction prepares its BEGIN, alone; the next ones send it with
    // their first statement.
    expect(await twoInserts('a', 'b')).toBe(4);
    expect(await twoInserts('c', 'd')).toBe(3);
    expect(await twoInserts('e', 'f')).toBe(3);
    expect(seenInside).toEqual([[], ['a', 'b'], ['a', 'b', 'c', 'd']]);
    expect(await committedIds()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('runs every statement in one transaction: its snapshot time is the same throughout', async () => {
    const times = await db.transaction().execute(async (trx) => {
      const first = await sql<{ t: string }>`SELECT now()::text AS t`.execute(trx);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const second = await sql<{ t: string }>`SELECT now()::text AS t`.execute(trx);
      return [first.rows[0]!.t, second.rows[0]!.t];
    });
    expect(times[0]).toBe(times[1]);
  });

  it('answers the first statement with its own rows', async () => {
    await insert(db, 'x');
    for (let time = 0; time < 3; time++) {
      // The third time the read is prepared and parsed on the connection, and still leaves with the BEGIN.
      const rows = await db.transaction().execute(
        async (trx) =>
          (
            await sql<{
              id: string;
              body: string;
            }>`SELECT id, body FROM begin_notes WHERE id = ${'x'}`.execute(trx)
          ).rows,
      );
      expect(rows).toEqual([{ id: 'x', body: 'note' }]);
    }
  });

  it('rolls the whole transaction back when its first statement fails, and the connection goes on', async () => {
    await insert(db, 'taken');
    for (let time = 0; time < 3; time++) {
      await expect(db.transaction().execute((trx) => insert(trx, 'taken'))).rejects.toThrow(/duplicate key/);
      await expect(
        db.transaction().execute(async (trx) => {
          await insert(trx, `new-${time}`);
          await insert(trx, 'taken');
        }),
      ).rejects.toThrow(/duplicate key/);
    }
    expect(await committedIds()).toEqual(['taken']);
    await db.transaction().execute((trx) => insert(trx, 'after'));
    expect(await committedIds()).toEqual(['after', 'taken']);
  });

  it('fails a transaction whose first statement does not parse, and the connection goes on', async () => {
    for (let time = 0; time < 3; time++) {
      await expect(
        db.transaction().execute((trx) => sql`SELEC id FROM begin_notes WHERE id = ${'a'}`.execute(trx)),
      ).rejects.toThrow(/syntax error/);
    }
    await db.transaction().execute((trx) => insert(trx, 'parsed'));
    expect(await committedIds()).toEqual(['parsed']);
  });

  it('sends nothing for a transaction that ends before any statement', async () => {
    const committed = await tripsOf(() => db.transaction().execute(() => Promise.resolve('nothing')));
    const rolledBack = await tripsOf(() =>
      expect(db.transaction().execute(() => Promise.reject(new Error('changed my mind')))).rejects.toThrow(
        'changed my mind',
      ),
    );
    expect([committed, rolledBack]).toEqual([0, 0]);
    await db.transaction().execute((trx) => insert(trx, 'later'));
    expect(await committedIds()).toEqual(['later']);
  });

  it('rolls back what its statements wrote when the work throws after them', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await insert(trx, 'undone');
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await committedIds()).toEqual([]);
  });

  it('keeps an isolation level asked for with START TRANSACTION', async () => {
    const level = await db
      .transaction()
      .setIsolationLevel('serializable')
      .execute(
        async (trx) =>
          (
            await sql<{ level: string }>`SELECT current_setting('transaction_isolation') AS level`.execute(
              trx,
            )
          ).rows[0]!.level,
      );
    expect(level).toBe('serializable');
  });
});
