/**
 * Redis for the scale-out suites. Redis is shared (with other suites and other people's runs), so
 * every suite works under a random key and channel prefix and removes its keys afterwards.
 * Without Redis the suites skip visibly; with CI=true the global setup has already failed the run.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, inject } from 'vitest';

export function redisAvailable(): boolean {
  return inject('redisUrl') !== null;
}

export function testRedisUrl(): string {
  const url = inject('redisUrl');
  if (!url) throw new Error('Redis is not available for this run');
  return url;
}

/** A prefix no other run uses, e.g. `test-lz3k9x-1f2e3d4c:`. */
export function randomPrefix(): string {
  return `test-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}:`;
}

/** A plain connection for assertions and set-up (the code under test opens its own). */
export function redisClient(): Redis {
  const client = new Redis(testRedisUrl(), { maxRetriesPerRequest: 1 });
  client.on('error', () => undefined);
  return client;
}

/** Deletes every key under the prefix. */
export async function removeKeys(client: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    if (keys.length) await client.del(...keys);
  } while (cursor !== '0');
}

/** A suite that needs Redis; skipped, with the suite's name in the report, when there is none. */
export function describeWithRedis(name: string, body: () => void): void {
  describe.skipIf(!redisAvailable())(`${name} [redis]`, body);
}
