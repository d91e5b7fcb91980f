/**
 * The server under test, in its own process so it does not share an event loop with the load
 * generator. `app` starts the real server with `startApp(loadConfig(env))` from the TypeScript
 * sources (through tsx, as `npm run dev` does); `hello` starts a bare Fastify server answering one
 * fixed small JSON document, the HTTP floor. The parent learns the address over IPC and stops the
 * child with a `stop` message (and may ask for its `memory`); the child also exits when the parent
 * goes away.
 */
import Fastify from 'fastify';
import { startApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';

type Stop = () => Promise<void>;

async function start(mode: string): Promise<{ url: string; stop: Stop }> {
  if (mode === 'app') {
    const app = await startApp(loadConfig(process.env));
    return { url: app.url, stop: () => app.close() };
  }
  if (mode === 'hello') {
    const server = Fastify({ logger: false });
    server.get('/hello', () => ({ hello: 'world' }));
    const url = await server.listen({ host: '127.0.0.1', port: 0 });
    return { url, stop: () => server.close() };
  }
  throw new Error(`unknown mode ${mode}`);
}

function send(message: unknown): void {
  if (process.send) process.send(message);
}

async function main(): Promise<void> {
  if (!process.send) throw new Error('server-child must be started by bench/run.ts (IPC channel missing)');
  const { url, stop } = await start(process.argv[2] ?? 'app');
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('message', (message: { type?: string }) => {
    if (message?.type === 'stop') shutdown();
    if (message?.type === 'memory') {
      // Collected first when the child runs with --expose-gc, so the numbers are live memory.
      (globalThis as { gc?: () => void }).gc?.();
      const { rss, heapUsed } = process.memoryUsage();
      send({ type: 'memory', rss, heapUsed });
    }
  });
  process.on('disconnect', shutdown);
  send({ type: 'ready', url });
}

main().catch((error: unknown) => {
  send({ type: 'failed', message: String((error as Error)?.stack ?? error) });
  process.exit(1);
});
