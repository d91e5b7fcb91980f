/**
 * Periodic jobs guarded by the database's own lock (see `Database.withLock`): on PostgreSQL two
 * processes never run the same job at the same time; on SQLite, one process, it only keeps a slow
 * run from overlapping the next tick.
 */
import { LocalJobLock, type JobLock } from '../tools/job-lock';
import type { Database } from './types';

export class DatabaseJobLock implements JobLock {
  private readonly local = new LocalJobLock();

  constructor(private readonly db: Database) {}

  async run(name: string, periodMs: number, work: () => Promise<void>): Promise<boolean> {
    let ran = false;
    const started = await this.local.run(name, periodMs, async () => {
      ran = (await this.db.withLock(`job:${name}`, { wait: false }, work)).acquired;
    });
    return started && ran;
  }
}
