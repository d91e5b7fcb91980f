/**
 * Locks shared by every process on one database: start-up steps wait their turn, periodic jobs never
 * run in two processes at once. PostgreSQL uses advisory locks, tried here from two separate
 * connection pools (two "processes"); SQLite has one process per file, so its lock only has to run
 * the work, and the job lock only has to keep one process's runs from overlapping.
 */
import { expect, it } from 'vitest';
import { DatabaseJobLock } from '../../src/db/job-lock';
import { openPostgres } from '../../src/db/postgres/connect';
import type { Database } from '../../src/db/types';
import { describeEachDialect } from '../support/databases';

/** A promise with its resolve function, to hold work open while the other side tries. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describeEachDialect('database locks', (getDb) => {
  /** A second "process": its own pool on the same PostgreSQL database; SQLite has only the one. */
  function otherProcess(): { db: Database; close: () => Promise<void> } {
    const { db, databaseUrl } = getDb();
    if (!databaseUrl) return { db, close: () => Promise.resolve() };
    const other = openPostgres(databaseUrl, { poolSize: 2 });
    return { db: other, close: () => other.destroy() };
  }

  it('withLock runs the work and returns its value', async () => {
    const outcome = await getDb().db.withLock('test-value', { wait: true }, () => Promise.resolve(42));
    expect(outcome).toEqual({ acquired: true, value: 42 });
  });

  it('a job never runs twice at the same time, and runs again once the first run is over', async () => {
    const { db, dialect } = getDb();
    const other = otherProcess();
    try {
      const a = new DatabaseJobLock(db);
      // On SQLite there is no second process: the other "process" is this one's next tick.
      const b = dialect === 'sqlite' ? a : new DatabaseJobLock(other.db);
      const hold = gate();
      const runs: string[] = [];
      const first = a.run('sweep', 60_000, async () => {
        runs.push('a');
        await hold.opened;
      });
      while (runs.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      // While a's run is going on: a's own next tick is skipped, and so is b's on PostgreSQL.
      expect(await a.run('sweep', 60_000, () => Promise.resolve(void runs.push('a again')))).toBe(false);
      expect(await b.run('sweep', 60_000, () => Promise.resolve(void runs.push('b')))).toBe(false);
      hold.open();
      expect(await first).toBe(true);
      expect(await b.run('sweep', 60_000, () => Promise.resolve(void runs.push('b later')))).toBe(true);
      expect(runs).toEqual(['a', 'b later']);
    } finally {
      await other.close();
    }
  });

  it('withLock makes a second process wait on PostgreSQL; SQLite, one process, just runs the work', async () => {
    const { db, dialect } = getDb();
    const other = otherProcess();
    try {
      const hold = gate();
      const order: string[] = [];
      const first = db.withLock('test-startup', { wait: true }, async () => {
        order.push('a starts');
        await hold.opened;
        order.push('a ends');
      });
      while (order.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      const tried = await other.db.withLock('test-startup', { wait: false }, () => {
        order.push('b tried');
        return Promise.resolve();
      });
      expect(tried.acquired).toBe(dialect === 'sqlite');
      const second = other.db.withLock('test-startup', { wait: true }, () => {
        order.push('b runs');
        return Promise.resolve();
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      hold.open();
      await Promise.all([first, second]);
      expect(order).toEqual(
        dialect === 'sqlite' ? ['a starts', 'b tried', 'b runs', 'a ends'] : ['a starts', 'a ends', 'b runs'],
      );
    } finally {
      await other.close();
    }
  });
});
