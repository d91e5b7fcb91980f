/**
 * Redis connections for the scale-out setup (`REDIS_URL`). A process opens two: one for commands
 * (publishing, rate-limit counters, job leases) and one that only listens to pub/sub, because a
 * connection in subscriber mode cannot run other commands.
 */
import { Redis } from 'ioredis';

/** How long one command may take before it fails (so a stalled Redis cannot hold requests up). */
export const COMMAND_TIMEOUT_MS = 2000;

/** The address without credentials, for messages and logs. */
export function redisAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return 'redis (unparsable URL)';
  }
}

export interface RedisOptions {
  /** Shown by `CLIENT LIST`, so an operator can tell the connections apart. */
  name: string;
  /** Told about connection errors (ioredis reconnects by itself; these are for the log). */
  onError: (error: Error) => void;
  /** Commands issued in the same tick go out in one round trip (not for subscriber connections). */
  autoPipelining?: boolean;
}

/**
 * Opens a connection and waits until it is ready, so a wrong `REDIS_URL` stops the start with a
 * clear message instead of surfacing later. After that, lost connections are retried forever with a
 * backoff capped at 2 s, and subscriptions are renewed on reconnect (ioredis's `autoResubscribe`).
 */
export async function openRedis(url: string, options: RedisOptions): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectionName: options.name,
    commandTimeout: COMMAND_TIMEOUT_MS,
    enableAutoPipelining: options.autoPipelining ?? false,
    retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
  });
  redis.on('error', options.onError);
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`cannot connect to Redis at ${redisAddress(url)}: ${(error as Error).message}`);
  }
  return redis;
}

/** Closes politely (pending replies arrive first), or at once when the connection is already down. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  if (redis.status !== 'ready') {
    redis.disconnect();
    return;
  }
  try {
    await redis.quit();
  } catch {
    redis.disconnect();
  }
}
