import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../src/config';
import { createCore, type Core, type CoreCluster } from '../../src/core';
import { createMailer, type Mailer } from '../../src/core/mail/mailer';
import type { Database } from '../../src/db/types';
import { openFileStorage } from '../../src/file-storage';
import { createServer } from '../../src/server';
import type { FileStorage } from '../../src/tools/files/storage';
import { createLogger, type Logger } from '../../src/tools/logger';

export interface TestServerOptions {
  config?: Partial<Config>;
  /** Adds test-only routes before the server is sealed. */
  extend?: (server: FastifyInstance) => void;
  /** Receives the server's core, for fixtures that build data through it. */
  onCore?: (core: Core) => void;
  /** Where mail goes; by default an outbox in a temporary directory. */
  mailer?: Mailer;
  /** Where logs go; silent by default. */
  logger?: Logger;
  /** Abuse limits are off in tests unless a test is about them (suites send many requests from one address). */
  rateLimits?: boolean;
  /** What this server shares with others (src/cluster.ts); alone by default. */
  cluster?: CoreCluster;
  /** Where uploads go; by default what the configuration chooses (src/file-storage.ts). */
  files?: FileStorage;
}

/** A server over the given database, configured as in production but silent and without a real port. */
export async function createTestServer(
  db: Database,
  options: TestServerOptions = {},
): Promise<FastifyInstance> {
  // No load shedding unless a test is about it: suites share a busy machine and block the loop at will.
  const config = {
    // A run with ANSWER_CACHE_VERIFY=1 checks every remembered answer in every suite.
    ...loadConfig({ LOG_LEVEL: 'silent', ANSWER_CACHE_VERIFY: process.env.ANSWER_CACHE_VERIFY }),
    webDist: '/nonexistent',
    loadShedDelayMs: 0,
    ...options.config,
  };
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: undefined,
      outboxDir: fs.mkdtempSync(path.join(os.tmpdir(), 'community-outbox-')),
      from: 'test@example.com',
      log: () => undefined,
    });
  const files = options.files ?? openFileStorage(config);
  // bcrypt cost 10 is the lowest allowed and what production uses by default.
  const core = await createCore(db, {
    appName: config.siteTitle,
    appURL: config.publicUrl,
    bcryptCost: 10,
    mailer,
    verifyAnswers: config.answerCacheVerify,
    files,
    workLimits: config.heavyWork,
    ...(options.cluster ? { cluster: options.cluster } : {}),
  });
  if (!options.rateLimits) await core.settings.update(db.kysely, { rateLimits: { enabled: false } });
  const server = await createServer({ config, db, core, logger: options.logger ?? createLogger('silent') });
  server.addHook('onClose', async () => {
    await core.close();
    if (!options.files) await files.close();
  });
  options.onCore?.(core);
  options.extend?.(server);
  await server.ready();
  return server;
}
