import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../src/config';
import type { Database } from '../../src/db/types';
import { createServer } from '../../src/server';
import { createLogger } from '../../src/tools/logger';

/** A server over the given database, configured as in production but silent and without a real port. */
export async function createTestServer(
  db: Database,
  overrides: Partial<Config> = {},
  /** Adds test-only routes before the server is sealed. */
  extend?: (server: FastifyInstance) => void,
): Promise<FastifyInstance> {
  const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), ...overrides };
  const server = await createServer({ config, db, logger: createLogger('silent') });
  extend?.(server);
  await server.ready();
  return server;
}
