/**
 * Realtime record events over server-sent events, PocketBase style.
 *
 * Flow: the record layer fires `createCommitted`/`updateCommitted`/`deleteCommitted` after each
 * commit; this service publishes them on the `RealtimeBus`; every process receives every message
 * and delivers it to its own streams. Delivery, per message:
 * 1. find the subscriptions filed under `<collection>/*`, `<collection>/<id>` and the bare
 *    `<collection>` (by id and by name);
 * 2. group them into access classes (same viewer, rule and filter) and check each class once, with
 *    the list rule for `*` and the bare form, the view rule for `/<id>`, plus the subscription's
 *    `options.query.filter` (see access.ts for how, and for why deletes read the pre-delete data);
 * 3. render the record once per visibility class (same visibility-relevant viewer, expand and
 *    fields) and write that one JSON string to every stream of the class.
 * Messages are handled one at a time, in arrival order, so a stream never sees an update before the
 * create it follows.
 */
import type { Collection } from '../collections/model';
import { isBanned } from '../auth/tokens';
import type { RecordCommittedEvent } from '../hooks';
import type { RecordContext } from '../records/context';
import type { RecordData } from '../records/record';
import type { AuthInfo, RequestInfo } from '../rules/request-info';
import { ApiError } from '../../tools/api-error';
import {
  SseBroker,
  type SseClient,
  type SseLimits,
  type SseSink,
  type SseSubscription,
} from '../../tools/sse/broker';
import { evaluateAccess, snapshotRow, viewerCopy, type AccessCheck } from './access';
import {
  InProcessRealtimeBus,
  type RealtimeBus,
  type RealtimeMessage,
  type RecordAction,
  type RecordChangeMessage,
} from './bus';
import { renderForViewer } from './render';
import { readSubscribeForm, subscriptionKey, type Subscription } from './subscriptions';

/** What a stream carries besides its subscriptions: the auth captured from its subscribe requests. */
export interface RealtimeClientState {
  auth: AuthInfo | null;
}

export type RealtimeClient = SseClient<Subscription, RealtimeClientState>;
type Target = SseSubscription<Subscription, RealtimeClientState>;

export interface RealtimeLimits extends Omit<SseLimits, 'maxStreamsPerOwner'> {
  /** Streams one account may hold at once (the subscribe request that would exceed it gets 429). */
  maxStreamsPerUser: number;
}

export interface RealtimeOptions {
  bus?: RealtimeBus;
  limits?: Partial<RealtimeLimits>;
}

/** Messages waiting for delivery in this process before new ones are dropped. */
const MAX_PENDING_MESSAGES = 10_000;

export type ErrorReporter = (error: unknown, message: string) => void;

const authKey = (auth: AuthInfo | null): string =>
  auth ? `${auth.collection.id}/${String(auth.record.id)}` : '';

function toSseLimits(limits: Partial<RealtimeLimits>): Partial<SseLimits> {
  const { maxStreamsPerUser, ...rest } = limits;
  return maxStreamsPerUser === undefined ? rest : { ...rest, maxStreamsPerOwner: maxStreamsPerUser };
}

function requestFor(auth: AuthInfo | null, subscription: Subscription): RequestInfo {
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

export class RealtimeService {
  readonly broker: SseBroker<Subscription, RealtimeClientState>;
  private readonly bus: RealtimeBus;
  private readonly detach: Array<() => void> = [];
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;
  private report: ErrorReporter = () => undefined;
  private closed = false;

  constructor(
    private readonly records: RecordContext,
    options: RealtimeOptions = {},
  ) {
    this.broker = new SseBroker({ limits: toSseLimits(options.limits ?? {}) });
    this.bus = options.bus ?? new InProcessRealtimeBus();
    const hooks = records.hooks;
    this.detach.push(
      hooks.on('createCommitted', (event) => this.announce('create', event)),
      hooks.on('updateCommitted', (event) => this.announce('update', event)),
      hooks.on('deleteCommitted', (event) => this.announce('delete', event)),
      this.bus.subscribe((message) => this.enqueue(message)),
    );
  }

  /** Where delivery failures are reported (the HTTP layer passes its logger). */
  setErrorReporter(report: ErrorReporter): void {
    this.report = report;
  }

  configure(limits: Partial<RealtimeLimits>): void {
    this.broker.configure(toSseLimits(limits));
  }

  /** Opens a stream and sends `PB_CONNECT`, whose SSE id is the client id the SDK keeps. */
  connect(sink: SseSink, ip: string): RealtimeClient {
    const client = this.broker.open(sink, ip, { auth: null });
    client.send('PB_CONNECT', JSON.stringify({ clientId: client.id }));
    return client;
  }

  /** The stream's connection ended. */
  disconnect(client: RealtimeClient): void {
    this.broker.remove(client, 'disconnected');
  }

  /**
   * `POST /api/realtime`: replaces the client's subscriptions. The auth of the first authenticated
   * request sticks to the client; a later request with another auth (or none) is refused.
   */
  subscribe(body: unknown, auth: AuthInfo | null, ip: string): void {
    const form = readSubscribeForm(body);
    const client = this.broker.get(form.clientId);
    if (!client) throw new ApiError(404, 'Missing or invalid client id.');
    if (client.ip !== ip) throw new ApiError(400, 'Invalid realtime client.');
    const current = client.data.auth;
    if (current && authKey(current) !== authKey(auth)) {
      throw new ApiError(403, "The current and the previous request authorization don't match.");
    }
    if (auth && !this.broker.setOwner(client, authKey(auth))) {
      throw new ApiError(429, 'Too many open realtime connections for this account.');
    }
    if (auth) client.data.auth = auth;
    this.broker.subscribe(
      client,
      form.subscriptions.map((subscription) => ({
        name: subscription.name,
        key: subscriptionKey(subscription.collection, subscription.target),
        value: subscription,
      })),
    );
  }

  /** Sends one message to one client, wherever it is connected (used by the OAuth2 popup flow). */
  async sendToClient(clientId: string, event: string, data: unknown): Promise<void> {
    await this.bus.publish({ type: 'client', clientId, event, data });
  }

  /** Ends every open stream (before the HTTP server closes, so it need not wait for them). */
  closeStreams(): void {
    this.broker.closeAll();
  }

  /** Stops listening, lets queued deliveries finish, and ends every stream. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const detach of this.detach) detach();
    await this.queue;
    this.broker.closeAll();
    await this.bus.close();
  }

  /** Called from the committed hooks: hand the change to the bus without making the writer wait. */
  private announce(action: RecordAction, event: RecordCommittedEvent): void {
    if (event.collection.type === 'view') return;
    const message: RecordChangeMessage = {
      type: 'record',
      action,
      collectionId: event.collection.id,
      record: event.record,
    };
    this.bus.publish(message).catch((error: unknown) => this.report(error, 'realtime publish failed'));
  }

  private enqueue(message: RealtimeMessage): void {
    if (this.closed) return;
    // A backlog this deep means delivery cannot keep up (a stalled database, say); dropping keeps
    // memory bounded, and clients resynchronise on their next reconnect.
    if (this.pending >= MAX_PENDING_MESSAGES) {
      this.report(new Error('realtime backlog full'), 'realtime message dropped');
      return;
    }
    this.pending++;
    this.queue = this.queue
      .then(() => this.handle(message))
      .catch((error: unknown) => this.report(error, 'realtime delivery failed'))
      .finally(() => this.pending--);
  }

  private async handle(message: RealtimeMessage): Promise<void> {
    if (message.type === 'client') {
      this.broker.get(message.clientId)?.send(message.event, JSON.stringify(message.data));
      return;
    }
    const collection = this.records.registry.find(message.collectionId);
    if (!collection || collection.type === 'view') return;
    await this.deliver(collection, message);
    if (collection.type === 'auth') this.followAuthRecord(collection, message);
  }

  /** The subscriptions a change concerns: `*`, the record's id and the bare form, by id and by name. */
  private targetsOf(collection: Collection, recordId: string): Target[] {
    const refs = new Set([collection.id, collection.name]);
    const targets: Target[] = [];
    for (const ref of refs) {
      for (const target of ['*', recordId, null]) {
        for (const entry of this.broker.subscribers(subscriptionKey(ref, target))) targets.push(entry);
      }
    }
    return targets;
  }

  private async deliver(collection: Collection, message: RecordChangeMessage): Promise<void> {
    const recordId = typeof message.record.id === 'string' ? message.record.id : '';
    const targets = recordId ? this.targetsOf(collection, recordId) : [];
    if (targets.length === 0) return;

    // Access classes: one check for every subscription with the same viewer, rule and filter.
    const classes = new Map<string, { check: AccessCheck; targets: Target[] }>();
    for (const target of targets) {
      const auth = target.client.data.auth;
      const subscription = target.value;
      const rule = subscription.target === recordId ? collection.viewRule : collection.listRule;
      const filter = (subscription.options.query.filter ?? '').trim();
      const reads = readsRequestValues(`${rule ?? ''} ${filter}`);
      const key = [
        authKey(auth),
        subscription.target === recordId ? 'view' : 'list',
        filter,
        reads.query ? JSON.stringify(subscription.options.query) : '',
        reads.headers ? JSON.stringify(subscription.options.headers) : '',
      ].join('\u0000');
      const existing = classes.get(key);
      if (existing) existing.targets.push(target);
      else
        classes.set(key, {
          check: { request: requestFor(auth, subscription), rule, filter },
          targets: [target],
        });
    }

    const source = snapshotRow(this.records, collection, message.record);
    const groups = [...classes.values()];
    const allowed = await evaluateAccess(
      this.records,
      collection,
      source,
      groups.map((group) => group.check),
    );

    // Visibility classes: one rendering per distinct output, written to every stream that gets it.
    const payloads = new Map<string, Promise<string | null>>();
    for (const [index, group] of groups.entries()) {
      if (!allowed[index]) continue;
      for (const target of group.targets) {
        const key = this.visibilityKey(collection, target);
        let payload = payloads.get(key);
        if (!payload) {
          payload = this.render(
            collection,
            message,
            source,
            requestFor(target.client.data.auth, target.value),
          );
          payloads.set(key, payload);
        }
        const text = await payload;
        if (text !== null) target.client.send(target.name, text);
      }
    }
  }

  /**
   * Two subscribers get the same bytes when this key is equal. Without expand, `readRule` fields or an
   * auth collection (whose email depends on who looks), only superuser-or-not matters.
   */
  private visibilityKey(collection: Collection, target: Target): string {
    const auth = target.client.data.auth;
    const { expand = '', fields = '' } = target.value.options.query;
    if (auth?.isSuperuser) return ['su', expand, fields].join('\u0000');
    const personal =
      expand.trim() !== '' ||
      collection.type === 'auth' ||
      collection.fields.some((field) => field.readRule !== null);
    if (!personal) return ['any', fields].join('\u0000');
    const { query, headers } = target.value.options;
    return [authKey(auth), expand, fields, JSON.stringify(query), JSON.stringify(headers)].join('\u0000');
  }

  private async render(
    collection: Collection,
    message: RecordChangeMessage,
    source: ReturnType<typeof snapshotRow>,
    request: RequestInfo,
  ): Promise<string | null> {
    try {
      const record = await viewerCopy(this.records, collection, source, message.record, request);
      const json = await renderForViewer(this.records, collection, record, request);
      return JSON.stringify({ action: message.action, record: json });
    } catch (error) {
      this.report(error, 'realtime rendering failed');
      return null;
    }
  }

  /**
   * Streams authenticated as a record follow that record: an update refreshes the stored auth
   * (so rules see current roles), while a new token key, a ban or a deletion drops it (the stream
   * becomes a guest's, as PocketBase does).
   */
  private followAuthRecord(collection: Collection, message: RecordChangeMessage): void {
    const owner = `${collection.id}/${String(message.record.id)}`;
    for (const client of [...this.broker.ownedBy(owner)]) {
      const auth = client.data.auth;
      if (!auth) continue;
      const record: RecordData = message.record;
      const revoked =
        message.action === 'delete' || record.tokenKey !== auth.record.tokenKey || isBanned(record);
      if (revoked) {
        client.data.auth = null;
        this.broker.setOwner(client, null);
      } else {
        client.data.auth = { ...auth, collection, record };
      }
    }
  }
}
