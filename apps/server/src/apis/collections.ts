/** `/api/collections`: superusers manage the collection definitions (PocketBase's admin API). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Core } from '../core';
import { ApiError } from '../tools/api-error';
import { pickFields } from '../tools/picker';
import { queryInt, queryString, type Query } from './query-params';

export function requireSuperuser(request: FastifyRequest): void {
  if (!request.info.auth) throw new ApiError(401, 'The request requires valid record authorization token.');
  if (!request.info.auth.isSuperuser)
    throw new ApiError(403, 'The authorized record is not allowed to perform this action.');
}

type Params = { collection: string };

export function registerCollectionRoutes(app: FastifyInstance, core: Core): void {
  app.get('/api/collections', (request) => {
    requireSuperuser(request);
    const query = request.query as Query;
    const page = Math.max(1, queryInt(query, 'page', 1));
    const perPage = Math.min(Math.max(1, queryInt(query, 'perPage', 30)), 1000);
    const filter = queryString(query, 'filter')?.trim();
    let all = core.registry
      .all()
      .sort((a, b) => a.created.localeCompare(b.created) || a.name.localeCompare(b.name));
    // Collections are few; a name or type filter is enough here (`name = 'x'`, `type = 'auth'`).
    if (filter) {
      const match = /^(name|type|id)\s*(=|~)\s*['"]([^'"]*)['"]$/.exec(filter);
      if (!match) throw new ApiError(400);
      const [, key, op, value] = match as unknown as [string, 'name' | 'type' | 'id', string, string];
      all = all.filter((c) =>
        op === '=' ? c[key] === value : c[key].toLowerCase().includes(value.toLowerCase()),
      );
    }
    const items = all.slice((page - 1) * perPage, page * perPage);
    const fields = queryString(query, 'fields');
    return {
      page,
      perPage,
      totalItems: all.length,
      totalPages: Math.ceil(all.length / perPage),
      items: items.map((c) => pickFields(c, fields)),
    };
  });

  app.get<{ Params: Params }>('/api/collections/:collection', (request) => {
    requireSuperuser(request);
    return core.collections.require(request.params.collection);
  });

  app.post('/api/collections', async (request) => {
    requireSuperuser(request);
    return core.collections.create(request.body ?? {});
  });

  app.patch<{ Params: Params }>('/api/collections/:collection', async (request) => {
    requireSuperuser(request);
    return core.collections.update(request.params.collection, request.body ?? {});
  });

  app.delete<{ Params: Params }>('/api/collections/:collection', async (request, reply) => {
    requireSuperuser(request);
    await core.collections.delete(request.params.collection);
    return reply.status(204).send();
  });

  app.delete<{ Params: Params }>('/api/collections/:collection/truncate', async (request, reply) => {
    requireSuperuser(request);
    await core.collections.truncate(request.params.collection);
    return reply.status(204).send();
  });

  app.put('/api/collections/import', async (request, reply) => {
    requireSuperuser(request);
    const body = (request.body ?? {}) as { collections?: unknown; deleteMissing?: unknown };
    if (!Array.isArray(body.collections) || body.collections.length === 0) {
      throw new ApiError(400, 'An error occurred while validating the submitted data.', {
        collections: { code: 'validation_required', message: 'Cannot be blank.' },
      });
    }
    await core.collections.import(body.collections, body.deleteMissing === true);
    return reply.status(204).send();
  });
}
