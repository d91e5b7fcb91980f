/** The HTTP side of the error contract (see tools/api-error.ts): every failure leaves as PocketBase JSON. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError } from '../tools/api-error';

export { ApiError, badRequest, forbidden, notFound, sentenize } from '../tools/api-error';

/** Maps Fastify's own errors (body too large, bad JSON, ...) onto the PocketBase shape. */
function fromFastifyError(error: FastifyError): ApiError {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(400, 'Unsupported Content-Type.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(400, 'Failed to read the submitted data.');
    default:
      break;
  }
  if (error.statusCode === 429) return new ApiError(429);
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new ApiError(error.statusCode);
  }
  return new ApiError(500);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = error instanceof ApiError ? error : fromFastifyError(error);
    if (apiError.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else if (apiError.status === 401 || apiError.status === 403) {
      // Authorization failures are security events (ASVS 16.3): who, from where, on what.
      const auth = request.info?.auth;
      request.log.warn(
        {
          event: 'authz.failure',
          status: apiError.status,
          ip: request.ip,
          user: auth ? `${auth.collection.name}/${String(auth.record.id)}` : null,
        },
        'access refused',
      );
    }
    for (const [name, value] of Object.entries(apiError.headers)) reply.header(name, value);
    return reply.status(apiError.status).type('application/json').send(apiError.toJSON());
  });
}
