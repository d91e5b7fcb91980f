/** The SSE broker on its own (tools/sse): frames, subscriptions, owners and their cap, and the timers. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SseBroker, type SseCloseReason, type SseSink } from '../../src/tools/sse/broker';
import { SseFrameError, sseFrame } from '../../src/tools/sse/frame';

class MemorySink implements SseSink {
  readonly chunks: string[] = [];
  ended = false;
  bufferedBytes = 0;
  write(chunk: string): boolean {
    this.chunks.push(chunk);
    return true;
  }
  end(): void {
    this.ended = true;
  }
}

function setup(limits: ConstructorParameters<typeof SseBroker>[0] = {}) {
  const closed: Array<[string, SseCloseReason]> = [];
  const broker = new SseBroker<string, { n: number }>({
    ...limits,
    onClose: (client, reason) => closed.push([client.id, reason]),
  });
  return { broker, closed };
}

describe('sseFrame', () => {
  it('writes id, event and data lines and a blank line', () => {
    expect(sseFrame('abc', 'posts/*', '{"a":1}')).toBe('id:abc\nevent:posts/*\ndata:{"a":1}\n\n');
  });

  it('splits a payload with line breaks over several data lines', () => {
    expect(sseFrame('i', 'e', 'one\ntwo\r\nthree')).toBe('id:i\nevent:e\ndata:one\ndata:two\ndata:three\n\n');
  });

  it('frames each payload correctly when payloads alternate (the last one is reused, never a stale one)', () => {
    const first = '{"n":1}\nsecond line';
    const second = '{"n":2}';
    expect(sseFrame('a', 'e', first)).toBe('id:a\nevent:e\ndata:{"n":1}\ndata:second line\n\n');
    expect(sseFrame('b', 'e', first)).toBe('id:b\nevent:e\ndata:{"n":1}\ndata:second line\n\n');
    expect(sseFrame('a', 'f', second)).toBe('id:a\nevent:f\ndata:{"n":2}\n\n');
    expect(sseFrame('c', 'e', `${'{"n":1}'}\nsecond line`)).toBe(
      'id:c\nevent:e\ndata:{"n":1}\ndata:second line\n\n',
    );
    expect(sseFrame('a', 'e', '')).toBe('id:a\nevent:e\ndata:\n\n');
  });

  it('refuses line breaks in the id or the event name', () => {
    expect(() => sseFrame('a\nb', 'e', '')).toThrow(SseFrameError);
    expect(() => sseFrame('a', 'e\r\nevent:x', '')).toThrow(SseFrameError);
  });
});

describe('SseBroker', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens clients with random 40-character ids and writes frames to their sink', () => {
    const { broker } = setup();
    const sink = new MemorySink();
    const client = broker.open(sink, '127.0.0.1', { n: 1 });
    expect(client.id).toMatch(/^[a-zA-Z0-9]{40}$/);
    expect(broker.open(new MemorySink(), '127.0.0.1', { n: 2 }).id).not.toBe(client.id);
    expect(broker.get(client.id)).toBe(client);
    expect(client.send('PB_CONNECT', '{}')).toBe(true);
    expect(sink.chunks).toEqual([`id:${client.id}\nevent:PB_CONNECT\ndata:{}\n\n`]);
    broker.closeAll();
  });

  it('files subscriptions under keys and replaces the whole set on each subscribe', () => {
    const { broker } = setup();
    const a = broker.open(new MemorySink(), 'ip', { n: 1 });
    const b = broker.open(new MemorySink(), 'ip', { n: 2 });
    broker.subscribe(a, [
      { name: 'posts/*', key: 'posts/*', value: 'A1' },
      { name: 'posts/*?options=x', key: 'posts/*', value: 'A2' },
    ]);
    broker.subscribe(b, [{ name: 'posts/1', key: 'posts/1', value: 'B1' }]);
    expect([...broker.subscribers('posts/*')].map((s) => s.value)).toEqual(['A1', 'A2']);
    broker.subscribe(a, [{ name: 'comments/*', key: 'comments/*', value: 'A3' }]);
    expect(broker.subscribers('posts/*').size).toBe(0);
    expect([...broker.subscribers('comments/*')].map((s) => [s.client.id, s.name])).toEqual([
      [a.id, 'comments/*'],
    ]);
    broker.remove(b, 'closed');
    expect(broker.subscribers('posts/1').size).toBe(0);
    broker.closeAll();
  });

  it('caps the clients of one owner and frees the place when one closes', () => {
    const { broker } = setup({ limits: { maxStreamsPerOwner: 2 } });
    const [a, b, c] = [1, 2, 3].map((n) => broker.open(new MemorySink(), 'ip', { n }));
    expect(broker.setOwner(a!, 'bob')).toBe(true);
    expect(broker.setOwner(b!, 'bob')).toBe(true);
    expect(broker.setOwner(b!, 'bob')).toBe(true); // already his: no change
    expect(broker.setOwner(c!, 'bob')).toBe(false);
    expect(c!.owner).toBeNull();
    expect(broker.setOwner(c!, 'alice')).toBe(true);
    expect(broker.ownedBy('bob').size).toBe(2);
    broker.remove(a!, 'disconnected');
    expect(broker.ownedBy('bob').size).toBe(1);
    expect(broker.setOwner(c!, 'bob')).toBe(true); // moves from alice to bob
    expect(broker.ownedBy('alice').size).toBe(0);
    broker.setOwner(b!, null);
    expect([...broker.ownedBy('bob')]).toEqual([c]);
    broker.closeAll();
  });

  it('drops a client that does not read (too many bytes queued)', () => {
    const { broker, closed } = setup({ limits: { maxBufferedBytes: 100 } });
    const sink = new MemorySink();
    const client = broker.open(sink, 'ip', { n: 1 });
    expect(client.send('e', 'x')).toBe(true);
    sink.bufferedBytes = 101;
    expect(client.send('e', 'x')).toBe(false);
    expect(client.closed).toBe(true);
    expect(sink.ended).toBe(true);
    expect(closed).toEqual([[client.id, 'slow']]);
    expect(client.send('e', 'x')).toBe(false);
    expect(broker.size).toBe(0);
  });

  it('closes a client after the idle timeout, which every frame resets', () => {
    vi.useFakeTimers();
    const { broker, closed } = setup({ limits: { idleTimeoutMs: 1000, lifetimeMs: 60_000 } });
    const sink = new MemorySink();
    const client = broker.open(sink, 'ip', { n: 1 });
    vi.advanceTimersByTime(900);
    client.send('e', '1');
    vi.advanceTimersByTime(900);
    expect(client.closed).toBe(false);
    vi.advanceTimersByTime(200);
    expect(client.closed).toBe(true);
    expect(sink.ended).toBe(true);
    expect(closed).toEqual([[client.id, 'idle']]);
  });

  it('closes a client at the end of its lifetime however busy it is', () => {
    vi.useFakeTimers();
    const { broker, closed } = setup({ limits: { idleTimeoutMs: 1000, lifetimeMs: 2600 } });
    const client = broker.open(new MemorySink(), 'ip', { n: 1 });
    for (let t = 0; t < 2500; t += 500) {
      client.send('e', 'x');
      vi.advanceTimersByTime(500);
    }
    expect(client.closed).toBe(false); // 2.5 s in, never idle for long
    vi.advanceTimersByTime(200);
    expect(closed).toEqual([[client.id, 'lifetime']]);
  });

  it('a client that disconnected is forgotten without ending its sink again', () => {
    const { broker, closed } = setup();
    const sink = new MemorySink();
    const client = broker.open(sink, 'ip', { n: 1 });
    broker.setOwner(client, 'bob');
    broker.subscribe(client, [{ name: 'x', key: 'x', value: 'v' }]);
    broker.remove(client, 'disconnected');
    broker.remove(client, 'closed'); // a second notice changes nothing
    expect(sink.ended).toBe(false);
    expect(broker.get(client.id)).toBeUndefined();
    expect(broker.ownedBy('bob').size).toBe(0);
    expect(broker.subscribers('x').size).toBe(0);
    expect(closed).toEqual([[client.id, 'disconnected']]);
  });

  it('closeAll ends every stream', () => {
    const { broker, closed } = setup();
    const sinks = [new MemorySink(), new MemorySink()];
    for (const sink of sinks) broker.open(sink, 'ip', { n: 0 });
    broker.closeAll();
    expect(sinks.every((s) => s.ended)).toBe(true);
    expect(closed.map(([, reason]) => reason)).toEqual(['shutdown', 'shutdown']);
    expect(broker.size).toBe(0);
  });
});
