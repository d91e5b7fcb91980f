import { vi } from 'vitest';

/**
 * A stand-in for the server at the network boundary: the real SDK builds real requests and reads real
 * responses, and this answers them. Anything a test has not set up answers like a PocketBase server
 * without that endpoint (404), which is what the app meets while the server is still being built.
 */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
}

type Handler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

/**
 * Requests the shell makes by itself for a signed-in member, whatever the screen: the session check (an
 * auth refresh) and Who's Online's presence. Tests that list a screen's own writes leave them out.
 */
export function isShellBackground(request: { path: string }): boolean {
  return request.path.endsWith('/auth-refresh') || request.path.startsWith('/api/collections/presence/');
}

export const NOT_FOUND_BODY = { status: 404, message: "The requested resource wasn't found.", data: {} };

/** A PocketBase list answer around `items`. */
export function listOf<T>(items: T[], { page = 1, perPage = 30, totalItems = items.length } = {}) {
  return { page, perPage, totalItems, totalPages: Math.ceil(totalItems / perPage), items };
}

function parseBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

class FakeApi {
  readonly requests: FakeRequest[] = [];
  private handlers: { method: string; path: string; handler: Handler }[] = [];

  /** Answers `method path` (path without query) with `handler`; a later registration wins. */
  on(method: string, path: string, handler: Handler | FakeReply): this {
    this.handlers.unshift({ method, path, handler: typeof handler === 'function' ? handler : () => handler });
    return this;
  }

  /** Requests made to `path` (optionally with one method). */
  requestsTo(path: string, method?: string): FakeRequest[] {
    return this.requests.filter((r) => r.path === path && (method === undefined || r.method === method));
  }

  reset(): void {
    this.requests.length = 0;
    this.handlers = [];
  }

  readonly fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const request: FakeRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      body: parseBody(init.body),
      headers: new Headers(init.headers),
    };
    this.requests.push(request);
    const match = this.handlers.find((h) => h.method === request.method && h.path === request.path);
    const reply = match ? await match.handler(request) : { status: 404, body: NOT_FOUND_BODY };
    return new Response(JSON.stringify(reply.body ?? {}), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
}

export const fakeApi = new FakeApi();

export function installFakeApi(): void {
  fakeApi.reset();
  vi.stubGlobal('fetch', fakeApi.fetch);
}

/** A promise a test resolves later, to hold an answer back (e.g. to see a loading state). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * A request body as plain data, for comparing: JSON as sent; form data as its fields, with the
 * `@jsonPayload` part merged in and each file as `file:<name>` (repeated keys become lists).
 */
export function bodyOf(request: Pick<FakeRequest, 'body'>): unknown {
  if (!(request.body instanceof FormData)) return request.body;
  const fields: Record<string, unknown> = {};
  for (const [key, value] of request.body.entries()) {
    if (key === '@jsonPayload' && typeof value === 'string') {
      Object.assign(fields, JSON.parse(value) as object);
      continue;
    }
    const entry = typeof value === 'string' ? value : `file:${value.name}`;
    const existing = fields[key];
    const earlier: unknown[] = Array.isArray(existing) ? (existing as unknown[]) : [existing];
    fields[key] = existing === undefined ? entry : [...earlier, entry];
  }
  return fields;
}
