/**
 * The Redis realtime bus against a real Redis: every process (here: every bus with its own
 * connections) receives each message exactly once, its publisher included, in publishing order;
 * channels under other prefixes stay apart; garbage on the channel is reported, not delivered; a
 * killed subscriber connection comes back; and a process keeps serving its own clients when Redis
 * cannot take a message.
 */
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { RealtimeMessage } from '../../src/core/realtime';
import { RedisRealtimeBus } from '../../src/core/realtime/redis-bus';
import { closeRedis, openRedis } from '../../src/tools/redis/connection';
import { describeWithRedis, randomPrefix, redisClient, testRedisUrl } from '../support/redis';
import { sleep, waitFor } from '../support/wait';

const WAIT_MS = 5000;

interface Process {
  bus: RedisRealtimeBus;
  received: RealtimeMessage[];
  errors: string[];
  publisher: Redis;
  subscriber: Redis;
}

const record = (n: number, extra: Record<string, unknown> = {}): RealtimeMessage => ({
  type: 'record',
  action: 'create',
  collectionId: 'pbc_test',
  record: { id: `r${n}`, n, ...extra },
});

const ids = (messages: RealtimeMessage[]) =>
  messages.map((m) => (m.type === 'record' ? String(m.record.id) : m.type));

describeWithRedis('Redis realtime bus', () => {
  const opened: Process[] = [];
  // Opened in beforeAll: the body of a skipped suite still runs while tests are collected.
  let admin: Redis;
  beforeAll(() => {
    admin = redisClient();
  });

  afterEach(async () => {
    for (const process of opened.splice(0)) {
      await process.bus.close();
      await closeRedis(process.subscriber);
      await closeRedis(process.publisher);
    }
  });

  afterAll(() => admin.quit());

  async function start(channel: string): Promise<Process> {
    const errors: string[] = [];
    const onError = (error: Error) => errors.push(error.message);
    const publisher = await openRedis(testRedisUrl(), { name: 'test-pub', onError, autoPipelining: true });
    const subscriber = await openRedis(testRedisUrl(), { name: 'test-sub', onError });
    const bus = await RedisRealtimeBus.open({
      publisher,
      subscriber,
      channel,
      onError: (_error, message) => errors.push(message),
    });
    const received: RealtimeMessage[] = [];
    bus.subscribe((message) => received.push(message));
    const process = { bus, received, errors, publisher, subscriber };
    opened.push(process);
    return process;
  }

  it('delivers each message once to every process, the publisher included, in publishing order', async () => {
    const channel = `${randomPrefix()}realtime`;
    const [a, b] = [await start(channel), await start(channel)];
    const sent = Array.from({ length: 50 }, (_, n) => record(n));
    for (const message of sent) void a.bus.publish(message);
    await waitFor(() => b.received.length >= 50, 'b receives 50');
    await b.bus.publish(record(50));
    await waitFor(() => a.received.length >= 51, 'a receives b’s message');
    // The echo of a's own messages has come back from Redis by now (b's later message did): none doubled.
    await sleep(50);
    const expected = [...sent.map((_, n) => `r${n}`), 'r50'];
    expect(ids(a.received)).toEqual(expected);
    expect(ids(b.received)).toEqual(expected);
    expect(a.received[0]).toEqual(sent[0]);
  });

  it('hands each handler its own copy', async () => {
    const channel = `${randomPrefix()}realtime`;
    const a = await start(channel);
    const second: RealtimeMessage[] = [];
    a.bus.subscribe((message) => {
      if (message.type === 'record') message.record.n = 'changed by a handler';
      second.push(message);
    });
    const message = record(1);
    await a.bus.publish(message);
    await waitFor(() => a.received.length === 1 && second.length === 1, 'both handlers');
    expect(a.received[0]).toEqual(record(1));
    expect(message).toEqual(record(1));
  });

  it('keeps channels apart: a process under another prefix hears nothing', async () => {
    const a = await start(`${randomPrefix()}realtime`);
    const stranger = await start(`${randomPrefix()}realtime`);
    await a.bus.publish(record(1));
    await stranger.bus.publish(record(2));
    await waitFor(() => a.received.length === 1 && stranger.received.length === 1, 'own messages');
    await sleep(100);
    expect(ids(a.received)).toEqual(['r1']);
    expect(ids(stranger.received)).toEqual(['r2']);
  });

  it('reports unreadable messages on the channel and keeps delivering the rest', async () => {
    const channel = `${randomPrefix()}realtime`;
    const a = await start(channel);
    await admin.publish(channel, 'no-origin-and-no-space');
    await admin.publish(channel, 'someone {not json');
    await admin.publish(channel, `someone ${JSON.stringify(record(7))}`);
    await waitFor(() => a.received.length === 1, 'the readable message');
    expect(ids(a.received)).toEqual(['r7']);
    expect(a.errors).toEqual(['unreadable realtime message']);
  });

  it('stops delivering after close', async () => {
    const channel = `${randomPrefix()}realtime`;
    const [a, b] = [await start(channel), await start(channel)];
    await b.bus.close();
    await a.bus.publish(record(1));
    await b.bus.publish(record(2));
    await waitFor(() => a.received.length === 1, 'a gets its own');
    await sleep(100);
    expect(ids(a.received)).toEqual(['r1']);
    expect(b.received).toEqual([]);
  });

  it('renews the subscription after its connection is killed', async () => {
    const channel = `${randomPrefix()}realtime`;
    const [a, b] = [await start(channel), await start(channel)];
    const id = await a.subscriber.client('ID');
    await admin.client('KILL', 'ID', String(id));
    // Messages sent while a was disconnected are lost (pub/sub is at-most-once); keep sending until
    // one arrives after the reconnect.
    let n = 0;
    const deadline = Date.now() + WAIT_MS;
    while (!a.received.some((m) => m.type === 'record' && m.record.id === `r${n - 1}`)) {
      if (Date.now() > deadline) throw new Error('a never heard b again');
      await b.bus.publish(record(n++));
      await sleep(50);
    }
    expect(await a.subscriber.client('ID')).not.toBe(id);
  });

  it('delivers its own messages to its own clients even when Redis cannot take them', async () => {
    const channel = `${randomPrefix()}realtime`;
    const a = await start(channel);
    a.publisher.disconnect();
    await expect(a.bus.publish(record(1))).rejects.toThrow();
    await waitFor(() => a.received.length === 1, 'local delivery');
    expect(ids(a.received)).toEqual(['r1']);
  });
});
