/**
 * Who gets an event, in classes: every subscription with the same viewer, rule kind, filter and the
 * request values the rule reads gets the same answer, so each class is checked once (an access
 * class), and every stream that would receive the same bytes is rendered for once (a visibility
 * class).
 *
 * Classes are also split by who shapes their cost. A class of the collection's rule alone costs what
 * the operator's rules cost; a class with the member's own `filter` or `expand` costs what the member
 * wrote (priced at subscribe time, costs.ts). Delivery treats the two apart (service.ts), so one
 * member's costly subscriptions never hold up everyone else's events.
 */
import type { Collection } from '../collections/model';
import type { AuthInfo, RequestInfo } from '../rules/request-info';
import type { SseSubscription } from '../../tools/sse/broker';
import type { AccessCheck } from './access';
import { authKey, type RealtimeClientState } from './client-actions';
import type { Subscription } from './subscriptions';

export type Target = SseSubscription<Subscription, RealtimeClientState>;

export interface AccessClass {
  check: AccessCheck;
  targets: Target[];
}

export function requestFor(auth: AuthInfo | null, subscription: Subscription): RequestInfo {
  return {
    auth,
    method: 'GET',
    context: 'realtime',
    query: subscription.options.query,
    headers: subscription.options.headers,
    body: {},
  };
}

/** Whether a rule or filter reads values that differ between two requests of the same viewer. */
function readsRequestValues(text: string): { query: boolean; headers: boolean } {
  return { query: text.includes('@request.query'), headers: text.includes('@request.headers') };
}

/** Whether the member's own options shape what checking and rendering this subscription costs. */
export function memberShaped(subscription: Subscription): boolean {
  const { filter = '', expand = '' } = subscription.options.query;
  return filter.trim() !== '' || expand.trim() !== '';
}

/**
 * The check a subscription asks for, and the key that identifies it apart from the viewer: the
 * list rule for `*` and the bare form, the view rule for `<collection>/<id>`.
 */
export function checkOf(
  collection: Collection,
  auth: AuthInfo | null,
  subscription: Subscription,
): { check: AccessCheck; key: string } {
  const kind = subscription.target === null || subscription.target === '*' ? 'list' : 'view';
  const rule = kind === 'view' ? collection.viewRule : collection.listRule;
  const filter = (subscription.options.query.filter ?? '').trim();
  const reads = readsRequestValues(`${rule ?? ''} ${filter}`);
  let shape = `${collection.id}\u0000${kind}\u0000${filter}`;
  if (reads.query) shape += `\u0000${JSON.stringify(subscription.options.query)}`;
  if (reads.headers) shape += `\u0000${JSON.stringify(subscription.options.headers)}`;
  // The expand does not change the check, but it is part of the price kept with it (costs.ts).
  const { expand } = subscription.options.query;
  if (expand?.trim()) shape += `\u0000${expand.trim()}`;
  return {
    check: { request: requestFor(auth, subscription), rule, filter, expand, cacheKey: shape },
    key: `${authKey(auth)}\u0000${shape}`,
  };
}

/** The access classes of an event's targets: those of rules alone, and the members' own by account. */
export function accessClasses(
  collection: Collection,
  targets: Target[],
): { plain: AccessClass[]; shaped: Map<string, AccessClass[]> } {
  const plain = new Map<string, AccessClass>();
  const shaped = new Map<string, Map<string, AccessClass>>();
  for (const target of targets) {
    const auth = target.client.data.auth;
    const { check, key } = checkOf(collection, auth, target.value);
    let classes = plain;
    if (memberShaped(target.value)) {
      const account = accountOf(auth, target.client.id);
      classes = shaped.get(account) ?? new Map<string, AccessClass>();
      shaped.set(account, classes);
    }
    const existing = classes.get(key);
    if (existing) existing.targets.push(target);
    else classes.set(key, { check, targets: [target] });
  }
  return {
    plain: [...plain.values()],
    shaped: new Map([...shaped].map(([account, classes]) => [account, [...classes.values()]])),
  };
}

/** Whose budget a stream's subscriptions count against: its account, or the stream itself for a guest. */
export function accountOf(auth: AuthInfo | null, clientId: string): string {
  return auth ? authKey(auth) : `guest:${clientId}`;
}

/**
 * Two subscribers get the same bytes when this key is equal. Without expand, `readRule` fields or an
 * auth collection (whose email depends on who looks: `personal`), only superuser-or-not matters.
 */
export function visibilityKey(personal: boolean, target: Target): string {
  const auth = target.client.data.auth;
  const { expand = '', fields = '' } = target.value.options.query;
  if (auth?.isSuperuser) return `su\u0000${expand}\u0000${fields}`;
  if (!personal && expand.trim() === '') return `any\u0000${fields}`;
  const { query, headers } = target.value.options;
  return [authKey(auth), expand, fields, JSON.stringify(query), JSON.stringify(headers)].join('\u0000');
}
