/**
 * Which external services the tests may use. Without CI=true a missing service skips its suites with a
 * visible message; with CI=true (as .ci/run sets) a missing service is a failure, never a silent skip.
 */
export const isCI = process.env.CI === 'true' || process.env.CI === '1';

/** An admin connection to a PostgreSQL server where the tests may create and drop databases. */
export const postgresAdminUrl =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A MariaDB (or MySQL) server where the importer's tests may create and drop databases of their own. */
export const mariadbAdminUrl = process.env.TEST_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306/';
