/**
 * The realtime bus over Redis pub/sub, for several server processes (`REDIS_URL`). One channel
 * carries every message; each is serialised once, as `<origin> <json>`, where the origin is a
 * random id of the publishing process.
 *
 * - A process delivers its own messages to its own handlers at once (without waiting for Redis)
 *   and ignores their echo from the channel, so nothing is delivered twice and local clients keep
 *   getting events while Redis is unreachable. Local handlers get the same JSON round trip as
 *   remote ones, so both see identical copies.
 * - Redis keeps the order of one connection's messages, so each stream still sees a record's
 *   changes in commit order.
 * - Pub/sub is at-most-once: messages published while a process is disconnected from Redis never
 *   reach it. ioredis reconnects and renews the subscription; `onError` reports the outage.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RealtimeBus, RealtimeHandler, RealtimeMessage } from './bus';

export interface RedisBusOptions {
  /** A connection for commands (may be shared with other users of Redis). */
  publisher: Redis;
  /** A connection of its own: it goes into subscriber mode. */
  subscriber: Redis;
  /** The pub/sub channel, e.g. `community:realtime`. */
  channel: string;
  onError?: (error: unknown, message: string) => void;
}

export class RedisRealtimeBus implements RealtimeBus {
  readonly shared = true;
  private readonly origin = randomBytes(9).toString('base64url');
  private readonly handlers = new Set<RealtimeHandler>();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly channel: string;
  private readonly report: (error: unknown, message: string) => void;
  private closed = false;

  private constructor(options: RedisBusOptions) {
    this.publisher = options.publisher;
    this.subscriber = options.subscriber;
    this.channel = options.channel;
    this.report = options.onError ?? (() => undefined);
    this.subscriber.on('message', this.onMessage);
  }

  /** Creates the bus and waits until its subscription is active (so no message is missed after it). */
  static async open(options: RedisBusOptions): Promise<RedisRealtimeBus> {
    const bus = new RedisRealtimeBus(options);
    await options.subscriber.subscribe(options.channel);
    return bus;
  }

  async publish(message: RealtimeMessage): Promise<number> {
    if (this.closed) return 0;
    const json = JSON.stringify(message);
    this.deliver(json);
    // Redis counts the subscribed connections it handed the message to, this process's own among them.
    const received = await this.publisher.publish(this.channel, `${this.origin} ${json}`);
    return Math.max(0, received - 1);
  }

  subscribe(handler: RealtimeHandler): () => void {
    const own = (message: RealtimeMessage) => handler(message);
    this.handlers.add(own);
    return () => this.handlers.delete(own);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.handlers.clear();
    this.subscriber.off('message', this.onMessage);
    if (this.subscriber.status === 'ready') {
      await this.subscriber.unsubscribe(this.channel).catch(() => undefined);
    }
  }

  private readonly onMessage = (channel: string, payload: string): void => {
    if (this.closed || channel !== this.channel) return;
    const space = payload.indexOf(' ');
    if (space <= 0) return;
    // Our own message: it was delivered here when it was published.
    if (space === this.origin.length && payload.startsWith(this.origin)) return;
    this.deliver(payload.slice(space + 1));
  };

  /** Hands each handler its own parsed copy, asynchronously, as a remote delivery would. */
  private deliver(json: string): void {
    for (const handler of this.handlers) {
      queueMicrotask(() => {
        let message: RealtimeMessage;
        try {
          message = JSON.parse(json) as RealtimeMessage;
        } catch (error) {
          this.report(error, 'unreadable realtime message');
          return;
        }
        handler(message);
      });
    }
  }
}
