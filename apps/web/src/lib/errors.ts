import { ClientResponseError } from 'pocketbase';

/**
 * The one place that turns failures into the texts members see (spec part 1 §8, part 2 §7).
 * Features show the returned texts as error flashes; they never format errors themselves.
 */
export const ERROR_TEXTS = {
  notFound: 'The requested item was not found.',
  badRequest: 'The request could not be fulfilled.',
  fallback: 'Something unexpected went wrong. Please try again.',
  notUnique: (field: string) => `That ${field} is already in use. Please choose a different one.`,
  fieldError: (field: string, message: string, code: string) => `${field}: ${message} (${code})`,
} as const;

interface FieldError {
  code: string;
  message: string;
}

function isFieldError(value: unknown): value is FieldError {
  if (value === null || typeof value !== 'object') return false;
  const { code, message } = value as Record<string, unknown>;
  return typeof code === 'string' && typeof message === 'string';
}

/** One text per invalid field of a PocketBase validation answer (`data.<field> = {code, message}`). */
function fieldMessages(error: ClientResponseError): string[] {
  const data = (error.response as { data?: unknown }).data;
  if (data === null || typeof data !== 'object') return [];
  return Object.entries(data as Record<string, unknown>)
    .filter((entry): entry is [string, FieldError] => isFieldError(entry[1]))
    .map(([field, { code, message }]) =>
      code === 'validation_not_unique'
        ? ERROR_TEXTS.notUnique(field)
        : ERROR_TEXTS.fieldError(field, message, code),
    );
}

/**
 * The server's refusals by field, each as a sentence to show beside its field (issue: members must see
 * where to act): `{ email: 'Must be a valid email address.' }`. The flash keeps the spec's wording (`errorMessages`);
 * this is in addition. Empty for anything that is not a validation answer.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ClientResponseError)) return {};
  const data = (error.response as { data?: unknown }).data;
  if (data === null || typeof data !== 'object') return {};
  const errors: Record<string, string> = {};
  for (const [field, value] of Object.entries(data as Record<string, unknown>)) {
    if (!isFieldError(value)) continue;
    errors[field] =
      value.code === 'validation_not_unique' ? ERROR_TEXTS.notUnique(field) : sentence(value.message);
  }
  return errors;
}

/** The server's message with a capital and a full stop, so it reads as a sentence beside the field. */
function sentence(message: string): string {
  const text = message.trim();
  if (!text) return ERROR_TEXTS.fallback;
  const capital = text[0]!.toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/**
 * The headline text of an SDK error. "Has a message" means the server sent one: when it did not, the
 * SDK fills in a placeholder ("Something went wrong."), which members should not see. The exception is a
 * cancelled request, whose SDK text says it was autocancelled (spec part 1 §8).
 */
function responseMessage(error: ClientResponseError): string | undefined {
  const message = (error.response as { message?: unknown }).message;
  if (typeof message === 'string' && message.trim()) return message;
  if (error.status === 404) return ERROR_TEXTS.notFound;
  if (error.status === 400) return ERROR_TEXTS.badRequest;
  if (error.isAbort) return error.message;
  return undefined;
}

/**
 * Every text to show for a failure: the message (or the 404/400 text), then one per field error;
 * the fallback when nothing more specific is known.
 */
export function errorMessages(error: unknown): string[] {
  const messages: string[] = [];
  if (error instanceof ClientResponseError) {
    const headline = responseMessage(error);
    if (headline) messages.push(headline);
    messages.push(...fieldMessages(error));
  } else if (error instanceof Error && error.message) {
    messages.push(error.message);
  } else if (typeof error === 'string' && error) {
    messages.push(error);
  }
  return messages.length > 0 ? messages : [ERROR_TEXTS.fallback];
}

/** The first text of `errorMessages`, for places with room for one line. */
export function errorMessage(error: unknown): string {
  return errorMessages(error)[0] ?? ERROR_TEXTS.fallback;
}

/** True when the server (or the SDK, for a missing id or an empty first-item lookup) answered 404. */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof ClientResponseError && error.status === 404;
}

/** The answer shape of the product's own services (spec part 1 §8): a success flag plus texts. */
export interface ServiceResult {
  success: boolean;
  messages?: unknown;
  errors?: unknown;
}

/** The texts of a failed service result, each shown as an error flash; none for a success. */
export function serviceFailureMessages(result: ServiceResult): string[] {
  if (result.success) return [];
  const texts = [result.messages, result.errors]
    .flatMap((list): unknown[] => (Array.isArray(list) ? (list as unknown[]) : []))
    .filter((text): text is string => typeof text === 'string' && text.length > 0);
  return texts.length > 0 ? texts : [ERROR_TEXTS.fallback];
}
