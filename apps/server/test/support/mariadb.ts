/**
 * A fresh MariaDB database per importer suite, dropped after it: the suite loads an eFiction archive of
 * its own making into it (test/importers/efiction-fixture.ts).
 */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import mysql from 'mysql2/promise';

export interface TestMariadb {
  /** `mysql://…/<database>`: what `import efiction --db` takes. */
  url: string;
  database: string;
  /** Runs statements against the suite's database (values bound; Buffers sent as raw bytes). */
  query(sql: string, values?: unknown[]): Promise<unknown>;
  drop(): Promise<void>;
}

export const mariadbAvailable = () => inject('mariadbAdminUrl') !== null;

export async function createTestMariadb(): Promise<TestMariadb> {
  const adminUrl = inject('mariadbAdminUrl');
  if (!adminUrl) throw new Error('MariaDB is not available for this run');
  const database = `efiction_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = await mysql.createConnection({ uri: adminUrl });
  await admin.query(`CREATE DATABASE \`${database}\` CHARACTER SET latin1`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const connection = await mysql.createConnection({ uri: url.toString(), multipleStatements: true });
  return {
    url: url.toString(),
    database,
    query: async (sql, values) => (await connection.query(sql, values))[0],
    async drop() {
      await connection.query(`DROP DATABASE IF EXISTS \`${database}\``);
      await connection.end();
    },
  };
}
