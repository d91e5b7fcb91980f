import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { systemMigrations } from '../../src/core/migrations';
import {
  listAppliedMigrations,
  migrateDown,
  migrateToLatest,
  type Migration,
} from '../../src/db/migrations/runner';
import { describeEachDialect } from '../support/databases';

const probeMigration: Migration = {
  name: '9999_probe',
  async up(db) {
    await db.kysely.schema
      .createTable('probe')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('n', 'integer', (c) => c.notNull())
      .execute();
  },
  async down(db) {
    await db.kysely.schema.dropTable('probe').execute();
  },
};

describeEachDialect(
  'database layer and migrations',
  (getDb) => {
    it('starts empty and applies every system migration once', async () => {
      const { db } = getDb();
      expect(await listAppliedMigrations(db, systemMigrations)).toEqual([]);
      const first = await migrateToLatest(db, systemMigrations);
      expect(first.applied).toEqual(systemMigrations.map((m) => m.name));
      const second = await migrateToLatest(db, systemMigrations);
      expect(second.applied).toEqual([]);
    });

    it('stores and reads back a parameter row', async () => {
      const { db } = getDb();
      const now = new Date().toISOString();
      await db.kysely
        .insertInto('_params')
        .values({
          id: 'settings',
          value: JSON.stringify({ meta: { appName: 'Size Community' } }),
          created: now,
          updated: now,
        })
        .execute();
      const row = (await db.kysely
        .selectFrom('_params')
        .selectAll()
        .where('id', '=', 'settings')
        .executeTakeFirstOrThrow()) as {
        value: string;
      };
      expect(JSON.parse(row.value)).toEqual({ meta: { appName: 'Size Community' } });
    });

    it('rolls a failed transaction back completely', async () => {
      const { db } = getDb();
      const now = new Date().toISOString();
      await expect(
        db.kysely.transaction().execute(async (trx) => {
          await trx
            .insertInto('_params')
            .values({ id: 'temp', value: '1', created: now, updated: now })
            .execute();
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      const row = await db.kysely
        .selectFrom('_params')
        .select('id')
        .where('id', '=', 'temp')
        .executeTakeFirst();
      expect(row).toBeUndefined();
    });

    it('applies and reverts a later migration', async () => {
      const { db } = getDb();
      const all = [...systemMigrations, probeMigration];
      expect((await migrateToLatest(db, all)).applied).toEqual(['9999_probe']);
      await db.kysely.insertInto('probe').values({ id: 'a', n: 1 }).execute();
      expect((await migrateDown(db, all)).applied).toEqual(['9999_probe']);
      await expect(sql`select * from probe`.execute(db.kysely)).rejects.toThrow();
    });

    it('runs with the durability settings the product promises', async () => {
      const { db, dialect } = getDb();
      if (dialect === 'sqlite') {
        const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db.kysely);
        const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(db.kysely);
        const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db.kysely);
        expect(journal.rows[0]?.journal_mode).toBe('wal');
        expect(sync.rows[0]?.synchronous).toBe(2); // FULL
        expect(fk.rows[0]?.foreign_keys).toBe(1);
      } else {
        const result = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db.kysely);
        expect(result.rows[0]?.synchronous_commit).toBe('on');
      }
    });
  },
  { migrate: false },
);
