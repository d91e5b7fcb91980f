import fs from 'node:fs';
import path from 'node:path';
import mysql from 'mysql2/promise';
import type { TestProject } from 'vitest/node';
import { chromiumAvailable, chromiumPath, isCI, mariadbAdminUrl } from './services';

declare module 'vitest' {
  export interface ProvidedContext {
    browserAvailable: boolean;
    /** Set when MariaDB is reachable: the import walk loads an eFiction archive into it. */
    mariadbAdminUrl: string | null;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

async function probeMariadb(): Promise<string | null> {
  try {
    const connection = await mysql.createConnection({ uri: mariadbAdminUrl, connectTimeout: 3000 });
    await connection.end();
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const hasBrowser = chromiumAvailable();
  if (!hasBrowser && isCI) throw new Error(`CI=true but Chromium is missing at ${chromiumPath}`);
  if (!hasBrowser) console.warn(`\n[browser] no Chromium at ${chromiumPath}: browser suites are SKIPPED.\n`);
  for (const built of ['apps/server/dist/main.js', 'apps/web/dist/index.html']) {
    if (hasBrowser && !fs.existsSync(path.join(root, built))) {
      throw new Error(`${built} is missing: run \`npm run build\` (npm test does it for you)`);
    }
  }
  project.provide('browserAvailable', hasBrowser);
  const mariadbProblem = await probeMariadb();
  if (mariadbProblem && isCI)
    throw new Error(`CI=true but MariaDB is not reachable at ${mariadbAdminUrl}: ${mariadbProblem}`);
  if (mariadbProblem)
    console.warn(`\n[mariadb] not reachable (${mariadbProblem}): the import walk is SKIPPED.\n`);
  project.provide('mariadbAdminUrl', mariadbProblem ? null : mariadbAdminUrl);
}
