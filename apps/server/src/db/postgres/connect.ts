import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { withAdvisoryLock } from './advisory-lock';
import { dumpPostgres, restorePostgres } from './dump';
import { postgresFlavor } from './flavor';
import { preparingPool } from './prepared-pool';
import type { Database } from '../types';

/** Connections per process; several processes share one PostgreSQL in the scale-out setup. */
const DEFAULT_POOL_SIZE = 10;

export interface PostgresOptions {
  /** Connections in this process's pool. */
  poolSize?: number;
  /**
   * Keep the statements the server runs again and again prepared on each connection
   * (prepared-pool.ts). Off for a connection pooler that hands one session's statements to
   * another's connection (PgBouncer in transaction mode before 1.21).
   */
  prepare?: boolean;
}

export function openPostgres(connectionString: string, options: PostgresOptions = {}): Database {
  const { poolSize = DEFAULT_POOL_SIZE, prepare = true } = options;
  // JIT compilation costs far more than it saves on the short queries a community site runs
  // (hundreds of milliseconds for a small correlated subquery), so it is off for these connections.
  const pool = new pg.Pool({ connectionString, max: poolSize, options: '-c jit=off' });
  // An idle client that loses its connection emits 'error' on the pool; without a listener that
  // would crash the process. The next query gets a fresh client.
  pool.on('error', () => undefined);
  const kysely = new Kysely({ dialect: new PostgresDialect({ pool: prepare ? preparingPool(pool) : pool }) });
  return {
    dialect: 'postgres',
    kysely,
    reader: kysely,
    flavor: postgresFlavor,
    backup: (file) => dumpPostgres(connectionString, file),
    restore: (file) => restorePostgres(connectionString, file),
    withLock: (name, options, work) => withAdvisoryLock(kysely, name, options, work),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async destroy() {
      await kysely.destroy();
    },
  };
}
