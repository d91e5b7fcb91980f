/**
 * Shutting down waits for requests in flight, and for nothing else: a connection on which no request
 * has started (a realtime client reconnecting at the wrong moment) is ended instead of holding the
 * close up until its client gives up.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { registerGracefulClose } from '../../src/apis/graceful-close';

async function serverWithSlowRoute() {
  const app = Fastify();
  registerGracefulClose(app);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const begun = new Promise<void>((resolve) => (started = resolve));
  app.get('/slow', async () => {
    started();
    await released;
    return { done: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  return { app, port, begun, release };
}

it('ends a connection that carries no request, and lets a request in flight finish first', async () => {
  const { app, port, begun, release } = await serverWithSlowRoute();
  const silent = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => silent.once('connect', () => resolve()));
  const silentClosed = new Promise<void>((resolve) => silent.once('close', () => resolve()));
  const answer = fetch(`http://127.0.0.1:${port}/slow`);
  await begun;

  let closed = false;
  const closing = app.close().then(() => (closed = true));
  await silentClosed; // ended by the server, without the client doing anything
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(closed).toBe(false); // the slow request is still running

  release();
  const response = await answer;
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ done: true });
  await closing;
  expect(closed).toBe(true);
});
