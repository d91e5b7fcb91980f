import { vi } from 'vitest';
import { pb } from '../src/lib/pocketbase';
import { fakeApi } from './fake-api';

type Listener = (event: { type: string; data: string; lastEventId: string }) => void;

/**
 * An EventSource the tests drive: the SDK's realtime client connects to it as to the server's
 * `/api/realtime` stream, and a test sends PB_CONNECT and record events through it.
 */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly listeners = new Map<string, Set<Listener>>();
  onerror: ((event: unknown) => void) | null = null;
  closed = false;

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: Listener): void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: Listener): void {
    this.listeners.get(type)?.delete(listener);
  }

  close(): void {
    this.closed = true;
  }

  dispatch(type: string, data: unknown, lastEventId = ''): void {
    for (const listener of this.listeners.get(type) ?? [])
      listener({ type, data: JSON.stringify(data), lastEventId });
  }
}

function openSource(): FakeEventSource {
  const source = FakeEventSource.instances.filter((s) => !s.closed).at(-1);
  if (!source) throw new Error('the app has not opened a realtime connection');
  return source;
}

export const fakeRealtime = {
  /** Completes the SDK's connection: PB_CONNECT, then its POST of the subscriptions. */
  connect(clientId = 'client1'): void {
    fakeApi.on('POST', '/api/realtime', { status: 204 });
    openSource().dispatch('PB_CONNECT', { clientId }, clientId);
  },
  /** The topics the app last subscribed to. */
  subscriptions(): unknown {
    const posts = fakeApi.requestsTo('/api/realtime', 'POST');
    return (posts.at(-1)?.body as { subscriptions?: unknown } | undefined)?.subscriptions;
  },
  /** A record event on a topic, e.g. `notifications/*`. */
  emit(topic: string, data: { action: string; record: unknown }): void {
    openSource().dispatch(topic, data);
  },
  isOpen(): boolean {
    return FakeEventSource.instances.some((s) => !s.closed);
  },
};

export function installFakeRealtime(): void {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
}

/** Forgets every subscription and closes the connection, so the next test starts with a fresh client. */
export async function resetRealtime(): Promise<void> {
  await pb.realtime.unsubscribe().catch(() => undefined);
  // The SDK closes a connection that never completed only when it times out; tests do not wait for that.
  (pb.realtime as unknown as { disconnect(): void }).disconnect();
}
