/**
 * Who is asking, and with what: the `RequestInfo` every rule reads. An invalid or expired token makes
 * the caller a guest, never an error (PocketBase answers as it would to a guest).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Core } from '../core';
import { headersToSnake, type RequestInfo } from '../core/rules/request-info';

declare module 'fastify' {
  interface FastifyRequest {
    info: RequestInfo;
  }
}

export function bearerToken(header: string | undefined): string {
  if (!header) return '';
  return header.replace(/^bearer\s+/i, '').trim();
}

function firstValues(query: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    const first: unknown = Array.isArray(value) ? value[0] : value;
    out[key] =
      typeof first === 'string' ? first : first === undefined || first === null ? '' : JSON.stringify(first);
  }
  return out;
}

export function registerRequestInfo(app: FastifyInstance, core: Core): void {
  app.decorateRequest('info', null as unknown as RequestInfo);
  app.addHook('preHandler', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    const auth = token ? await core.tokens.authenticate(core.records, token) : null;
    request.info = {
      auth,
      method: request.method,
      context: 'default',
      query: firstValues(request.query),
      headers: headersToSnake(request.headers),
      body: {},
    };
  });
}
