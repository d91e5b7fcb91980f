/**
 * While the event loop cannot keep up (tools/event-loop-load.ts), new API requests are answered at
 * once with 503 and `Retry-After` instead of queueing without end behind the work already waiting:
 * a member retries a moment later (the SDK surfaces the 503), and the work in flight finishes
 * sooner. The health probes are always answered, so a load balancer can see the state, and so are
 * the web app's files and open live streams (which cost nothing until an event).
 */
import type { FastifyInstance } from 'fastify';
import type { EventLoopLoad } from '../tools/event-loop-load';
import { ApiError } from './errors';

/** Seconds a refused client is told to wait. */
const RETRY_AFTER_SECONDS = 1;

const ESSENTIAL = /^\/api\/health(\/|$|\?)/;

export function registerLoadShedding(app: FastifyInstance, load: EventLoopLoad): void {
  load.onChange((overloaded, delayMs) => {
    if (overloaded) app.log.warn({ eventLoopDelayMs: delayMs }, 'overloaded: refusing new API requests');
    else app.log.info({ eventLoopDelayMs: delayMs }, 'keeping up again: serving every request');
  });
  // Answered here rather than thrown: the error handler would log every refusal as a failure.
  app.addHook('onRequest', async (request, reply) => {
    if (!load.overloaded || !request.url.startsWith('/api/') || ESSENTIAL.test(request.url)) return;
    const refusal = new ApiError(503, 'The server is busy. Please try again in a moment.');
    await reply
      .code(503)
      .header('Retry-After', String(RETRY_AFTER_SECONDS))
      .type('application/json')
      .send(refusal.toJSON());
  });
}
