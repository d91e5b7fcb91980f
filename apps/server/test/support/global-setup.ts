import type { TestProject } from 'vitest/node';
import { Redis } from 'ioredis';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { isCI, mariadbAdminUrl, postgresAdminUrl, redisUrl } from './services';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set when PostgreSQL is reachable; suites use it to create their own database. */
    postgresAdminUrl: string | null;
    /** Set when Redis is reachable; suites namespace their keys and channels with a random prefix. */
    redisUrl: string | null;
    /** Set when MariaDB is reachable; the importer's suites load their eFiction fixtures into it. */
    mariadbAdminUrl: string | null;
  }
}

async function probePostgres(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function probeRedis(url: string): Promise<string | null> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    client.disconnect();
  }
}

async function probeMariadb(url: string): Promise<string | null> {
  try {
    const connection = await mysql.createConnection({ uri: url, connectTimeout: 3000 });
    await connection.query('select 1');
    await connection.end();
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const problem = await probePostgres(postgresAdminUrl);
  if (problem && isCI) {
    throw new Error(`CI=true but PostgreSQL is not reachable at ${postgresAdminUrl}: ${problem}`);
  }
  if (problem) {
    console.warn(
      `\n[postgres] not reachable at ${postgresAdminUrl} (${problem}): PostgreSQL suites are SKIPPED.\n`,
    );
  }
  project.provide('postgresAdminUrl', problem ? null : postgresAdminUrl);

  const redisProblem = await probeRedis(redisUrl);
  if (redisProblem && isCI) {
    throw new Error(`CI=true but Redis is not reachable at ${redisUrl}: ${redisProblem}`);
  }
  if (redisProblem) {
    console.warn(`\n[redis] not reachable at ${redisUrl} (${redisProblem}): Redis suites are SKIPPED.\n`);
  }
  project.provide('redisUrl', redisProblem ? null : redisUrl);

  const mariadbProblem = await probeMariadb(mariadbAdminUrl);
  if (mariadbProblem && isCI) {
    throw new Error(`CI=true but MariaDB is not reachable at ${mariadbAdminUrl}: ${mariadbProblem}`);
  }
  if (mariadbProblem) {
    console.warn(
      `\n[mariadb] not reachable at ${mariadbAdminUrl} (${mariadbProblem}): importer suites are SKIPPED.\n`,
    );
  }
  project.provide('mariadbAdminUrl', mariadbProblem ? null : mariadbAdminUrl);
}
