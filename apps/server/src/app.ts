/**
 * The process lifecycle: open the database, migrate, listen, and close everything in order on
 * SIGINT/SIGTERM so in-flight requests finish and the SQLite WAL is checkpointed cleanly.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createMailer, type Mailer } from './core/mail/mailer';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { systemMigrations } from './core/migrations';
import { migrateToLatest } from './db/migrations/runner';
import { openDatabase } from './db/open';
import type { Database } from './db/types';
import { communityCollections } from './collections';
import { createCore, type Core } from './core';
import type { Restart } from './core/backups/service';
import { registerSite } from './site';
import { schedulePresenceSweep } from './site/presence';
import { scheduleScheduledPublishing } from './site/scheduled';
import { scheduleAccountErasure } from './site/account-deletion';
import { scheduleDataExports } from './site/data-export';
import { scheduleMailQueue } from './site/mail-queue';
import { ensureCollections } from './site/ensure-collections';
import { seedSite, type SeedReport } from './site/seed';
import { createServer } from './server';
import { openCluster } from './cluster';
import { describeFileStorage, openFileStorage } from './file-storage';
import { createLogger, type Logger } from './tools/logger';
import { readinessChecks } from './readiness';

export interface RunningApp {
  server: FastifyInstance;
  db: Database;
  core: Core;
  logger: Logger;
  /** The address actually bound (useful with port 0). */
  url: string;
  /** What a first start seeded (null on later starts). */
  seeded: SeedReport | null;
  close(): Promise<void>;
}

export async function openAppDatabase(config: Config, logger: Logger): Promise<Database> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const db = openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    preparedStatements: config.preparedStatements,
  });
  const { applied } = await migrateToLatest(db, systemMigrations);
  if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  return db;
}

export function appMailer(config: Config, logger: Logger): Mailer {
  const host = new URL(config.publicUrl).hostname;
  return createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: path.join(config.dataDir, 'outbox'),
    from: `${config.siteTitle} <noreply@${host.includes('.') ? host : 'localhost.localdomain'}>`,
    log: (message, details) => logger.info(details, message),
  });
}

export interface StartOptions {
  /** Exit the process when a restart (a restore) leaves no server running, so a supervisor starts it. */
  exitOnFailedRestart?: boolean;
}

/**
 * Starts the server. A restore (core/backups) restarts it in place: the running instance closes,
 * the restored data is put in place, and a new instance starts on the same address; if it cannot
 * start, the previous data goes back and the server starts on that.
 */
export async function startApp(
  config: Config,
  logger = createLogger(config.logLevel),
  options: StartOptions = {},
): Promise<RunningApp> {
  let instance: Instance;
  let restarting: Promise<void> | undefined;
  const restart: Restart = (swap) => {
    restarting = (async () => {
      // The same port, so members' browsers and the proxy find the server where it was.
      const again = { ...config, port: instance.port };
      logger.warn('restarting the server to restore a backup');
      await instance.close();
      let revert: (() => Promise<void>) | undefined;
      try {
        revert = await swap();
      } catch (error) {
        logger.error({ err: error }, 'the backup could not be put in place; starting on the data as it was');
      }
      try {
        instance = await startInstance(again, logger, restart);
      } catch (error) {
        if (!revert) throw error;
        logger.error(
          { err: error },
          'the server did not start on the restored data; putting the previous data back',
        );
        await revert();
        instance = await startInstance(again, logger, restart);
      }
      logger.info({ restored: revert !== undefined }, 'restarted');
    })().catch((error: unknown) => {
      logger.fatal({ err: error }, 'the server could not start again after a restore');
      if (options.exitOnFailedRestart) process.exit(1);
      throw error;
    });
    return restarting;
  };
  instance = await startInstance(config, logger, restart);
  const seeded = instance.seeded;
  let closing: Promise<void> | undefined;
  return {
    get server() {
      return instance.server;
    },
    get db() {
      return instance.db;
    },
    get core() {
      return instance.core;
    },
    logger,
    get url() {
      return instance.url;
    },
    seeded,
    close() {
      closing ??= (async () => {
        await restarting?.catch(() => undefined);
        await instance.close();
      })();
      return closing;
    },
  };
}

interface Instance {
  server: FastifyInstance;
  db: Database;
  core: Core;
  url: string;
  port: number;
  seeded: SeedReport | null;
  close(): Promise<void>;
}

async function startInstance(config: Config, logger: Logger, restart: Restart): Promise<Instance> {
  const db = await openAppDatabase(config, logger);
  const cluster = await openCluster(config, logger).catch(async (error: unknown) => {
    await db.destroy();
    throw error;
  });
  const files = openFileStorage(config);
  // Like the database and Redis: a storage that cannot be used stops the start, with the reason.
  await files.check().catch(async (error: unknown) => {
    await files.close();
    await cluster.close();
    await db.destroy();
    throw error;
  });
  logger.info(describeFileStorage(config), 'file storage');
  const core = await createCore(db, {
    appName: config.siteTitle,
    appURL: config.publicUrl,
    mailer: appMailer(config, logger),
    cluster: cluster.core,
    files,
    answerCacheBytes: config.answerCacheBytes,
    verifyAnswers: config.answerCacheVerify,
    workLimits: config.heavyWork,
    dataDir: config.dataDir,
    ...(config.s3 ? {} : { uploadsDir: path.join(config.dataDir, 'storage') }),
    restart,
    onError: (error, message) => logger.error({ err: error }, message),
  });
  // Processes starting together on a fresh database take turns, so only the first creates the
  // collections and seeds; the others then find them (hence the reload once the lock is theirs).
  const startup = await db.withLock('startup', { wait: true }, async () => {
    await core.registry.reload(db.kysely);
    const site = await ensureCollections(core, communityCollections);
    registerSite(core);
    // A fresh install (the pages collection was just created) gets its pages, and demo content if wanted.
    const seeded = site.created.includes('pages') ? await seedSite(core, { demo: config.seedDemo }) : null;
    return { site, seeded };
  });
  if (!startup.acquired) throw new Error('the start-up lock was not granted');
  const { site, seeded } = startup.value;
  if (site.created.length || site.updated.length)
    logger.info(site, 'community collections brought up to date');
  schedulePresenceSweep(core);
  scheduleScheduledPublishing(core, config.scheduledPublishEveryMs);
  scheduleAccountErasure(core, config.accountErasureEveryMs);
  scheduleDataExports(core, config.dataExportEveryMs);
  scheduleMailQueue(core, config.mailQueueEveryMs);
  core.crons.start();
  const readiness = readinessChecks({ db, files, pingRedis: cluster.ping });
  const server = await createServer({ config, db, core, logger, readiness });
  await server.listen({ host: config.host, port: config.port });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  let closing: Promise<void> | undefined;
  return {
    server,
    db,
    core,
    url: `http://${host}:${port}`,
    port,
    seeded,
    close() {
      closing ??= (async () => {
        core.crons.stop();
        await server.close();
        await core.close();
        await files.close();
        await cluster.close();
        await db.destroy();
      })();
      return closing;
    },
  };
}

/** Closes the app on the first SIGINT/SIGTERM; a second signal, or a stuck close, exits at once. */
export function closeOnSignals(app: RunningApp, timeoutMs: number): void {
  let signalled = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) process.exit(1);
    signalled = true;
    app.logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.logger.error('shutdown timed out');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    app.close().then(
      () => {
        app.logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        app.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
