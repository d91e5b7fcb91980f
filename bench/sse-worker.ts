/**
 * One SSE load-generator process (bench/sse.ts starts several). It holds its share of the realtime
 * clients as raw `node:http` streams (one socket each, no EventSource and no SDK, so thousands of
 * clients cost little), subscribes each one the way the SDK does (`PB_CONNECT`, then
 * `POST /api/realtime`), and, when armed with a marker, notes the moment each client's stream
 * delivers a frame containing it. The parent talks to it over IPC (it first says `ready`):
 *
 *   open {url, tokens, subscription, concurrency} -> opened {ok, failed, errors}
 *   arm {seq, marker}                             -> armed; arrivals {seq, times} once all have it
 *   collect                                       -> arrivals {seq, times} (what has come so far)
 *   close                                         -> exits
 *
 * Times are epoch milliseconds with sub-millisecond precision (`performance.timeOrigin + now()`),
 * comparable between processes on one machine; NaN marks a client that has not received it.
 */
import http from 'node:http';

interface OpenMessage {
  type: 'open';
  url: string;
  /** One entry per client: a member's token, or null for a guest. */
  tokens: Array<string | null>;
  subscription: string;
  /** Clients being connected at once. */
  concurrency: number;
}

type Message =
  OpenMessage | { type: 'arm'; seq: number; marker: string } | { type: 'collect' } | { type: 'close' };

interface Client {
  request: http.ClientRequest | null;
  response: http.IncomingMessage | null;
  /** Whether its subscription was accepted (only those are waited for). */
  subscribed: boolean;
  /** The last characters seen, so a marker split between two chunks is still found. */
  tail: string;
}

const now = () => performance.timeOrigin + performance.now();
const clients: Client[] = [];
let marker = '';
let seq = 0;
let arrivals = new Float64Array(0);
let pending = 0;
let reported = true;

function send(message: unknown): void {
  process.send?.(message);
}

function report(): void {
  if (reported) return;
  reported = true;
  send({ type: 'arrivals', seq, times: Array.from(arrivals) });
}

function watch(index: number, chunk: string): void {
  const client = clients[index]!;
  if (!marker || !client.subscribed || !Number.isNaN(arrivals[index]!)) return;
  const text = client.tail + chunk;
  if (text.includes(marker)) {
    arrivals[index] = now();
    client.tail = '';
    if (--pending === 0) report();
  } else {
    client.tail = text.slice(-marker.length);
  }
}

/** Opens one stream and resolves with its client id once `PB_CONNECT` has arrived. */
function connect(url: URL, index: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const client: Client = { request: null, response: null, subscribed: false, tail: '' };
    clients[index] = client;
    let buffer = '';
    let connected = false;
    const request = http.get(url, { agent: false, headers: { accept: 'text/event-stream' } }, (response) => {
      client.response = response;
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`GET status ${response.statusCode}`));
        return;
      }
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        if (connected) {
          watch(index, chunk);
          return;
        }
        buffer += chunk;
        const match = /id:([A-Za-z0-9]+)\nevent:PB_CONNECT\n/.exec(buffer);
        if (!match) return;
        connected = true;
        buffer = '';
        resolve(match[1]!);
      });
      response.on('error', () => undefined);
    });
    request.on('error', reject);
    client.request = request;
  });
}

const postAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function subscribe(url: URL, clientId: string, token: string | null, subscription: string): Promise<void> {
  const body = JSON.stringify({ clientId, subscriptions: [subscription] });
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent: postAgent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(token ? { authorization: token } : {}),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 204 ? resolve() : reject(new Error(`POST status ${response.statusCode}`)),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function open(message: OpenMessage): Promise<void> {
  const url = new URL('/api/realtime', message.url);
  if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') throw new Error('loopback only');
  let next = 0;
  let ok = 0;
  const errors: Record<string, number> = {};
  const runner = async () => {
    while (next < message.tokens.length) {
      const index = next++;
      try {
        const clientId = await connect(url, index);
        await subscribe(url, clientId, message.tokens[index] ?? null, message.subscription);
        clients[index]!.subscribed = true;
        ok++;
      } catch (error) {
        const reason = (error as Error).message || String(error);
        errors[reason] = (errors[reason] ?? 0) + 1;
        clients[index]?.request?.destroy();
      }
    }
  };
  await Promise.all(Array.from({ length: message.concurrency }, runner));
  postAgent.destroy();
  send({ type: 'opened', ok, failed: message.tokens.length - ok, errors });
}

process.on('message', (message: Message) => {
  switch (message.type) {
    case 'open':
      open(message).catch((error: unknown) => send({ type: 'failed', message: String(error) }));
      break;
    case 'arm': {
      marker = message.marker;
      seq = message.seq;
      arrivals = new Float64Array(clients.length).fill(NaN);
      pending = clients.filter((client) => client.subscribed && !client.response?.destroyed).length;
      reported = false;
      for (const client of clients) client.tail = '';
      send({ type: 'armed' });
      if (pending === 0) report();
      break;
    }
    case 'collect':
      reported = false;
      report();
      break;
    case 'close':
      for (const client of clients) client.request?.destroy();
      process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
