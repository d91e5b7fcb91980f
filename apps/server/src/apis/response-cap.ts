/**
 * The response-size cap (PRODUCT.md §15 "Cost caps"): a JSON answer larger than 8 MB is replaced by a
 * clear 400, so one request with a wide expand or a huge page cannot make the server ship (and a
 * browser parse) tens of megabytes. Superusers, who may export, are not capped; files are not JSON.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../tools/api-error';

export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

export function registerResponseCap(app: FastifyInstance, maxBytes = MAX_RESPONSE_BYTES): void {
  app.addHook('onSend', async (request, reply, payload) => {
    // Remembered answers come as their UTF-8 bytes (records/list-cache.ts), others as text.
    if (Buffer.isBuffer(payload)) {
      if (payload.length <= maxBytes || request.info?.auth?.isSuperuser) return payload;
    } else {
      // A string's UTF-8 size is at most 3 bytes per UTF-16 unit: most answers skip the exact count.
      if (typeof payload !== 'string' || payload.length * 3 <= maxBytes) return payload;
      if (request.info?.auth?.isSuperuser || Buffer.byteLength(payload) <= maxBytes) return payload;
    }
    if (!String(reply.getHeader('content-type') ?? '').includes('application/json')) return payload;
    reply.code(400);
    return JSON.stringify(
      new ApiError(
        400,
        'The response is too large: ask for fewer records (perPage), a shallower expand or fewer fields.',
        {},
      ).toJSON(),
    );
  });
}
