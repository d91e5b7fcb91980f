import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isSuperuser } from '../core/rules/request-info';

/** One thing the server needs in order to serve requests (the database, Redis, the file storage). */
export interface ReadinessCheck {
  name: string;
  /** Resolves when the dependency answers; rejects, saying why, when it does not. */
  probe(): Promise<void>;
}

/** A dependency that has not answered by then counts as unreachable (the probe must not hang). */
const PROBE_TIMEOUT_MS = 3_000;

/**
 * Headers that suggest a reverse proxy in front, in PocketBase's order (healthCheck in apis/health.go):
 * the configured trusted-proxy headers first (none here: when `TRUST_PROXY` is set, Fastify already
 * reads X-Forwarded-For into `realIP`), then two common CDN headers. PocketBase's list ends with an "X-Forwarded-For" spelled
 * with a non-ASCII hyphen, which no request carries, so it is left out here.
 */
const TRUSTED_PROXY_HEADERS: readonly string[] = [];
const COMMON_PROXY_HEADERS = ['CF-Connecting-IP', 'Fly-Client-IP'];

function possibleProxyHeader(request: FastifyRequest): string {
  for (const header of [...TRUSTED_PROXY_HEADERS, ...COMMON_PROXY_HEADERS]) {
    if (request.headers[header.toLowerCase()]) return header;
  }
  return '';
}

/**
 * `GET /api/health` (HEAD answers too): a liveness probe for load balancers and the SDK's
 * `health.check()`. Superusers also get `canBackup` (backups run from the command line in their
 * own process, never inside the server, so one is never in progress here), the address the request
 * came from, and the first proxy header present; everyone else gets `data: {}`.
 *
 * `GET /api/health/ready`: a readiness probe. It asks each dependency and answers 200 when all
 * answer, 503 when one does not, naming which (`data.<name>` is `ok` or `unavailable`). The reasons
 * go to the log, not to the caller: they may carry host names and paths.
 */
export function registerHealthRoutes(app: FastifyInstance, checks: readonly ReadinessCheck[] = []): void {
  app.get('/api/health', (request) => ({
    message: 'API is healthy.',
    code: 200,
    data: isSuperuser(request.info)
      ? { canBackup: true, realIP: request.ip, possibleProxyHeader: possibleProxyHeader(request) }
      : {},
  }));

  // Requests arriving while a round of probes runs share its answer, so a burst of probes costs
  // each dependency one question.
  let running: Promise<ReadinessReport> | undefined;
  app.get('/api/health/ready', async (request, reply) => {
    running ??= probeAll(checks).finally(() => (running = undefined));
    const report = await running;
    if (report.failures.length > 0) {
      request.log.warn({ unavailable: report.failures }, 'not ready');
    }
    const ready = report.failures.length === 0;
    reply.code(ready ? 200 : 503).header('Cache-Control', 'no-store');
    return {
      message: ready ? 'API is ready.' : 'API is not ready.',
      code: ready ? 200 : 503,
      data: report.states,
    };
  });
}

interface ReadinessReport {
  states: Record<string, 'ok' | 'unavailable'>;
  failures: Array<{ name: string; reason: string }>;
}

async function probeAll(checks: readonly ReadinessCheck[]): Promise<ReadinessReport> {
  const outcomes = await Promise.allSettled(checks.map((check) => withTimeout(check.probe())));
  const report: ReadinessReport = { states: {}, failures: [] };
  outcomes.forEach((outcome, index) => {
    const name = checks[index]!.name;
    report.states[name] = outcome.status === 'fulfilled' ? 'ok' : 'unavailable';
    if (outcome.status === 'rejected') {
      report.failures.push({ name, reason: String((outcome.reason as Error)?.message ?? outcome.reason) });
    }
  });
  return report;
}

function withTimeout(work: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
