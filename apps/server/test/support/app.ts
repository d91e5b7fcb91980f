import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../src/config';
import type { Database } from '../../src/db/types';
import { createCore, type Core } from '../../src/core';
import { createServer } from '../../src/server';
import { createLogger } from '../../src/tools/logger';

/** A server over the given database, configured as in production but silent and without a real port. */
export async function createTestServer(
  db: Database,
  overrides: Partial<Config> = {},
  /** Adds test-only routes before the server is sealed. */
  extend?: (server: FastifyInstance) => void,
  /** Receives the server's core, for fixtures that build data through it. */
  onCore?: (core: Core) => void,
): Promise<FastifyInstance> {
  const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), ...overrides };
  // The lowest bcrypt cost allowed keeps the suites fast; production uses the same minimum or more.
  const core = await createCore(db, { appName: config.siteTitle, appURL: config.publicUrl, bcryptCost: 10 });
  const server = await createServer({ config, db, core, logger: createLogger('silent') });
  server.addHook('onClose', () => core.close());
  onCore?.(core);
  extend?.(server);
  await server.ready();
  return server;
}
