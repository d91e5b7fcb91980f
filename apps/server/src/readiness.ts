/**
 * What `/api/health/ready` asks (apis/health.ts): can this process reach its database, its Redis
 * (when `REDIS_URL` is set) and its file storage right now? Each question is cheap and changes
 * nothing, so a load balancer may ask every few seconds.
 */
import { sql } from 'kysely';
import type { ReadinessCheck } from './apis/health';
import type { Database } from './db/types';
import type { EventLoopLoad } from './tools/event-loop-load';
import type { FileStorage } from './tools/files/storage';

export interface ReadinessDependencies {
  db: Database;
  /** Undefined when no storage is configured (some tests); then there is nothing to ask. */
  files: FileStorage | undefined;
  /** Pings Redis; undefined when this process runs without it. */
  pingRedis?: (() => Promise<void>) | undefined;
}

/** Ready only while the event loop keeps up (tools/event-loop-load.ts). */
export function eventLoopCheck(load: EventLoopLoad): ReadinessCheck {
  return {
    name: 'eventLoop',
    probe: () =>
      load.overloaded
        ? Promise.reject(new Error(`event loop delay ${load.recentDelayMs} ms`))
        : Promise.resolve(),
  };
}

export function readinessChecks(deps: ReadinessDependencies): ReadinessCheck[] {
  const checks: ReadinessCheck[] = [
    {
      name: 'database',
      // The reader: on SQLite it never waits behind a long write transaction.
      probe: async () => {
        await sql`select 1`.execute(deps.db.reader);
      },
    },
  ];
  if (deps.pingRedis) checks.push({ name: 'redis', probe: deps.pingRedis });
  const files = deps.files;
  if (files) checks.push({ name: 'storage', probe: () => files.probe() });
  return checks;
}
