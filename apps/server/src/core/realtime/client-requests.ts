/**
 * Requests addressed to whichever process holds a realtime client. Behind a proxy that spreads
 * requests over several processes, the request that concerns a stream may land on another process
 * than the stream: the SDK's `POST /api/realtime` (subscribe), and the provider's redirect in the
 * OAuth2 popup flow (`@oauth2`).
 *
 * The process that receives the request answers it itself when it holds the client. Otherwise it
 * asks every process over the bus; the one holding the client runs the same handler and publishes
 * its answer. No answer within the timeout means no process holds the client. Payloads and answers
 * travel as JSON.
 */
import { randomBytes } from 'node:crypto';
import type { ClientAnswerMessage, ClientRequestMessage, RealtimeBus } from './bus';

/** How long to wait for the process holding the client; only a request for a missing client waits this long. */
const ANSWER_TIMEOUT_MS = 3000;

/** The part of a client the handlers need (the realtime service's client). */
export interface AddressableClient {
  readonly id: string;
  readonly closed: boolean;
}

export type ClientRequestHandler<C> = (client: C, payload: unknown) => unknown;

export class ClientRequests<C extends AddressableClient> {
  private readonly handlers = new Map<string, ClientRequestHandler<C>>();
  private readonly pending = new Map<string, (answer: unknown) => void>();

  constructor(
    private readonly find: (clientId: string) => C | undefined,
    private readonly bus: RealtimeBus,
    private readonly report: (error: unknown, message: string) => void,
  ) {}

  /** What to do with `action` requests for a client held here; the return value is the answer. */
  handle(action: string, handler: ClientRequestHandler<C>): void {
    this.handlers.set(action, handler);
  }

  /** The answer of the process holding the client, or undefined when none does. */
  async ask(action: string, clientId: string, payload: unknown): Promise<unknown> {
    const here = this.find(clientId);
    if (here) return this.answer(action, here, payload);
    if (!this.bus.shared) return undefined;
    const requestId = randomBytes(12).toString('base64url');
    const answered = new Promise<unknown>((resolve) => {
      const timer = setTimeout(() => finish(undefined), ANSWER_TIMEOUT_MS);
      const finish = (answer: unknown) => {
        clearTimeout(timer);
        this.pending.delete(requestId);
        resolve(answer);
      };
      this.pending.set(requestId, finish);
    });
    try {
      await this.bus.publish({ type: 'client-request', requestId, action, clientId, payload });
    } catch (error) {
      this.pending.get(requestId)?.(undefined);
      this.report(error, 'realtime request could not be published');
    }
    return answered;
  }

  /** A request or an answer from the bus. */
  receive(message: ClientRequestMessage | ClientAnswerMessage): void {
    if (message.type === 'client-answer') {
      this.pending.get(message.requestId)?.(message.answer);
      return;
    }
    // Our own request comes back to us too; it was already tried here.
    if (this.pending.has(message.requestId)) return;
    const client = this.find(message.clientId);
    if (!client) return;
    const answer = this.answer(message.action, client, message.payload) ?? null;
    this.bus
      .publish({ type: 'client-answer', requestId: message.requestId, answer })
      .catch((error: unknown) => this.report(error, 'realtime answer could not be published'));
  }

  /** Gives up on every open request (shutdown). */
  close(): void {
    for (const finish of [...this.pending.values()]) finish(undefined);
  }

  private answer(action: string, client: C, payload: unknown): unknown {
    const handler = this.handlers.get(action);
    if (!handler || client.closed) return undefined;
    try {
      return handler(client, payload);
    } catch (error) {
      this.report(error, `realtime ${action} failed`);
      return undefined;
    }
  }
}
