/**
 * Periodic jobs once per period across the cluster: before a run, a process takes a lease on the
 * job (`SET key NX PX`) for slightly less than one period and does not give it back. Every other
 * process that asks within that time is refused, so whichever timer fires first runs the job and
 * the rest skip it, and the job keeps running if that process dies (its lease simply expires).
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { LocalJobLock, type JobLock } from '../job-lock';

/** The lease covers this share of the period, so a timer firing a little early is not refused. */
const LEASE_SHARE = 0.9;

export class RedisJobLock implements JobLock {
  private readonly local = new LocalJobLock();
  /** Written into the lease, so an operator can see which process holds it. */
  private readonly owner = `${process.pid}-${randomBytes(4).toString('hex')}`;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async run(name: string, periodMs: number, work: () => Promise<void>): Promise<boolean> {
    let ran = false;
    const started = await this.local.run(name, periodMs, async () => {
      const leaseMs = Math.max(1, Math.floor(periodMs * LEASE_SHARE));
      const taken = await this.redis.set(this.prefix + name, this.owner, 'PX', leaseMs, 'NX');
      if (taken !== 'OK') return;
      ran = true;
      await work();
    });
    return started && ran;
  }
}
