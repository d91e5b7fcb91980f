/** `/api/collections/{collection}/records`: list, view, create, update, delete. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Core } from '../core';
import type { Collection } from '../core/collections/model';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../core/records/read';
import { answerView } from '../core/records/view-answers';
import { answerList } from '../core/records/list-answers';
import { createRecord, deleteRecord, updateRecord } from '../core/records/write';
import { ApiError } from '../tools/api-error';
import { assertValidFields, pickFields } from '../tools/picker';
import { queryBool, queryInt, queryString, type Query } from './query-params';
import { uploadCapFor } from '../core/files/record-files';
import { readRecordBody } from './record-body';
import { assertReadableBody } from './body-parsers';
import { renderRecords } from '../core/records/render';

type Params = { collection: string; id?: string };

export function requireCollection(core: Core, idOrName: string): Collection {
  const collection = core.registry.find(idOrName);
  if (!collection) throw new ApiError(404, 'Missing collection context.');
  return collection;
}

async function renderOne(
  core: Core,
  collection: Collection,
  record: Record<string, unknown>,
  request: FastifyRequest,
) {
  const query = request.query as Query;
  const [json] = await renderRecords(
    core.records,
    collection,
    [record],
    request.info,
    queryString(query, 'expand'),
  );
  return pickFields(json, queryString(query, 'fields'));
}

export function registerRecordCrudRoutes(app: FastifyInstance, core: Core): void {
  app.get<{ Params: Params }>('/api/collections/:collection/records', async (request, reply) => {
    const collection = requireCollection(core, request.params.collection);
    assertReadableBody(request);
    const query = request.query as Query;
    const page = Math.max(1, queryInt(query, 'page', 1));
    const requested = queryInt(query, 'perPage', DEFAULT_PER_PAGE);
    const perPage = requested <= 0 ? DEFAULT_PER_PAGE : Math.min(requested, MAX_PER_PAGE);
    const json = await answerList(
      core,
      collection,
      {
        page,
        perPage,
        sort: queryString(query, 'sort'),
        filter: queryString(query, 'filter'),
        skipTotal: queryBool(query, 'skipTotal'),
        expand: queryString(query, 'expand'),
        fields: queryString(query, 'fields'),
      },
      request.info,
    );
    // Already JSON text (possibly remembered): sent as it is.
    return reply.type('application/json; charset=utf-8').send(json);
  });

  app.get<{ Params: Params }>('/api/collections/:collection/records/:id', async (request, reply) => {
    const collection = requireCollection(core, request.params.collection);
    assertReadableBody(request);
    const query = request.query as Query;
    const json = await answerView(
      core,
      collection,
      request.params.id ?? '',
      { expand: queryString(query, 'expand'), fields: queryString(query, 'fields') },
      request.info,
    );
    // Already JSON text (possibly remembered): sent as it is.
    return reply.type('application/json; charset=utf-8').send(json);
  });

  app.post<{ Params: Params }>('/api/collections/:collection/records', async (request) => {
    const collection = requireCollection(core, request.params.collection);
    assertValidFields(queryString(request.query as Query, 'fields'));
    const body = await readRecordBody(request, { uploadCap: uploadCapFor(collection) });
    const record = await createRecord(core.records, collection, body, request.info);
    return renderOne(core, collection, record, request);
  });

  app.patch<{ Params: Params }>('/api/collections/:collection/records/:id', async (request) => {
    const collection = requireCollection(core, request.params.collection);
    assertValidFields(queryString(request.query as Query, 'fields'));
    const body = await readRecordBody(request, { uploadCap: uploadCapFor(collection) });
    const record = await updateRecord(core.records, collection, request.params.id ?? '', body, request.info);
    return renderOne(core, collection, record, request);
  });

  app.delete<{ Params: Params }>('/api/collections/:collection/records/:id', async (request, reply) => {
    const collection = requireCollection(core, request.params.collection);
    await deleteRecord(core.records, collection, request.params.id ?? '', request.info);
    return reply.status(204).send();
  });
}
