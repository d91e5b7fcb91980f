/**
 * How committed changes reach the processes that hold realtime streams. Every process publishes the
 * record changes it commits and delivers every message it receives to its own clients, including
 * the ones it published itself. In one process the in-memory bus below is all there is; with
 * several processes `RedisRealtimeBus` (redis-bus.ts) implements the same interface over Redis
 * pub/sub, so messages must survive a JSON round trip (no class instances, no functions, no Dates).
 *
 * Besides record changes the bus carries what else one process must tell the others: a message for
 * one client wherever it is connected, requests for the process that holds a client (a subscribe
 * that reached another process, the OAuth2 popup's `@oauth2`), and "the collection definitions or
 * settings changed, read them again". A ban, a password change or "sign out
 * everywhere" needs no message of its own: it is an update of the auth record, and every process
 * closes the streams of that account when the record change reaches it.
 */
import type { RecordData } from '../records/record';

export type RecordAction = 'create' | 'update' | 'delete';

/** A record that was created, updated or deleted; `record` is its state as written (before a delete). */
export interface RecordChangeMessage {
  type: 'record';
  action: RecordAction;
  collectionId: string;
  record: RecordData;
}

/** A message for one client by id, wherever it is connected. */
export interface ClientMessage {
  type: 'client';
  clientId: string;
  event: string;
  data: unknown;
}

/**
 * A request for whichever process holds `clientId` (a subscribe, the OAuth2 redirect's hand-over);
 * that process answers with a `client-answer` (see client-requests.ts).
 */
export interface ClientRequestMessage {
  type: 'client-request';
  requestId: string;
  action: string;
  clientId: string;
  payload: unknown;
}

export interface ClientAnswerMessage {
  type: 'client-answer';
  requestId: string;
  answer: unknown;
}

/** Definitions changed through another process: reload them from the database. */
export interface ReloadMessage {
  type: 'reload';
  what: 'collections' | 'settings';
}

/** Data another process committed, as list-cache keys: remembered totals that read it are stale. */
export interface CountsMessage {
  type: 'counts';
  keys: string[];
}

/**
 * A barrier (core/settled-changes.ts): every other process answers `settled` once it has applied
 * everything it received before it.
 */
export interface SettleMessage {
  type: 'settle';
  id: string;
}

export interface SettledMessage {
  type: 'settled';
  id: string;
}

export type RealtimeMessage =
  | SettleMessage
  | SettledMessage
  | RecordChangeMessage
  | ClientMessage
  | ClientRequestMessage
  | ClientAnswerMessage
  | ReloadMessage
  | CountsMessage;

export type RealtimeHandler = (message: RealtimeMessage) => void;

export interface RealtimeBus {
  /** True when other processes may be listening (a Redis bus); false for the in-process bus. */
  readonly shared: boolean;
  /**
   * Sends a message to every subscriber in every process; resolves once it is handed over, with how
   * many other processes received it.
   */
  publish(message: RealtimeMessage): Promise<number>;
  /** Receives every message; returns a function that stops receiving. */
  subscribe(handler: RealtimeHandler): () => void;
  close(): Promise<void>;
}

/**
 * The single-process bus. Delivery is asynchronous, as it would be over the network, and each
 * handler gets its own copy, so nothing the publisher does afterwards can change what was sent.
 */
export class InProcessRealtimeBus implements RealtimeBus {
  readonly shared = false;
  private readonly handlers = new Set<RealtimeHandler>();
  private closed = false;

  publish(message: RealtimeMessage): Promise<number> {
    if (this.closed) return Promise.resolve(0);
    for (const handler of this.handlers) {
      const copy = structuredClone(message);
      queueMicrotask(() => handler(copy));
    }
    return Promise.resolve(0);
  }

  subscribe(handler: RealtimeHandler): () => void {
    const own = (message: RealtimeMessage) => handler(message);
    this.handlers.add(own);
    return () => this.handlers.delete(own);
  }

  close(): Promise<void> {
    this.closed = true;
    this.handlers.clear();
    return Promise.resolve();
  }
}
