/**
 * `POST /api/batch`: up to `batch.maxRequests` record writes in one transaction, run in order with
 * the outer request's auth. If any fails, everything rolls back and the answer names the failed item.
 * Responses are rendered after the commit (expand reads outside the transaction).
 */
import type { FastifyInstance } from 'fastify';
import type { Core } from '../core';
import type { Collection } from '../core/collections/model';
import type { RecordData } from '../core/records/record';
import { findRecord } from '../core/records/find';
import { inWriteScope, type WriteScope } from '../core/records/scope';
import { createRecord, deleteRecord, updateRecord } from '../core/records/write';
import { headersToSnake, type RequestInfo } from '../core/rules/request-info';
import { ApiError } from '../tools/api-error';
import { assertValidFields, pickFields } from '../tools/picker';
import { batchUploadCap } from '../core/files/record-files';
import { attachBatchUploads, readRecordBody } from './record-body';
import { renderRecords } from '../core/records/render';

interface BatchItem {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: Record<string, unknown>;
}

type Outcome =
  | { status: 200; collection: Collection; record: RecordData; query: URLSearchParams; info: RequestInfo }
  | { status: 204 };

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const RECORDS_URL = /^\/api\/collections\/([^/?#]+)\/records(?:\/([^/?#]+))?\/?(?:\?(.*))?$/;

function invalid(data: Record<string, unknown>): ApiError {
  return new ApiError(400, 'Invalid batch request data.', data);
}

function validateItems(body: Record<string, unknown>, max: number): BatchItem[] {
  const requests = body.requests;
  if (!Array.isArray(requests) || requests.length === 0)
    throw invalid({ requests: { code: 'validation_required', message: 'Cannot be blank.' } });
  if (requests.length > max) {
    throw invalid({
      requests: { code: 'validation_length_too_long', message: `The length must be no more than ${max}.` },
    });
  }
  const errors: Record<string, unknown> = {};
  requests.forEach((raw: unknown, i) => {
    const itemErrors = validateItem(raw);
    if (itemErrors) errors[i] = itemErrors;
  });
  if (Object.keys(errors).length) throw invalid({ requests: errors });
  return requests as BatchItem[];
}

const blank = { code: 'validation_required', message: 'Cannot be blank.' };

/**
 * One item's errors, field by field, each field stopping at its first failing check (PocketBase's
 * `InternalRequest.Validate` in core/event_request_batch.go): `method` required and exactly one of
 * GET/POST/PUT/PATCH/DELETE (case matters), `url` required and at most 2000 characters.
 */
function validateItem(raw: unknown): Record<string, unknown> | null {
  const item = (raw && typeof raw === 'object' ? raw : {}) as Partial<Record<keyof BatchItem, unknown>>;
  const method = item.method ?? '';
  const url = item.url ?? '';
  // PocketBase decodes the items into typed structs, so a non-string is a decoding failure.
  if (typeof method !== 'string' || typeof url !== 'string')
    throw new ApiError(400, 'Failed to read the submitted batch data.');
  const errors: Record<string, unknown> = {};
  if (method === '') errors.method = blank;
  else if (!METHODS.has(method))
    errors.method = { code: 'validation_in_invalid', message: 'Must be a valid value.' };
  if (url === '') errors.url = blank;
  else if (url.length > 2000)
    errors.url = { code: 'validation_length_too_long', message: 'The length must be no more than 2000.' };
  return Object.keys(errors).length ? errors : null;
}

async function runItem(core: Core, scope: WriteScope, item: BatchItem, outer: RequestInfo): Promise<Outcome> {
  const match = RECORDS_URL.exec(item.url);
  const method = item.method;
  if (!match) throw new ApiError(404);
  const collection = core.registry.find(decodeURIComponent(match[1]!));
  if (!collection) throw new ApiError(404, 'Missing collection context.');
  const id = match[2] ? decodeURIComponent(match[2]) : undefined;
  const query = new URLSearchParams(match[3] ?? '');
  // Sub-request headers add to the outer ones, but never change who is asking.
  const headers = Object.fromEntries(
    Object.entries(item.headers ?? {}).filter(([name]) => name.toLowerCase() !== 'authorization'),
  );
  const info: RequestInfo = {
    ...outer,
    method,
    context: 'batch',
    query: Object.fromEntries(query),
    headers: { ...outer.headers, ...headersToSnake(headers) },
  };
  assertValidFields(query.get('fields') ?? undefined);
  const body = item.body ?? {};
  if (method === 'POST' && !id)
    return {
      status: 200,
      collection,
      query,
      info,
      record: await createRecord(core.records, collection, body, info, scope),
    };
  if (method === 'PATCH' && id)
    return {
      status: 200,
      collection,
      query,
      info,
      record: await updateRecord(core.records, collection, id, body, info, scope),
    };
  if (method === 'DELETE' && id) {
    await deleteRecord(core.records, collection, id, info, scope);
    return { status: 204 };
  }
  if (method === 'PUT' && !id) {
    const existingId = typeof body.id === 'string' && body.id !== '' ? body.id : null;
    const exists =
      existingId !== null &&
      (await findRecord(core.records, collection, existingId, null, scope.db)) !== null;
    const record = exists
      ? await updateRecord(core.records, collection, existingId, body, info, scope)
      : await createRecord(core.records, collection, body, info, scope);
    return { status: 200, collection, query, info, record };
  }
  throw new ApiError(400, 'Unsupported batch action.');
}

function failed(index: number, error: unknown): ApiError {
  const response = error instanceof ApiError ? error.toJSON() : new ApiError(500).toJSON();
  return new ApiError(400, 'Batch transaction failed.', {
    requests: { [index]: { code: 'batch_request_failed', message: 'Batch request failed.', response } },
  });
}

export function registerBatchRoutes(app: FastifyInstance, core: Core): void {
  app.post('/api/batch', async (request) => {
    const settings = core.settings.get().batch;
    if (!settings.enabled) throw new ApiError(403, 'Batch requests are not allowed.');
    const form = await readRecordBody(request, {
      uploadCap: batchUploadCap(core.registry),
      uploadBytesLimit: settings.maxBodySize || 128 * 1024 * 1024,
    });
    const items = attachBatchUploads(form, validateItems(form, settings.maxRequests));
    // Each item counts against the limits of the request it stands for (apis/rate-limits.ts).
    for (const item of items) await request.limitSubRequest?.(item.method, item.url, item.body);
    const deadline = Date.now() + settings.timeout * 1000;
    // One scope for every item: one transaction, and nothing announced until all of it commits.
    const outcomes = await inWriteScope(core.records, undefined, async (scope) => {
      const results: Outcome[] = [];
      for (const [index, item] of items.entries()) {
        if (Date.now() > deadline) throw new ApiError(400, 'Batch transaction failed.');
        try {
          results.push(await runItem(core, scope, item, request.info));
        } catch (error) {
          if (!(error instanceof ApiError)) request.log.error({ err: error, index }, 'batch item failed');
          throw failed(index, error);
        }
      }
      return results;
    });
    return Promise.all(
      outcomes.map(async (outcome) => {
        if (outcome.status === 204) return { status: 204, body: null };
        const [json] = await renderRecords(
          core.records,
          outcome.collection,
          [outcome.record],
          outcome.info,
          outcome.query.get('expand') ?? undefined,
        );
        return { status: 200, body: pickFields(json, outcome.query.get('fields') ?? undefined) };
      }),
    );
  });
}
