/**
 * A request during which a permission change committed (a ban, a role, a rule: core/settled-changes.ts)
 * is answered only once every other process has applied it, so the very next request, wherever it
 * lands, meets the change. Alone, or when nothing such changed, the answer goes out as it is.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Core } from '../core';

export function registerSettledAnswers(app: FastifyInstance, core: Core): void {
  const startedAt = new WeakMap<FastifyRequest, number>();
  app.addHook('onRequest', (request, _reply, done) => {
    startedAt.set(request, core.settled.epoch);
    done();
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    const started = startedAt.get(request);
    if (started !== undefined && started !== core.settled.epoch) await core.settled.settle();
    return payload;
  });
}
