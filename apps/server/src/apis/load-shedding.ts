/**
 * While the event loop cannot keep up (tools/event-loop-load.ts), new API requests are answered at
 * once with 503 and `Retry-After` instead of queueing without end behind the work already waiting:
 * a member retries a moment later (the SDK surfaces the 503), and the work in flight finishes
 * sooner. The health probes are always answered, so a load balancer can see the state, and so are
 * the web app's files and open live streams (which cost nothing until an event). The clients that
 * weigh most lately (requests, and the bytes of their bodies) are refused first, so a member's flood
 * is refused rather than everyone beside it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EventLoopLoad } from '../tools/event-loop-load';
import { RecentShares } from '../tools/recent-shares';
import { ApiError } from './errors';

/** Seconds a refused client is told to wait. */
const RETRY_AFTER_SECONDS = 1;

const ESSENTIAL = /^\/api\/health(\/|$|\?)/;

/** A client with at least this part of the recent weight is refused first under overload. */
const HEAVY_SHARE = 0.25;
/** How long the others are served after a heavy client was last refused. */
const HEAVY_MEMORY_MS = 1000;
/** Each request weighs 1, plus 1 for every 16 KiB of body it makes the server read. */
const BODY_BYTES_PER_WEIGHT = 16 * 1024;

/** Who asks: the token a member sends, or the address of anyone without one. */
function clientKey(request: FastifyRequest): string {
  const authorization = request.headers.authorization;
  return authorization ? `auth:${authorization}` : `ip:${request.ip}`;
}

function weightOf(request: FastifyRequest): number {
  const length = Number(request.headers['content-length'] ?? 0);
  return 1 + (Number.isFinite(length) && length > 0 ? Math.ceil(length / BODY_BYTES_PER_WEIGHT) : 0);
}

export function registerLoadShedding(app: FastifyInstance, load: EventLoopLoad): void {
  load.onChange((overloaded, delayMs) => {
    if (overloaded) app.log.warn({ eventLoopDelayMs: delayMs }, 'overloaded: refusing new API requests');
    else app.log.info({ eventLoopDelayMs: delayMs }, 'keeping up again: serving every request');
  });
  const shares = new RecentShares();
  let heavyUntil = 0;
  // Answered here rather than thrown: the error handler would log every refusal as a failure.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || ESSENTIAL.test(request.url)) return;
    const key = clientKey(request);
    shares.add(key, weightOf(request));
    if (!load.overloaded) return;
    // The heaviest clients are refused first; while one is, the others are served, and only an
    // overload nobody in particular causes refuses everyone.
    const now = performance.now();
    const heavy = shares.share(key, now) >= HEAVY_SHARE;
    if (heavy) heavyUntil = now + HEAVY_MEMORY_MS;
    else if (now < heavyUntil) return;
    const refusal = new ApiError(503, 'The server is busy. Please try again in a moment.');
    await reply
      .code(503)
      .header('Retry-After', String(RETRY_AFTER_SECONDS))
      .type('application/json')
      .send(refusal.toJSON());
  });
}
