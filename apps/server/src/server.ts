/**
 * Assembles the HTTP server: middlewares, then every route group in one visible list, then the SPA.
 * Nothing here knows about SQL; handlers reach the domain through the `AppContext`.
 */
import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { registerBodyLimits } from './apis/body-limits';
import { registerBodyParsers } from './apis/body-parsers';
import { registerErrorHandling } from './apis/errors';
import { registerGracefulClose } from './apis/graceful-close';
import { registerHealthRoutes, type ReadinessCheck } from './apis/health';
import { registerLoadShedding } from './apis/load-shedding';
import { registerSettledAnswers } from './apis/settled-answers';
import { registerSecurityHeaders } from './apis/security-headers';
import { registerSpa } from './apis/spa';
import { registerAccountRoutes } from './apis/account';
import { registerBatchRoutes } from './apis/batch';
import { registerCfVerificationRoutes } from './apis/cf-verification';
import { registerCollectionRoutes } from './apis/collections';
import { registerEpubRoutes } from './apis/epub';
import { registerFileRoutes } from './apis/files';
import { registerRecordAuthRoutes } from './apis/record-auth';
import { registerRecordAuthMailRoutes } from './apis/record-auth-mail';
import { registerRecordAuthOAuth2Routes } from './apis/record-auth-oauth2';
import { registerRecordAuthOtpRoutes } from './apis/record-auth-otp';
import { registerRecordCrudRoutes } from './apis/record-crud';
import { registerRateLimits } from './apis/rate-limits';
import { registerResponseCap } from './apis/response-cap';
import { registerRealtimeRoutes } from './apis/realtime';
import { registerRequestInfo } from './apis/request-info';
import { registerSearchRoutes } from './apis/search';
import { registerSettingsRoutes } from './apis/settings';
import { registerLogRoutes } from './apis/logs';
import { registerCronRoutes } from './apis/crons';
import { registerBackupRoutes } from './apis/backups';
import { registerMetrics } from './apis/metrics';
import { registerSiteRoutes } from './apis/site';
import { registerRequestLog } from './apis/request-log';
import type { Core } from './core';
import type { Config, TrustProxy } from './config';
import type { Database } from './db/types';
import type { Logger } from './tools/logger';
import { eventLoopCheck, readinessChecks } from './readiness';
import { EventLoopLoad } from './tools/event-loop-load';

export interface AppContext {
  config: Config;
  db: Database;
  core: Core;
  logger: Logger;
  /** What `/api/health/ready` asks; by default the database and the core's file storage. */
  readiness?: ReadinessCheck[];
}

/**
 * PocketBase's default body limit: what one uploaded file may be. JSON and url-encoded bodies are
 * limited per route, far lower (apis/body-limits.ts).
 */
const BODY_LIMIT_BYTES = 32 * 1024 * 1024;

/**
 * `TRUST_PROXY` as Fastify takes it. Fastify turns a bare hop count into "trust nothing" (a client
 * reaching the server directly could otherwise name itself); an operator who sets one has said the
 * server is only reachable through that many proxies, so the count becomes the rule it always
 * meant: the socket's peer and the next `hops - 1` entries of `X-Forwarded-For` are proxies.
 */
function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** Every route a server answers, as `METHOD /path` (the OpenAPI test compares them with the document). */
const routeTables = new WeakMap<FastifyInstance, string[]>();

export function routeTable(app: FastifyInstance): readonly string[] {
  return routeTables.get(app) ?? [];
}

export async function createServer(ctx: AppContext): Promise<FastifyInstance> {
  // Seen through Fastify's own logger interface, so every module shares one FastifyInstance type.
  const loggerInstance: FastifyBaseLogger = ctx.logger;
  const app = Fastify({
    loggerInstance,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(ctx.config.trustProxy),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  const load = new EventLoopLoad(ctx.config.loadShedDelayMs);
  app.addHook('onClose', (_instance, done) => {
    load.stop();
    done();
  });
  const routes: string[] = [];
  routeTables.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push(`${method} ${route.url}`);
  });

  registerErrorHandling(app);
  registerGracefulClose(app);
  registerBodyParsers(app);
  registerBodyLimits(app);
  registerSecurityHeaders(app);
  registerLoadShedding(app, load);
  await app.register(cors, { origin: '*' });
  await app.register(multipart, { limits: { fileSize: BODY_LIMIT_BYTES, parts: 1000 } });
  registerRequestInfo(app, ctx.core);
  registerRequestLog(app, ctx.core);
  registerMetrics(app, ctx.core, ctx.db);
  registerRateLimits(app, ctx.core);
  registerResponseCap(app);
  registerSettledAnswers(app, ctx.core);

  // Route groups, one per PocketBase endpoint family.
  const readiness = ctx.readiness ?? readinessChecks({ db: ctx.db, files: ctx.core.records.files });
  registerHealthRoutes(app, [...readiness, eventLoopCheck(load)]);
  registerCollectionRoutes(app, ctx.core);
  registerRecordCrudRoutes(app, ctx.core);
  registerRecordAuthRoutes(app, ctx.core);
  registerRecordAuthMailRoutes(app, ctx.core);
  registerRecordAuthOtpRoutes(app, ctx.core);
  registerRecordAuthOAuth2Routes(app, ctx.core, ctx.config);
  registerSettingsRoutes(app, ctx.core);
  registerSiteRoutes(app, ctx.config);
  registerLogRoutes(app, ctx.core);
  registerCronRoutes(app, ctx.core);
  registerBackupRoutes(app, ctx.core);
  registerSearchRoutes(app, ctx.core);
  registerEpubRoutes(app, ctx.core);
  registerCfVerificationRoutes(app, ctx.core, ctx.config);
  registerAccountRoutes(app, ctx.core);
  registerBatchRoutes(app, ctx.core);
  registerFileRoutes(app, ctx.core);
  registerRealtimeRoutes(app, ctx.core);

  await registerSpa(app, ctx.config.webDist);
  return app;
}
