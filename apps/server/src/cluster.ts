/**
 * What several server processes share, built from the configuration at start. With `REDIS_URL`:
 * realtime events and definition changes travel over Redis pub/sub, abuse-limit counters live in
 * Redis, and periodic jobs take a Redis lease so they run once per period across the cluster.
 * Without it, the core's defaults apply (everything in this process; on PostgreSQL, periodic jobs
 * still never run in two processes at once thanks to an advisory lock).
 *
 * Every Redis key and channel starts with `REDIS_PREFIX`, so several sites or test runs can share
 * one Redis.
 */
import type { Config } from './config';
import type { CoreCluster } from './core';
import { RedisRealtimeBus } from './core/realtime/redis-bus';
import { closeRedis, openRedis, redisAddress } from './tools/redis/connection';
import { RedisJobLock } from './tools/redis/job-lock';
import { RedisRateLimiter } from './tools/redis/rate-limiter';
import type { Logger } from './tools/logger';

export interface Cluster {
  /** Handed to `createCore`; undefined when this process runs alone. */
  core: CoreCluster | undefined;
  /** Asks Redis for an answer (the readiness check); undefined when this process runs alone. */
  ping: (() => Promise<void>) | undefined;
  close(): Promise<void>;
}

export async function openCluster(
  config: Pick<Config, 'redisUrl' | 'redisPrefix'>,
  logger: Logger,
): Promise<Cluster> {
  const url = config.redisUrl;
  if (!url) return { core: undefined, ping: undefined, close: () => Promise.resolve() };
  const prefix = config.redisPrefix;
  const report = (error: unknown, message: string) => logger.error({ err: error }, message);
  // ioredis reconnects by itself; log each outage once rather than every retry.
  const connectionLog = (name: string) => {
    let down = false;
    return {
      onError: (error: Error) => {
        if (down) return;
        down = true;
        logger.error({ err: error, redis: redisAddress(url), connection: name }, 'Redis connection lost');
      },
      onReady: () => {
        if (!down) return;
        down = false;
        logger.warn(
          { redis: redisAddress(url), connection: name },
          'Redis connection back; realtime events published while it was down were missed',
        );
      },
    };
  };
  const commandsLog = connectionLog('commands');
  const commands = await openRedis(url, {
    name: 'community-commands',
    onError: commandsLog.onError,
    autoPipelining: true,
  });
  commands.on('ready', commandsLog.onReady);
  let subscriber;
  try {
    const subscriberLog = connectionLog('subscriber');
    subscriber = await openRedis(url, { name: 'community-subscriber', onError: subscriberLog.onError });
    subscriber.on('ready', subscriberLog.onReady);
  } catch (error) {
    await closeRedis(commands);
    throw error;
  }
  const bus = await RedisRealtimeBus.open({
    publisher: commands,
    subscriber,
    channel: `${prefix}realtime`,
    onError: report,
  });
  const limiterFailed = (namespace: string) => (error: unknown) =>
    logger.error(
      { err: error, limiter: namespace },
      'Redis rate-limit counters unavailable; counting in this process',
    );
  logger.info({ redis: redisAddress(url), prefix }, 'sharing realtime, rate limits and jobs through Redis');
  return {
    core: {
      bus,
      rateLimiter: (namespace) =>
        new RedisRateLimiter(commands, `${prefix}rl:${namespace}:`, limiterFailed(namespace)),
      jobs: new RedisJobLock(commands, `${prefix}job:`),
      report,
    },
    async ping() {
      await commands.ping();
    },
    async close() {
      await bus.close();
      await Promise.all([closeRedis(subscriber), closeRedis(commands)]);
    },
  };
}
