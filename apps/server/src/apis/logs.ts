/**
 * `/api/logs` as PocketBase has it (apis/logs.go): superusers list the stored logs with page,
 * perPage, filter and sort over `id`, `created`, `level`, `message` and `data.*`, view one by id,
 * and count them per hour (`/stats`). Reading the logs is itself logged only when it fails.
 */
import type { FastifyInstance } from 'fastify';
import type { Core } from '../core';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../core/records/read';
import { ApiError } from '../tools/api-error';
import { requireSuperuser } from './collections';
import { queryBool, queryInt, queryString, type Query } from './query-params';

const quiet = { config: { logSuccess: false } };

export function registerLogRoutes(app: FastifyInstance, core: Core): void {
  app.get('/api/logs', quiet, async (request) => {
    requireSuperuser(request);
    const query = request.query as Query;
    const requested = queryInt(query, 'perPage', DEFAULT_PER_PAGE);
    return core.logs.store.list({
      page: Math.max(1, queryInt(query, 'page', 1)),
      perPage: requested <= 0 ? DEFAULT_PER_PAGE : Math.min(requested, MAX_PER_PAGE),
      filter: queryString(query, 'filter'),
      sort: queryString(query, 'sort'),
      skipTotal: queryBool(query, 'skipTotal'),
    });
  });

  app.get('/api/logs/stats', quiet, async (request) => {
    requireSuperuser(request);
    return core.logs.store.stats(queryString(request.query as Query, 'filter'));
  });

  app.get<{ Params: { id: string } }>('/api/logs/:id', quiet, async (request) => {
    requireSuperuser(request);
    const entry = request.params.id ? await core.logs.store.find(request.params.id) : undefined;
    if (!entry) throw new ApiError(404);
    return entry;
  });
}
