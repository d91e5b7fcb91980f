/**
 * Periodic jobs (the presence sweep, say) must run once across the cluster, not once per process.
 * Every process keeps its own timer and asks a `JobLock` before each run; the lock decides whether
 * this process does the work this time. Implementations:
 * - `LocalJobLock` (one process): runs, unless the same job is still running from the last tick;
 * - `DatabaseJobLock` (db/job-lock.ts): PostgreSQL advisory lock, so two processes never run the
 *   job at the same time;
 * - `RedisJobLock` (redis/job-lock.ts): a lease for one period, so the job runs at most once per
 *   period across all processes, whichever process's timer fires first.
 */
export interface JobLock {
  /** Runs `work` unless another run of `name` holds the lock; true when it ran here. */
  run(name: string, periodMs: number, work: () => Promise<void>): Promise<boolean>;
}

export class LocalJobLock implements JobLock {
  private readonly running = new Set<string>();

  async run(name: string, _periodMs: number, work: () => Promise<void>): Promise<boolean> {
    if (this.running.has(name)) return false;
    this.running.add(name);
    try {
      await work();
      return true;
    } finally {
      this.running.delete(name);
    }
  }
}
