import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { isCI, postgresAdminUrl } from './services';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set when PostgreSQL is reachable; suites use it to create their own database. */
    postgresAdminUrl: string | null;
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
}
