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
 * create it follows, and each after a turn of the event loop, so the write that caused it has
 * answered first. The classes of the collection's rules alone are delivered in that turn; those a
 * member shaped with their own filter or expand (priced and capped when they subscribed, costs.ts)
 * are queued per account behind it (member-lanes.ts), so no member's subscriptions delay anyone
 * else's events. A change of an auth record also reaches the streams that act for it: a ban, a
 * new token key (password change, "sign out everywhere") or a deletion closes them, in every process.
 */
import type { Collection } from '../collections/model';
import { isBanned } from '../auth/tokens';
import type { RecordCommittedEvent } from '../hooks';
import type { RecordContext } from '../records/context';
import type { RecordData } from '../records/record';
import type { AuthInfo, RequestInfo } from '../rules/request-info';
import { ApiError } from '../../tools/api-error';
import { SseBroker, type SseClient, type SseLimits, type SseSink } from '../../tools/sse/broker';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { evaluateAccess, FILTER_STATEMENTS, RULE_STATEMENTS, snapshotRow, viewerCopy } from './access';
import { accessClasses, requestFor, visibilityKey, type AccessClass, type Target } from './classes';
import { ConditionCache } from './condition-cache';
import {
  InProcessRealtimeBus,
  type ClientMessage,
  type RealtimeBus,
  type RealtimeMessage,
  type RecordAction,
  type RecordChangeMessage,
} from './bus';
import {
  applyHandOver,
  applySubscribe,
  subscribeRequest,
  type HandOverRequest,
  type RealtimeClientState,
  type SubscribeAnswer,
  type SubscribeRequest,
} from './client-actions';
import { ClientRequests } from './client-requests';
import { MemberLanes } from './member-lanes';
import { priceSubscriptions } from './pricing';
import { renderForViewer } from './render';
import { readSubscribeFormInTurns, subscriptionKey, type Subscription } from './subscriptions';

export type { RealtimeClientState } from './client-actions';

export type RealtimeClient = SseClient<Subscription, RealtimeClientState>;

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

function toSseLimits(limits: Partial<RealtimeLimits>): Partial<SseLimits> {
  const { maxStreamsPerUser, ...rest } = limits;
  return maxStreamsPerUser === undefined ? rest : { ...rest, maxStreamsPerOwner: maxStreamsPerUser };
}

export class RealtimeService {
  readonly broker: SseBroker<Subscription, RealtimeClientState>;
  private readonly bus: RealtimeBus;
  private readonly requests: ClientRequests<RealtimeClient>;
  private readonly conditions = new ConditionCache();
  private readonly lanes: MemberLanes;
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
    this.requests = new ClientRequests(
      (clientId) => this.broker.get(clientId),
      this.bus,
      (error, message) => this.report(error, message),
    );
    this.lanes = new MemberLanes((error, message) => this.report(error, message));
    this.requests.handle('subscribe', (client, payload) =>
      applySubscribe(this.broker, records.registry, client, payload as SubscribeRequest, (...args) =>
        priceSubscriptions(records, this.conditions, this.broker, ...args),
      ),
    );
    this.requests.handle('hand-over', (client, payload) =>
      applyHandOver(this.broker, client, payload as HandOverRequest),
    );
    const hooks = records.hooks;
    this.detach.push(
      hooks.on('createCommitted', (event) => this.announce('create', event)),
      hooks.on('updateCommitted', (event) => this.announce('update', event)),
      hooks.on('deleteCommitted', (event) => this.announce('delete', event)),
      this.bus.subscribe((message) => this.receive(message)),
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
   * `POST /api/realtime`: replaces the client's subscriptions, in whichever process holds the client
   * (see client-actions.ts for the rules). The form is checked here, so a bad one is a 400 at once.
   */
  async subscribe(body: unknown, auth: AuthInfo | null, ip: string): Promise<void> {
    const form = await readSubscribeFormInTurns(body);
    const request = subscribeRequest(form.subscriptions, auth, ip);
    const answer = (await this.requests.ask('subscribe', form.clientId, request)) as
      SubscribeAnswer | undefined;
    if (!answer) throw new ApiError(404, 'Missing or invalid client id.');
    if ('message' in answer) throw new ApiError(answer.status, answer.message, answer.data);
  }

  /** Sends one message to one client, wherever it is connected. */
  async sendToClient(clientId: string, event: string, data: unknown): Promise<void> {
    await this.bus.publish({ type: 'client', clientId, event, data });
  }

  /**
   * Sends `data` as `topic` to a client that is waiting on that topic from `ip`, in this process or
   * another, and spends that subscription (the OAuth2 redirect). True when the client got it.
   */
  async handOver(clientId: string, topic: string, ip: string, data: unknown): Promise<boolean> {
    const request: HandOverRequest = { topic, ip, data };
    return (await this.requests.ask('hand-over', clientId, request)) === true;
  }

  /** Resolves once every change received so far has been delivered, member-shaped ones included. */
  async idle(): Promise<void> {
    await this.queue;
    await this.lanes.idle();
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
    this.requests.close();
    await this.idle();
    this.broker.closeAll();
    await this.bus.close();
  }

  /** Called from the committed hooks: hand the change to the bus without making the writer wait. */
  private announce(action: RecordAction, event: RecordCommittedEvent): void {
    if (event.collection.type === 'view') return;
    // An update that changed nothing tells subscribers nothing, except that someone acted (an
    // invisible member's heartbeat, for one): it is not announced.
    if (action === 'update' && event.previous && sameRecord(event.record, event.previous)) return;
    // No rule may read a password hash, so it need not travel (nor sit in Redis's buffers).
    const { password: _hash, ...withoutHash } = event.record;
    const message: RecordChangeMessage = {
      type: 'record',
      action,
      collectionId: event.collection.id,
      record: event.collection.type === 'auth' ? withoutHash : event.record,
    };
    this.bus.publish(message).catch((error: unknown) => this.report(error, 'realtime publish failed'));
  }

  /** Requests about clients are answered at once; deliveries wait their turn. Reloads are the core's. */
  private receive(message: RealtimeMessage): void {
    if (this.closed) return;
    if (message.type === 'client-request' || message.type === 'client-answer') this.requests.receive(message);
    else if (message.type === 'record' || message.type === 'client') this.enqueue(message);
  }

  private enqueue(message: RecordChangeMessage | ClientMessage): void {
    // A backlog this deep means delivery cannot keep up (a stalled database, say); dropping keeps
    // memory bounded, and clients resynchronise on their next reconnect.
    if (this.pending >= MAX_PENDING_MESSAGES) {
      this.report(new Error('realtime backlog full'), 'realtime message dropped');
      return;
    }
    this.pending++;
    this.queue = this.queue
      .then(() => nextTurn())
      .then(() => this.handle(message))
      .catch((error: unknown) => this.report(error, 'realtime delivery failed'))
      .finally(() => this.pending--);
  }

  private async handle(message: RecordChangeMessage | ClientMessage): Promise<void> {
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
    const { plain, shaped } = accessClasses(collection, targets);
    const source = snapshotRow(this.records, collection, message.record);
    await this.deliverClasses(collection, message, source, plain, RULE_STATEMENTS);
    for (const [account, classes] of shaped) {
      this.lanes.push(account, () =>
        this.deliverClasses(collection, message, source, classes, FILTER_STATEMENTS),
      );
    }
  }

  /** Checks the classes, renders once per visibility class, and writes to every stream allowed. */
  private async deliverClasses(
    collection: Collection,
    message: RecordChangeMessage,
    source: ReturnType<typeof snapshotRow>,
    classes: AccessClass[],
    bounds: typeof RULE_STATEMENTS,
  ): Promise<void> {
    if (classes.length === 0) return;
    const allowed = await evaluateAccess(
      this.records,
      collection,
      source,
      classes.map((group) => group.check),
      this.conditions,
      bounds,
    );

    // Visibility classes: one rendering per distinct output, written to every stream that gets it.
    const personal = collection.type === 'auth' || collection.fields.some((field) => field.readRule !== null);
    const outputs = new Map<string, { request: RequestInfo; targets: Target[] }>();
    for (const [index, group] of classes.entries()) {
      if (!allowed[index]) continue;
      for (const target of group.targets) {
        const key = visibilityKey(personal, target);
        const output = outputs.get(key);
        if (output) output.targets.push(target);
        else
          outputs.set(key, { request: requestFor(target.client.data.auth, target.value), targets: [target] });
      }
    }
    for (const output of outputs.values()) {
      const text = await this.render(collection, message, source, output.request);
      if (text === null) continue;
      for (const target of output.targets) target.client.send(target.name, text);
    }
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
   * Streams authenticated as a record follow that record: an update refreshes the stored auth (so
   * rules see current roles), while a new token key, a ban or a deletion closes them (PRODUCT.md
   * §7: a banned member's streams close). Every process runs this for the streams it holds, since
   * every process receives the change.
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
        client.close();
      } else {
        client.data.auth = { ...auth, collection, record };
      }
    }
  }
}

/** Whether an update left every stored value as it was. */
function sameRecord(record: Record<string, unknown>, previous: Record<string, unknown>): boolean {
  const keys = new Set([...Object.keys(record), ...Object.keys(previous)]);
  for (const key of keys) if (JSON.stringify(record[key]) !== JSON.stringify(previous[key])) return false;
  return true;
}
