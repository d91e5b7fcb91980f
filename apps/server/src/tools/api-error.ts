/**
 * PocketBase's error contract: every failure is JSON `{status, message, data}`. `data` holds field errors
 * (`{field: {code, message}}`) for validation failures and is `{}` otherwise, so internals never leak.
 * Core code throws these too, so a rule or validation outcome travels unchanged to the HTTP layer.
 */
export type ErrorData = Record<string, unknown>;

export const DEFAULT_MESSAGES: Record<number, string> = {
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
  /** Response headers the failure calls for (`Retry-After` on a 429 raised below the HTTP layer). */
  readonly headers: Record<string, string> = {};
  constructor(
    readonly status: number,
    message?: string,
    readonly data: ErrorData = {},
  ) {
    super(message ?? DEFAULT_MESSAGES[status] ?? DEFAULT_MESSAGES[400]);
  }

  withHeader(name: string, value: string): this {
    this.headers[name] = value;
    return this;
  }

  toJSON() {
    // 413 keeps PocketBase's unpunctuated text; everything else is sentenized.
    const message = this.status === 413 ? this.message : sentenize(this.message);
    return { data: this.data, message, status: this.status };
  }
}

export const badRequest = (message?: string, data?: ErrorData) => new ApiError(400, message, data);
export const forbidden = (message?: string) => new ApiError(403, message);
export const notFound = (message?: string) => new ApiError(404, message);

export const SUPERUSERS_ONLY = 'Only superusers can perform this action.';
