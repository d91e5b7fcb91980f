/**
 * Puts a fixture's Fastify server on a real socket so the official `pocketbase` SDK can reach it over
 * HTTP, and gives each test a fresh client. The fixture's afterAll closes the server (and the socket).
 */
import type { AddressInfo } from 'node:net';
import PocketBase, { ClientResponseError } from 'pocketbase';
import { expect } from 'vitest';
import type { Fixture } from '../support/fixture';

/**
 * `pb.filter()` builds its placeholder regex with `RegExp.escape`, which only exists from Node 24 on.
 * The SDK (0.28.1) installs its own fallback when the module loads, so this is normally a no-op; it is
 * kept so that a future SDK build without that fallback fails loudly here instead of `pb.filter()`
 * throwing "RegExp.escape is not a function" in the middle of a test on Node 20.
 */
const regExpWithEscape = RegExp as RegExpConstructor & { escape?: (text: string) => string };
if (typeof regExpWithEscape.escape !== 'function') {
  regExpWithEscape.escape = (text: string) => text.replace(/[/\-\\^$*+?.()|[\]{}]/g, '\\$&');
}

/** Makes the fixture's server listen on 127.0.0.1 (a free port) once, and returns its base URL. */
export async function listen(fixture: Fixture): Promise<string> {
  const server = fixture.server;
  if (!server.server.listening) await server.listen({ host: '127.0.0.1', port: 0 });
  const address = server.server.address() as AddressInfo;
  return `http://127.0.0.1:${address.port}`;
}

/** A fresh SDK client without auto-cancellation (tests may run requests to the same path in parallel). */
export function client(url: string): PocketBase {
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  return pb;
}

/** Awaits a promise that must reject with the SDK's ClientResponseError, and returns that error. */
export async function rejection(promise: Promise<unknown>): Promise<ClientResponseError> {
  let result: unknown;
  try {
    result = await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ClientResponseError);
    return error as ClientResponseError;
  }
  throw new Error(`expected the request to fail, but it resolved with ${JSON.stringify(result)}`);
}
