/**
 * Open server-sent event streams and what each one listens to. The broker knows nothing about
 * records or rules: a client is a stream with an id, an optional owner (the account it acts for), a
 * set of named subscriptions filed under lookup keys, and a piece of caller data. It enforces the
 * limits that protect the process: an idle timeout (reset by every outgoing frame), a hard lifetime,
 * a cap on streams per owner, and a cap on bytes queued for a client that does not read.
 */
import { randomFromPattern } from '../pattern-random';
import { sseFrame } from './frame';

/** Where a stream's bytes go; an HTTP response body in production, an array in unit tests. */
export interface SseSink {
  /** Queues a chunk; the return value is ignored (see `bufferedBytes`). */
  write(chunk: string): unknown;
  end(): void;
  /** Bytes accepted but not yet handed to the network. */
  readonly bufferedBytes: number;
}

export interface SseLimits {
  /** Close a stream after this long without an outgoing frame. */
  idleTimeoutMs: number;
  /** Close a stream after this long, whatever happens on it. */
  lifetimeMs: number;
  /** Streams one owner may hold at a time; 0 means no cap. */
  maxStreamsPerOwner: number;
  /** A client with more than this queued is too slow to keep and is dropped. */
  maxBufferedBytes: number;
}

export const DEFAULT_SSE_LIMITS: SseLimits = {
  idleTimeoutMs: 5 * 60_000,
  lifetimeMs: 30 * 60_000,
  maxStreamsPerOwner: 10,
  maxBufferedBytes: 1024 * 1024,
};

export type SseCloseReason = 'idle' | 'lifetime' | 'slow' | 'closed' | 'disconnected' | 'shutdown';

export interface SseSubscription<S, D> {
  readonly client: SseClient<S, D>;
  /** The subscription as the client named it; frames for it carry this as their event name. */
  readonly name: string;
  /** The lookup key it is filed under (see `SseBroker.subscribers`). */
  readonly key: string;
  readonly value: S;
}

/** Clients get 40 random alphanumerics as their id, like PocketBase's. */
const CLIENT_ID_PATTERN = '[a-zA-Z0-9]{40}';

export class SseClient<S, D> {
  readonly id = randomFromPattern(CLIENT_ID_PATTERN);
  readonly openedAt = Date.now();
  private ownerKey: string | null = null;
  private entries: Array<SseSubscription<S, D>> = [];
  private idleTimer: NodeJS.Timeout | null = null;
  private lifetimeTimer: NodeJS.Timeout | null = null;
  private isClosed = false;

  /** @internal created by `SseBroker.open` */
  constructor(
    private readonly broker: SseBroker<S, D>,
    private readonly sink: SseSink,
    readonly ip: string,
    public data: D,
  ) {}

  get owner(): string | null {
    return this.ownerKey;
  }

  get closed(): boolean {
    return this.isClosed;
  }

  get subscriptions(): ReadonlyArray<SseSubscription<S, D>> {
    return this.entries;
  }

  /** Writes one frame; false when the client is gone (or was just dropped for reading too slowly). */
  send(event: string, data: string): boolean {
    if (this.isClosed) return false;
    this.sink.write(sseFrame(this.id, event, data));
    this.idleTimer?.refresh();
    if (this.sink.bufferedBytes > this.broker.limits.maxBufferedBytes) {
      this.broker.remove(this, 'slow');
      return false;
    }
    return true;
  }

  /** Ends the stream from the server side. */
  close(): void {
    this.broker.remove(this, 'closed');
  }

  /** @internal */
  start(limits: SseLimits): void {
    this.idleTimer = setTimeout(() => this.broker.remove(this, 'idle'), limits.idleTimeoutMs);
    this.lifetimeTimer = setTimeout(() => this.broker.remove(this, 'lifetime'), limits.lifetimeMs);
    this.idleTimer.unref();
    this.lifetimeTimer.unref();
  }

  /** @internal */
  finish(endSink: boolean): void {
    this.isClosed = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    if (this.lifetimeTimer) clearTimeout(this.lifetimeTimer);
    if (endSink) {
      try {
        this.sink.end();
      } catch {
        // The connection is already gone; nothing left to end.
      }
    }
  }

  /** @internal */
  setOwnerKey(owner: string | null): void {
    this.ownerKey = owner;
  }

  /** @internal */
  setEntries(entries: Array<SseSubscription<S, D>>): void {
    this.entries = entries;
  }
}

export interface SseBrokerOptions<S, D> {
  limits?: Partial<SseLimits>;
  /** Told about every stream that ends, and why. */
  onClose?: (client: SseClient<S, D>, reason: SseCloseReason) => void;
}

/**
 * The registry of open streams. `S` is what a subscription carries (parsed options, say), `D` is the
 * per-client data of the caller (captured auth, say).
 */
export class SseBroker<S, D> {
  limits: SseLimits;
  private readonly byId = new Map<string, SseClient<S, D>>();
  private readonly byKey = new Map<string, Set<SseSubscription<S, D>>>();
  private readonly byOwner = new Map<string, Set<SseClient<S, D>>>();

  constructor(private readonly options: SseBrokerOptions<S, D> = {}) {
    this.limits = { ...DEFAULT_SSE_LIMITS, ...options.limits };
  }

  /** Changes the limits for streams opened from now on (the per-owner cap applies at once). */
  configure(limits: Partial<SseLimits>): void {
    this.limits = { ...this.limits, ...limits };
  }

  get size(): number {
    return this.byId.size;
  }

  open(sink: SseSink, ip: string, data: D): SseClient<S, D> {
    const client = new SseClient<S, D>(this, sink, ip, data);
    this.byId.set(client.id, client);
    client.start(this.limits);
    return client;
  }

  get(id: string): SseClient<S, D> | undefined {
    return this.byId.get(id);
  }

  clients(): IterableIterator<SseClient<S, D>> {
    return this.byId.values();
  }

  /** The open streams held by one owner. */
  ownedBy(owner: string): ReadonlySet<SseClient<S, D>> {
    return this.byOwner.get(owner) ?? new Set();
  }

  /**
   * Assigns the client to an owner (null releases it). False, with nothing changed, when the owner
   * already holds as many streams as the cap allows.
   */
  setOwner(client: SseClient<S, D>, owner: string | null): boolean {
    if (client.closed || client.owner === owner) return !client.closed;
    if (owner !== null) {
      const held = this.byOwner.get(owner);
      const cap = this.limits.maxStreamsPerOwner;
      if (cap > 0 && held && held.size >= cap) return false;
    }
    this.releaseOwner(client);
    if (owner !== null) {
      let held = this.byOwner.get(owner);
      if (!held) this.byOwner.set(owner, (held = new Set()));
      held.add(client);
    }
    client.setOwnerKey(owner);
    return true;
  }

  /** Replaces the client's whole subscription set. */
  subscribe(client: SseClient<S, D>, entries: Iterable<{ name: string; key: string; value: S }>): void {
    if (client.closed) return;
    this.unfile(client);
    const filed: Array<SseSubscription<S, D>> = [];
    for (const entry of entries) {
      const subscription: SseSubscription<S, D> = { client, ...entry };
      let set = this.byKey.get(entry.key);
      if (!set) this.byKey.set(entry.key, (set = new Set()));
      set.add(subscription);
      filed.push(subscription);
    }
    client.setEntries(filed);
  }

  /** Every subscription filed under a key, across all clients. */
  subscribers(key: string): ReadonlySet<SseSubscription<S, D>> {
    return this.byKey.get(key) ?? new Set();
  }

  /** Forgets a client; `reason` tells whether the stream still needs ending (it does unless it dropped). */
  remove(client: SseClient<S, D>, reason: SseCloseReason): void {
    if (client.closed || this.byId.get(client.id) !== client) return;
    this.byId.delete(client.id);
    this.unfile(client);
    this.releaseOwner(client);
    client.finish(reason !== 'disconnected');
    this.options.onClose?.(client, reason);
  }

  /** Ends every stream (shutdown). */
  closeAll(): void {
    for (const client of [...this.byId.values()]) this.remove(client, 'shutdown');
  }

  private unfile(client: SseClient<S, D>): void {
    for (const entry of client.subscriptions) {
      const set = this.byKey.get(entry.key);
      set?.delete(entry);
      if (set?.size === 0) this.byKey.delete(entry.key);
    }
    client.setEntries([]);
  }

  private releaseOwner(client: SseClient<S, D>): void {
    const owner = client.owner;
    if (owner === null) return;
    const held = this.byOwner.get(owner);
    held?.delete(client);
    if (held?.size === 0) this.byOwner.delete(owner);
    client.setOwnerKey(null);
  }
}
