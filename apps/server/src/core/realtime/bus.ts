/**
 * How committed changes reach the processes that hold realtime streams. Every process publishes the
 * record changes it commits and delivers every message it receives to its own clients, including
 * the ones it published itself. In one process the in-memory bus below is all there is; with
 * several processes a Redis pub/sub bus implements the same interface, so messages must survive a
 * JSON round trip (no class instances, no functions, no Dates).
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

/** A message for one client by id, wherever it is connected (the OAuth2 popup flow's `@oauth2`). */
export interface ClientMessage {
  type: 'client';
  clientId: string;
  event: string;
  data: unknown;
}

export type RealtimeMessage = RecordChangeMessage | ClientMessage;

export type RealtimeHandler = (message: RealtimeMessage) => void;

export interface RealtimeBus {
  /** Sends a message to every subscriber in every process; resolves once it is handed over. */
  publish(message: RealtimeMessage): Promise<void>;
  /** Receives every message; returns a function that stops receiving. */
  subscribe(handler: RealtimeHandler): () => void;
  close(): Promise<void>;
}

/**
 * The single-process bus. Delivery is asynchronous, as it would be over the network, and each
 * handler gets its own copy, so nothing the publisher does afterwards can change what was sent.
 */
export class InProcessRealtimeBus implements RealtimeBus {
  private readonly handlers = new Set<RealtimeHandler>();
  private closed = false;

  publish(message: RealtimeMessage): Promise<void> {
    if (this.closed) return Promise.resolve();
    for (const handler of this.handlers) {
      const copy = structuredClone(message);
      queueMicrotask(() => handler(copy));
    }
    return Promise.resolve();
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
