/**
 * While the event loop cannot keep up (tools/event-loop-load.ts), new API work is answered at once
 * with 503 and `Retry-After` instead of queueing without end behind the work already waiting: a
 * member retries a moment later (the SDK surfaces the 503), and the work in flight finishes sooner.
 *
 * What is refused depends on how far behind the loop is. Overloaded, only the costliest work that
 * can wait is refused: changing live subscriptions, books, backups, imports, batches and large
 * bodies. One member sending those over and over is the usual cause, and the other members' pages
 * go on being served. Severely overloaded, every new API request is refused. The health probes are
 * always answered, so a load balancer can see the state, and so are the web app's files and open
 * live streams (which cost nothing until an event).
 */
import type { FastifyInstance } from 'fastify';
import type { EventLoopLoad } from '../tools/event-loop-load';
import { ApiError } from './errors';

/** Seconds a refused client is told to wait. */
const RETRY_AFTER_SECONDS = 1;

const ESSENTIAL = /^\/api\/health(\/|$|\?)/;

/** Requests whose work is the costliest and can wait a moment: `[method, path pattern]`. */
const COSTLY: Array<[string, RegExp]> = [
  ['POST', /^\/api\/realtime(\?|$)/],
  ['GET', /^\/api\/epub\//],
  ['POST', /^\/api\/backups(\/|\?|$)/],
  ['PUT', /^\/api\/collections\/import(\?|$)/],
  ['POST', /^\/api\/batch(\?|$)/],
];

/** A body larger than this (uploads, mostly) is costly whatever the route. */
export const COSTLY_BODY_BYTES = 1024 * 1024;

export type LoopLevel = 'keeping-up' | 'overloaded' | 'severe';

export interface ShedSubject {
  method: string;
  /** The route the router serves (its pattern), so that no other spelling of a path escapes. */
  url: string;
  /** The request's `content-length`, when it sent one. */
  contentLength: number;
}

/** Whether a new request is refused at this level of load. */
export function refusedAt(level: LoopLevel, subject: ShedSubject): boolean {
  if (level === 'keeping-up' || !subject.url.startsWith('/api/') || ESSENTIAL.test(subject.url)) return false;
  if (level === 'severe') return true;
  if (subject.contentLength > COSTLY_BODY_BYTES) return true;
  return COSTLY.some(([method, path]) => method === subject.method && path.test(subject.url));
}

function levelOf(load: EventLoopLoad): LoopLevel {
  if (!load.overloaded) return 'keeping-up';
  return load.severelyOverloaded ? 'severe' : 'overloaded';
}

export function registerLoadShedding(app: FastifyInstance, load: EventLoopLoad): void {
  load.onChange((overloaded, delayMs) => {
    if (overloaded) app.log.warn({ eventLoopDelayMs: delayMs }, 'overloaded: refusing costly API requests');
    else app.log.info({ eventLoopDelayMs: delayMs }, 'keeping up again: serving every request');
  });
  // Answered here rather than thrown: the error handler would log every refusal as a failure.
  app.addHook('onRequest', async (request, reply) => {
    const level = levelOf(load);
    if (level === 'keeping-up') return;
    const contentLength = Number(request.headers['content-length'] ?? 0) || 0;
    const url = request.routeOptions.url ?? request.url;
    if (!refusedAt(level, { method: request.method, url, contentLength })) return;
    const refusal = new ApiError(503, 'The server is busy. Please try again in a moment.');
    await reply
      .code(503)
      .header('Retry-After', String(RETRY_AFTER_SECONDS))
      .type('application/json')
      .send(refusal.toJSON());
  });
}
