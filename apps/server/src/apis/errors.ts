/**
 * PocketBase's error contract: every failure is JSON `{status, message, data}`. `data` holds field errors
 * (`{field: {code, message}}`) for validation failures and is `{}` otherwise, so internals never leak.
 */
import type { FastifyError, FastifyInstance } from 'fastify';

export type FieldErrors = Record<string, unknown>;

const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'Something went wrong while processing your request.',
  401: 'Missing or invalid authentication.',
  403: 'You are not allowed to perform this request.',
  404: "The requested resource wasn't found.",
  413: 'Request entity too large',
  429: 'Too Many Requests.',
  500: 'Something went wrong while processing your request.',
};

/** Upper-cases the first letter and ends the text with a full stop, as PocketBase does. */
export function sentenize(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return trimmed;
  const capitalised = trimmed[0]!.toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message?: string,
    readonly data: FieldErrors = {},
  ) {
    super(message ?? DEFAULT_MESSAGES[status] ?? DEFAULT_MESSAGES[400]);
  }

  toJSON() {
    // 413 keeps PocketBase's unpunctuated text; everything else is sentenized.
    const message = this.status === 413 ? this.message : sentenize(this.message);
    return { data: this.data, message, status: this.status };
  }
}

export const badRequest = (message?: string, data?: FieldErrors) => new ApiError(400, message, data);
export const forbidden = (message?: string) => new ApiError(403, message);
export const notFound = (message?: string) => new ApiError(404, message);

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
    }
    return reply.status(apiError.status).type('application/json').send(apiError.toJSON());
  });
}
