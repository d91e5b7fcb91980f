import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors';
import { parseJsonBody } from './json-body';
import { appendValue } from './record-body';

/**
 * The SDK sends `Content-Type: application/json` even on bodiless POSTs (auth-refresh, files/token),
 * so an empty JSON body must read as "no data" instead of failing like Fastify's default parser.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  // PocketBase (router.Event.BindBody) reads JSON, multipart and url-encoded bodies only; Fastify's
  // built-in text/plain parser would hand a string to handlers that expect fields.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    try {
      done(null, parseJsonBody(text));
    } catch (error) {
      done(error as ApiError, undefined);
    }
  });
  // Plain HTML forms: repeated keys become lists of the submitted text (record bodies infer types
  // from it in readRecordBody, as for multipart; PocketBase's typed forms take the text).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const data: Record<string, unknown> = {};
      for (const [key, raw] of new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))) {
        appendValue(data, key, raw);
      }
      done(null, data);
    },
  );
  // Every other content type (multipart has its own parser from the plugin): an empty body
  // (Content-Length 0) reads as no data, anything else is PocketBase's ErrUnsupportedContentType,
  // answered without reading the body.
  app.addContentTypeParser('*', (request, _payload, done) => {
    if (hasBody(request)) done(unsupportedContentType(), undefined);
    else done(null, undefined);
  });
}

const READABLE_TYPES = ['application/json', 'multipart/form-data', 'application/x-www-form-urlencoded'];

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return length !== undefined ? length.trim() !== '0' : request.headers['transfer-encoding'] !== undefined;
}

function unsupportedContentType(): ApiError {
  return new ApiError(400, 'Unsupported Content-Type.');
}

/**
 * Fastify never reads a GET body, but PocketBase's record list and view bind it into the request
 * info all the same (core.RequestEvent.RequestInfo), so an unreadable one is refused there too.
 */
export function assertReadableBody(request: FastifyRequest): void {
  if (!hasBody(request)) return;
  const type = (request.headers['content-type'] ?? '').toLowerCase();
  if (!READABLE_TYPES.some((readable) => type.startsWith(readable))) throw unsupportedContentType();
}
