/**
 * `/api/health/ready` against a real start (src/app.ts): the database, Redis (through a relay this
 * test owns, so stopping it never touches the shared Redis) and the local file storage, each
 * stopped in turn. `/api/health` (liveness) stays 200 throughout: the process itself is fine.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { startApp, type RunningApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/tools/logger';
import { describeEachDialect } from '../support/databases';
import { randomPrefix, redisAvailable, redisClient, removeKeys, testRedisUrl } from '../support/redis';
import { waitFor } from '../support/wait';

/** A TCP relay to the shared Redis that the test can stop and start again on the same port. */
async function startRelay(
  target: URL,
): Promise<{ url: string; stop(): Promise<void>; start(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const start = async () => {
    server = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 6379), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  };
  await start();
  const relayed = new URL(target);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(port);
  return {
    url: relayed.toString(),
    start,
    async stop() {
      const closed = new Promise<void>((resolve) => server!.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

describeEachDialect('readiness', (getDb) => {
  const prefix = randomPrefix();
  let app: RunningApp | undefined;

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    if (redisAvailable()) {
      const client = redisClient();
      await removeKeys(client, prefix);
      client.disconnect();
    }
  });

  const ready = async () => {
    const res = await fetch(`${app!.url}/api/health/ready`);
    return { status: res.status, body: (await res.json()) as { code: number; data: Record<string, string> } };
  };
  const live = async () => (await fetch(`${app!.url}/api/health`)).status;

  it('answers 503 naming the dependency that is unreachable, and 200 again once it is back', async () => {
    const { dataDir, databaseUrl } = getDb();
    const relay = redisAvailable() ? await startRelay(new URL(testRedisUrl())) : undefined;
    const config = loadConfig(
      {
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        // The event loop's part is shown in load-shedding.test.ts; here it always keeps up.
        LOAD_SHED_DELAY_MS: '0',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        ...(relay ? { REDIS_URL: relay.url, REDIS_PREFIX: prefix } : {}),
      },
      { http: '127.0.0.1:0', dir: dataDir },
    );
    app = await startApp({ ...config, webDist: '/nonexistent' }, createLogger('silent'));
    const allOk = { database: 'ok', storage: 'ok', eventLoop: 'ok', ...(relay ? { redis: 'ok' } : {}) };

    expect(await ready()).toEqual({
      status: 200,
      body: { message: 'API is ready.', code: 200, data: allOk },
    });

    // The storage directory vanishes (an unmounted volume): reported, and not quietly made again.
    const storage = path.join(dataDir, 'storage');
    fs.rmSync(storage, { recursive: true, force: true });
    expect(await ready()).toEqual({
      status: 503,
      body: { message: 'API is not ready.', code: 503, data: { ...allOk, storage: 'unavailable' } },
    });
    expect(fs.existsSync(storage)).toBe(false);
    expect(await live()).toBe(200);
    fs.mkdirSync(storage);
    expect((await ready()).status).toBe(200);

    if (relay) {
      await relay.stop();
      expect(await ready()).toMatchObject({
        status: 503,
        body: { data: { ...allOk, redis: 'unavailable' } },
      });
      await relay.start();
      // ioredis reconnects by itself (at most 2 s between attempts).
      let status = 0;
      const poll = setInterval(() => void ready().then((r) => (status = r.status)), 250);
      try {
        await waitFor(() => status === 200, 'ready again after Redis is back', 10_000, 50);
      } finally {
        clearInterval(poll);
      }
    }

    // Last, the database goes away: the PostgreSQL database is dropped; the SQLite file is closed.
    if (databaseUrl) {
      const admin = new pg.Client({ connectionString: inject('postgresAdminUrl')! });
      await admin.connect();
      await admin.query(`DROP DATABASE "${new URL(databaseUrl).pathname.slice(1)}" WITH (FORCE)`);
      await admin.end();
    } else {
      await app.db.destroy();
    }
    expect(await ready()).toMatchObject({
      status: 503,
      body: { message: 'API is not ready.', data: { database: 'unavailable', storage: 'ok' } },
    });
    expect(await live()).toBe(200);
  });
});
