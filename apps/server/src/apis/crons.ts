/**
 * `/api/crons` as PocketBase has it (apis/cron.go): superusers list the periodic jobs (`{id,
 * expression}`) and start one at once; the answer (204) does not wait for the job to finish.
 */
import type { FastifyInstance } from 'fastify';
import type { Core } from '../core';
import { ApiError } from '../tools/api-error';
import { requireSuperuser } from './collections';

export function registerCronRoutes(app: FastifyInstance, core: Core): void {
  app.get('/api/crons', (request, reply) => {
    requireSuperuser(request);
    return reply.send(core.crons.list());
  });

  app.post<{ Params: { id: string } }>('/api/crons/:id', async (request, reply) => {
    requireSuperuser(request);
    const { found } = core.crons.runNow(request.params.id);
    if (!found) throw new ApiError(404, 'Missing or invalid cron job.');
    return reply.status(204).send();
  });
}
