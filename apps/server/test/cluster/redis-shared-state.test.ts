/**
 * What processes share through Redis besides events: abuse-limit counters (the same windows and
 * answers as the in-memory limiter, counted together by every process, still enforced per process
 * while Redis is down) and the lease that lets one process run a periodic job per period.
 */
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { MemoryRateLimiter } from '../../src/tools/rate-limiter';
import { closeRedis, openRedis } from '../../src/tools/redis/connection';
import { RedisJobLock } from '../../src/tools/redis/job-lock';
import { RedisRateLimiter } from '../../src/tools/redis/rate-limiter';
import { describeWithRedis, randomPrefix, redisClient, removeKeys, testRedisUrl } from '../support/redis';
import { sleep } from '../support/wait';

describeWithRedis('shared rate limits and job leases', () => {
  const connections: Redis[] = [];
  const prefixes: string[] = [];
  // Opened in beforeAll: the body of a skipped suite still runs while tests are collected.
  let admin: Redis;
  beforeAll(() => {
    admin = redisClient();
  });

  afterEach(async () => {
    for (const connection of connections.splice(0)) await closeRedis(connection);
    for (const prefix of prefixes.splice(0)) await removeKeys(admin, prefix);
  });

  afterAll(() => admin.quit());

  /** A connection as one server process would hold it. */
  async function connect(): Promise<Redis> {
    const connection = await openRedis(testRedisUrl(), {
      name: 'test-commands',
      onError: () => undefined,
      autoPipelining: true,
    });
    connections.push(connection);
    return connection;
  }

  function prefix(): string {
    const value = randomPrefix();
    prefixes.push(value);
    return value;
  }

  it('counts hits from every process together and answers as the memory limiter does', async () => {
    const keys = prefix();
    const [a, b] = [new RedisRateLimiter(await connect(), keys), new RedisRateLimiter(await connect(), keys)];
    const memory = new MemoryRateLimiter();
    const shared = [];
    const alone = [];
    for (let i = 0; i < 7; i++) {
      shared.push(await (i % 2 ? b : a).hit('sign-in:127.0.0.1', 5, 20));
      alone.push(await memory.hit('sign-in:127.0.0.1', 5, 20));
    }
    expect(shared.map((r) => r.allowed)).toEqual([true, true, true, true, true, false, false]);
    expect(shared.map((r) => r.allowed)).toEqual(alone.map((r) => r.allowed));
    for (const result of shared) expect(result.retryAfter).toBeGreaterThanOrEqual(19);
    for (const result of shared) expect(result.retryAfter).toBeLessThanOrEqual(20);
    expect(await a.count('sign-in:127.0.0.1')).toBe(7);
    expect(await b.count('sign-in:127.0.0.1')).toBe(7);
    expect(await a.count('sign-in:10.0.0.1')).toBe(0);
    // The key carries its window, set atomically with the first hit.
    const ttl = await admin.pttl(`${keys}sign-in:127.0.0.1`);
    expect(ttl).toBeGreaterThan(18_000);
    expect(ttl).toBeLessThanOrEqual(20_000);
  });

  it('opens a new window once the old one has passed', async () => {
    const limiter = new RedisRateLimiter(await connect(), prefix());
    expect((await limiter.hit('k', 1, 1)).allowed).toBe(true);
    expect(await limiter.hit('k', 1, 1)).toEqual({ allowed: false, retryAfter: 1 });
    await sleep(1100);
    expect((await limiter.hit('k', 1, 1)).allowed).toBe(true);
    expect(await limiter.count('k')).toBe(1);
  });

  it('keeps namespaces apart', async () => {
    const keys = prefix();
    const connection = await connect();
    const api = new RedisRateLimiter(connection, `${keys}api:`);
    const writes = new RedisRateLimiter(connection, `${keys}writes:`);
    await api.hit('x', 1, 60);
    expect((await api.hit('x', 1, 60)).allowed).toBe(false);
    expect((await writes.hit('x', 1, 60)).allowed).toBe(true);
  });

  it('while Redis is unreachable, counts in this process and reports the outage once', async () => {
    const connection = await connect();
    const errors: unknown[] = [];
    const limiter = new RedisRateLimiter(connection, prefix(), (error) => errors.push(error));
    connection.disconnect();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await limiter.hit('k', 2, 60)).allowed);
    expect(answers).toEqual([true, true, false, false]);
    expect(await limiter.count('k')).toBe(4);
    expect(errors).toHaveLength(1);
  });

  it('runs a periodic job in one process per period, whichever asks first', async () => {
    const leases = prefix();
    const a = new RedisJobLock(await connect(), leases);
    const b = new RedisJobLock(await connect(), leases);
    const runs: string[] = [];
    const job = (who: string) => async () => {
      runs.push(who);
      await sleep(20);
    };
    // Both ask at the same moment: exactly one runs.
    const first = await Promise.all([a.run('sweep', 400, job('a')), b.run('sweep', 400, job('b'))]);
    expect(first.filter(Boolean)).toHaveLength(1);
    expect(runs).toHaveLength(1);
    // Later in the same period, neither runs it again.
    expect(await a.run('sweep', 400, job('a'))).toBe(false);
    expect(await b.run('sweep', 400, job('b'))).toBe(false);
    // Another job is independent.
    expect(await b.run('other', 400, job('b-other'))).toBe(true);
    // Once the lease has run out, the next to ask runs it.
    await sleep(400);
    expect(await b.run('sweep', 400, job('b'))).toBe(true);
    expect(runs.slice(1)).toEqual(['b-other', 'b']);
  });
});
