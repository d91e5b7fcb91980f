/**
 * `GET /api/metrics` (superusers): the process's metrics in the Prometheus text format, with
 * prom-client (docs/adr/0033-metrics-with-prom-client.md). Requests are counted and timed per route
 * group (records, auth, realtime, files, ...), never per URL, so the number of series stays small;
 * the rest is read from the parts that already count (the answer cache, the PostgreSQL pool, the
 * realtime broker, the periodic jobs, the mailer, the log writer) when a scrape asks. Node's own
 * metrics (event-loop delay, heap, GC, handles) come from prom-client's defaults, once per process.
 * A scrape is logged only when it fails.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Core } from '../core';
import type { ListCache } from '../core/records/list-cache';
import type { Database } from '../db/types';
import { requireSuperuser } from './collections';

let processRegistry: Registry | undefined;

/** Node's metrics, registered once however many servers the process starts (tests, restores). */
function nodeMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 10 });
  }
  return processRegistry;
}

const GROUPS: Array<[RegExp, string]> = [
  [/^\/api\/collections\/[^/]+\/(auth-|request-|confirm-|impersonate)/, 'auth'],
  [/^\/api\/collections\/[^/]+\/records/, 'records'],
  [/^\/api\/oauth2-redirect/, 'auth'],
  [/^\/api\/([a-z0-9-]+)/, '$1'],
];

/** The route group of a request, from its route's pattern (so unmatched paths are one group). */
export function routeGroup(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (!pattern) return 'unmatched';
  if (!pattern.startsWith('/api/')) return 'web';
  for (const [test, group] of GROUPS) {
    const match = test.exec(pattern);
    if (match) return group === '$1' ? match[1]! : group;
  }
  return 'api';
}

/** A counter read from a running total when scraped (the parts keep their own counts). */
function totalCounter(
  registry: Registry,
  name: string,
  help: string,
  read: () => Array<[Record<string, string>, number]>,
): void {
  const last = new Map<string, number>();
  new Counter({
    name,
    help,
    registers: [registry],
    labelNames: [...new Set(read().flatMap(([labels]) => Object.keys(labels)))],
    collect() {
      for (const [labels, value] of read()) {
        const key = JSON.stringify(labels);
        const delta = value - (last.get(key) ?? 0);
        if (delta > 0) this.inc(labels, delta);
        last.set(key, value);
      }
    },
  });
}

export function registerMetrics(app: FastifyInstance, core: Core, db: Database): void {
  const registry = new Registry();
  const requests = new Counter({
    name: 'community_http_requests_total',
    help: 'HTTP requests answered, by method, route group and status class',
    labelNames: ['method', 'group', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'community_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route group (realtime streams are left out)',
    labelNames: ['method', 'group'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const group = routeGroup(request);
    const method = request.method;
    requests.inc({ method, group, status: `${Math.floor(reply.statusCode / 100)}xx` });
    if (group !== 'realtime' || method !== 'GET')
      latency.observe({ method, group }, reply.elapsedTime / 1000);
  });

  if (core.records.lists) cacheMetrics(registry, core.records.lists);

  if (db.poolStats) {
    const pool = db.poolStats.bind(db);
    new Gauge({
      name: 'community_db_pool_connections',
      help: 'PostgreSQL connections of this process, by state',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const { total, idle } = pool();
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'busy' }, total - idle);
      },
    });
    new Gauge({
      name: 'community_db_pool_waiting',
      help: 'Queries waiting for a PostgreSQL connection',
      registers: [registry],
      collect() {
        this.set(pool().waiting);
      },
    });
  }

  new Gauge({
    name: 'community_realtime_clients',
    help: 'Realtime streams open on this process',
    registers: [registry],
    collect() {
      this.set(core.realtime.broker.size);
    },
  });
  const events = new Counter({
    name: 'community_realtime_events_total',
    help: 'Committed record changes announced to realtime subscribers, by action',
    labelNames: ['action'],
    registers: [registry],
  });
  const stops = (['create', 'update', 'delete'] as const).map((action) =>
    core.hooks.on(`${action}Committed`, () => events.inc({ action })),
  );
  app.addHook('onClose', (_server, done) => {
    stops.forEach((stop) => stop());
    done();
  });

  const jobRuns = new Counter({
    name: 'community_job_runs_total',
    help: 'Periodic job runs, by job and outcome (skipped: another process or run had it)',
    labelNames: ['job', 'outcome'],
    registers: [registry],
  });
  const jobTime = new Histogram({
    name: 'community_job_duration_seconds',
    help: 'Time a periodic job took, by job',
    labelNames: ['job'],
    buckets: [0.01, 0.1, 0.5, 1, 5, 30, 120, 600],
    registers: [registry],
  });
  core.crons.onRun((run) => {
    jobRuns.inc({ job: run.id, outcome: run.outcome });
    if (run.outcome !== 'skipped') jobTime.observe({ job: run.id }, run.ms / 1000);
  });

  const mail = core.accountMail.mailer.stats;
  if (mail) {
    new Gauge({
      name: 'community_mail_sending',
      help: 'Mails being sent now (the mail queue)',
      registers: [registry],
      collect() {
        this.set(mail.sending);
      },
    });
    totalCounter(registry, 'community_mails_total', 'Mails sent or failed, by outcome', () => [
      [{ outcome: 'sent' }, mail.sent],
      [{ outcome: 'failed' }, mail.failed],
    ]);
  }
  totalCounter(registry, 'community_log_entries_total', 'Log entries stored or dropped, by outcome', () => [
    [{ outcome: 'written' }, core.logs.writer.written],
    [{ outcome: 'dropped' }, core.logs.writer.dropped],
  ]);

  app.get('/api/metrics', { config: { logSuccess: false } }, async (request, reply) => {
    requireSuperuser(request);
    const merged = Registry.merge([nodeMetrics(), registry]);
    return reply.type(merged.contentType).send(await merged.metrics());
  });
}

/** The answer cache's own counts (core/records/list-cache.ts). */
function cacheMetrics(registry: Registry, cache: ListCache): void {
  totalCounter(
    registry,
    'community_answer_cache_lookups_total',
    'Answer-cache look-ups, by kind and outcome',
    () => {
      const { stats } = cache;
      const pairs: Array<[string, number, number]> = [
        ['total', stats.hits, stats.misses],
        ['page', stats.pageHits, stats.pageMisses],
        ['answer', stats.renderedHits, stats.renderedMisses],
        ['address', stats.addressHits, stats.addressMisses],
        ['check', stats.checkHits, stats.checkMisses],
        ['row', stats.rowHits, stats.rowMisses],
      ];
      return pairs.flatMap(([kind, hit, miss]): Array<[Record<string, string>, number]> => [
        [{ kind, outcome: 'hit' }, hit],
        [{ kind, outcome: 'miss' }, miss],
      ]);
    },
  );
  totalCounter(
    registry,
    'community_answer_cache_evictions_total',
    'Remembered answers dropped for room',
    () => [[{}, cache.stats.evictions]],
  );
  new Gauge({
    name: 'community_answer_cache_bytes',
    help: 'Memory the remembered answers take (ANSWER_CACHE_MB is the limit)',
    registers: [registry],
    collect() {
      this.set(cache.answerBytes);
    },
  });
}
