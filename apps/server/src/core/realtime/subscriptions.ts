/**
 * Subscription strings as the SDK sends them: `<collection>/*`, `<collection>/<recordId>`, the legacy
 * bare `<collection>`, each optionally followed by `?options=<url-encoded JSON {query, headers}>`.
 * The whole original string stays the subscription's name, because the SDK listens for frames whose
 * event name is exactly what it sent.
 */
import { FilterSyntaxError } from '@community/filter';
import { ApiError } from '../../tools/api-error';
import { assertValidFields } from '../../tools/picker';
import { parseCached } from '../rules/compile';
import { headersToSnake } from '../rules/request-info';

export const MAX_SUBSCRIPTIONS = 1000;
export const MAX_SUBSCRIPTION_LENGTH = 2500;
export const MAX_CLIENT_ID_LENGTH = 255;

export interface SubscriptionOptions {
  /** `@request.query.*` during rule checks; `filter`, `expand` and `fields` also shape delivery. */
  query: Record<string, string>;
  /** `@request.headers.*` during rule checks, names in snake_case lower case. */
  headers: Record<string, string>;
}

export interface Subscription {
  /** The string exactly as the client sent it. */
  name: string;
  /** The collection id or name before the first `/`. */
  collection: string;
  /** `*` for every record, a record id, or null for the legacy bare form (which behaves like `*`). */
  target: string | null;
  options: SubscriptionOptions;
}

interface FieldError {
  code: string;
  message: string;
  params?: Record<string, unknown>;
}

const invalid = (message = 'Invalid value.'): FieldError => ({ code: 'validation_invalid_value', message });

/** What PocketBase does with option values: everything becomes a string. */
function asString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null || value === undefined) return '';
  return JSON.stringify(value);
}

function stringMap(value: unknown): Record<string, string> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) out[key] = asString(item);
  return out;
}

class SubscriptionError extends Error {
  constructor(readonly field: FieldError) {
    super(field.message);
  }
}

function parseOptions(raw: string | null): SubscriptionOptions {
  if (raw === null || raw === '') return { query: {}, headers: {} };
  let decoded: unknown;
  try {
    decoded = JSON.parse(raw);
  } catch {
    throw new SubscriptionError(invalid('The subscription options must be JSON.'));
  }
  if (decoded === null || typeof decoded !== 'object' || Array.isArray(decoded)) {
    throw new SubscriptionError(invalid('The subscription options must be a JSON object.'));
  }
  const { query, headers } = decoded as { query?: unknown; headers?: unknown };
  return { query: stringMap(query), headers: headersToSnake(stringMap(headers)) };
}

/** Parses one subscription string; throws a SubscriptionError for anything that cannot be served. */
function parseOne(name: string): Subscription {
  // The name goes back out as an SSE event name, where a control character could forge frames.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) throw new SubscriptionError(invalid());
  const questionMark = name.indexOf('?');
  const topic = questionMark < 0 ? name : name.slice(0, questionMark);
  const params = new URLSearchParams(questionMark < 0 ? '' : name.slice(questionMark + 1));
  const options = parseOptions(params.get('options'));
  const filter = options.query.filter?.trim();
  if (filter) {
    try {
      parseCached(filter);
    } catch (error) {
      if (error instanceof FilterSyntaxError) throw new SubscriptionError(invalid('Invalid filter.'));
      throw error;
    }
  }
  try {
    assertValidFields(options.query.fields);
  } catch (error) {
    if (error instanceof ApiError) throw new SubscriptionError(invalid('Invalid fields.'));
    throw error;
  }
  const slash = topic.indexOf('/');
  return {
    name,
    collection: slash < 0 ? topic : topic.slice(0, slash),
    target: slash < 0 ? null : topic.slice(slash + 1),
    options,
  };
}

export interface SubscribeForm {
  clientId: string;
  subscriptions: Subscription[];
}

const VALIDATION_FAILED = 'Something went wrong while processing your request.';

/**
 * Reads and validates the body of `POST /api/realtime`. Field errors answer 400 in PocketBase's
 * shape: `clientId` required and at most 255 characters; at most 1000 subscriptions, each at most
 * 2500 characters and well formed. Empty strings are ignored and duplicates are kept once.
 */
export function readSubscribeForm(body: unknown): SubscribeForm {
  const steps = formSteps(body);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** How many subscriptions are read between two turns of the event loop. */
const SUBSCRIPTIONS_PER_TURN = 50;

/**
 * The same, giving the event loop a turn every 50 subscriptions: a form of 1,000 filtered ones takes
 * tens of milliseconds to read, and other members' requests must not wait for all of it.
 */
export async function readSubscribeFormInTurns(body: unknown): Promise<SubscribeForm> {
  const steps = formSteps(body);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function* formSteps(body: unknown): Generator<void, SubscribeForm> {
  const input = (body ?? {}) as { clientId?: unknown; subscriptions?: unknown };
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw new ApiError(400, 'An error occurred while loading the submitted data.');
  }
  const { clientId = '', subscriptions = [] } = input;
  if (
    typeof clientId !== 'string' ||
    (subscriptions !== null && !Array.isArray(subscriptions)) ||
    (subscriptions ?? []).some((s) => typeof s !== 'string')
  ) {
    throw new ApiError(400, 'An error occurred while loading the submitted data.');
  }
  const names = (subscriptions ?? []) as string[];
  const errors: Record<string, unknown> = {};
  if (clientId === '') {
    errors.clientId = { code: 'validation_required', message: 'Cannot be blank.' };
  } else if (clientId.length > MAX_CLIENT_ID_LENGTH) {
    errors.clientId = {
      code: 'validation_length_out_of_range',
      message: `The length must be between 1 and ${MAX_CLIENT_ID_LENGTH}.`,
      params: { min: 1, max: MAX_CLIENT_ID_LENGTH },
    };
  }
  const parsed = new Map<string, Subscription>();
  if (names.length > MAX_SUBSCRIPTIONS) {
    errors.subscriptions = {
      code: 'validation_length_too_long',
      message: `The length must be no more than ${MAX_SUBSCRIPTIONS}.`,
      params: { max: MAX_SUBSCRIPTIONS },
    };
  } else {
    const itemErrors: Record<string, FieldError> = {};
    for (const [index, name] of names.entries()) {
      if (index > 0 && index % SUBSCRIPTIONS_PER_TURN === 0) yield;
      if (name === '' || parsed.has(name)) continue;
      if (name.length > MAX_SUBSCRIPTION_LENGTH) {
        itemErrors[index] = {
          code: 'validation_length_too_long',
          message: `The length must be no more than ${MAX_SUBSCRIPTION_LENGTH}.`,
          params: { max: MAX_SUBSCRIPTION_LENGTH },
        };
        continue;
      }
      try {
        parsed.set(name, parseOne(name));
      } catch (error) {
        if (!(error instanceof SubscriptionError)) throw error;
        itemErrors[index] = error.field;
      }
    }
    if (Object.keys(itemErrors).length) errors.subscriptions = itemErrors;
  }
  if (Object.keys(errors).length) throw new ApiError(400, VALIDATION_FAILED, errors);
  return { clientId, subscriptions: [...parsed.values()] };
}

/**
 * The broker key a subscription is filed under. Collection names match in any letter case (as in
 * the rest of the API); record ids match exactly. The bare legacy form has its own key.
 */
export function subscriptionKey(collection: string, target: string | null): string {
  const ref = collection.toLowerCase();
  return target === null ? ref : `${ref}/${target}`;
}
