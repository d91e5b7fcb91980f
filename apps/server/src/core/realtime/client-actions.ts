/**
 * What the process holding a realtime client does for a request about it, wherever the request came
 * in (see client-requests.ts): replace its subscriptions (`POST /api/realtime`), or hand it a one-time
 * message it waits for (the OAuth2 redirect). Requests and answers are plain JSON, so the auth of a
 * subscribe travels as its collection id and record, and errors as PocketBase's status, message and
 * field errors.
 */
import { ApiError } from '../../tools/api-error';
import type { SseBroker, SseClient } from '../../tools/sse/broker';
import type { CollectionRegistry } from '../collections/registry';
import { SUPERUSERS_ID } from '../migrations/0003_superusers';
import type { RecordData } from '../records/record';
import type { AuthInfo } from '../rules/request-info';
import { readSubscribeForm, subscriptionKey, type Subscription } from './subscriptions';

export interface RealtimeClientState {
  auth: AuthInfo | null;
  /** The distinct member-shaped checks of the stream's subscriptions, with their price (pricing.ts). */
  costs?: ReadonlyMap<string, number>;
}

export type Client = SseClient<Subscription, RealtimeClientState>;
type Broker = SseBroker<Subscription, RealtimeClientState>;

export const authKey = (auth: AuthInfo | null): string =>
  auth ? `${auth.collection.id}/${String(auth.record.id)}` : '';

export interface SubscribeRequest {
  /** The subscription strings, already validated where the request came in. */
  names: string[];
  ip: string;
  auth: { collectionId: string; record: RecordData } | null;
}

export type SubscribeAnswer =
  { status: 204 } | { status: number; message: string; data: Record<string, unknown> };

/**
 * The subscriptions a request built in this process already read: when the stream is held here too,
 * they are not read again (the request object itself is handed over, not a copy from the bus).
 */
const alreadyRead = new WeakMap<SubscribeRequest, Subscription[]>();

export function subscribeRequest(
  subscriptions: Subscription[],
  auth: AuthInfo | null,
  ip: string,
): SubscribeRequest {
  const names = subscriptions.map((subscription) => subscription.name);
  let request: SubscribeRequest;
  if (!auth) request = { names, ip, auth: null };
  else {
    // The password hash is never needed for rules, so it does not travel.
    const { password: _hash, ...record } = auth.record;
    request = { names, ip, auth: { collectionId: auth.collection.id, record } };
  }
  alreadyRead.set(request, subscriptions);
  return request;
}

/** Prices the subscriptions a client asks for (pricing.ts): their costs, or an ApiError over a cap. */
export type PriceSubscriptions = (
  client: Client,
  auth: AuthInfo | null,
  subscriptions: Subscription[],
) => ReadonlyMap<string, number>;

/**
 * Replaces the client's subscriptions. The auth of the first authenticated request sticks to the
 * client; a later request with another auth (or none) is refused, as is an account over its cap of
 * streams or of what its subscriptions cost to check.
 */
export function applySubscribe(
  broker: Broker,
  registry: CollectionRegistry,
  client: Client,
  request: SubscribeRequest,
  price: PriceSubscriptions,
): SubscribeAnswer {
  try {
    if (client.ip !== request.ip) throw new ApiError(400, 'Invalid realtime client.');
    let auth: AuthInfo | null = null;
    if (request.auth) {
      const collection = registry.find(request.auth.collectionId);
      if (!collection) throw new ApiError(401, 'The request requires valid record authorization token.');
      auth = { collection, record: request.auth.record, isSuperuser: collection.id === SUPERUSERS_ID };
    }
    const current = client.data.auth;
    if (current && authKey(current) !== authKey(auth)) {
      throw new ApiError(403, "The current and the previous request authorization don't match.");
    }
    if (auth && !broker.setOwner(client, authKey(auth))) {
      throw new ApiError(429, 'Too many open realtime connections for this account.');
    }
    if (auth) client.data.auth = auth;
    const subscriptions =
      alreadyRead.get(request) ??
      readSubscribeForm({ clientId: client.id, subscriptions: request.names }).subscriptions;
    client.data.costs = price(client, client.data.auth, subscriptions);
    broker.subscribe(
      client,
      subscriptions.map((subscription) => ({
        name: subscription.name,
        key: subscriptionKey(subscription.collection, subscription.target),
        value: subscription,
      })),
    );
    return { status: 204 };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: error.status, message: error.message, data: error.data };
  }
}

export interface HandOverRequest {
  topic: string;
  ip: string;
  data: unknown;
}

/**
 * Sends `data` as `topic` if the client waits on that topic from the request's address, and spends
 * the subscription. True when it was sent.
 */
export function applyHandOver(broker: Broker, client: Client, request: HandOverRequest): boolean {
  if (client.ip !== request.ip) return false;
  const waiting = client.subscriptions.find((entry) => entry.name.split('?')[0] === request.topic);
  if (!waiting) return false;
  const sent = client.send(request.topic, JSON.stringify(request.data));
  broker.subscribe(
    client,
    client.subscriptions
      .filter((entry) => entry !== waiting)
      .map(({ name, key, value }) => ({ name, key, value })),
  );
  return sent;
}
