/**
 * `npm run bench:logs`: what storing request logs costs a request. The real server (a child
 * process, SQLite) answers the same guest list, `GET /api/collections/pages/records?perPage=5`,
 * with `settings.logs.maxDays` 5 (every request stored, in batches) and 0 (nothing stored), in
 * alternating order round by round, so drift on a shared machine hits both alike. Prints rate and latency per
 * round and the median of each setting. Knobs: BENCH_LOG_ROUNDS (4), BENCH_SECONDS (5),
 * BENCH_CONNECTIONS (16).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PocketBase from 'pocketbase';
import { appMailer, openAppDatabase } from '../apps/server/src/app';
import { upsertSuperuser } from '../apps/server/src/cli/superuser';
import { loadConfig } from '../apps/server/src/config';
import { createCore } from '../apps/server/src/core';
import { createLogger } from '../apps/server/src/tools/logger';
import { log } from './harness';
import { runLoad } from './load';
import { killAll, startServer } from './processes';

const rounds = Number(process.env.BENCH_LOG_ROUNDS ?? 4);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const PASSWORD = 'bench-password-1';

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-logs-'));
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', HOST: '127.0.0.1', PORT: '0' };
  try {
    // A superuser to switch the setting (the server's own tables are made by its first start).
    const first = await startServer('app', env);
    await first.stop();
    const config = loadConfig(env);
    const db = await openAppDatabase(config, createLogger('silent'));
    const core = await createCore(db, {
      appName: 'bench',
      appURL: 'http://127.0.0.1',
      mailer: appMailer(config, createLogger('silent')),
    });
    await upsertSuperuser(core, 'bench@example.com', PASSWORD);
    await core.close();
    await db.destroy();

    const server = await startServer('app', env);
    const pb = new PocketBase(server.url);
    await pb.collection('_superusers').authWithPassword('bench@example.com', PASSWORD);
    await pb.settings.update({ rateLimits: { enabled: false } });
    const results: Record<'stored' | 'off', Array<{ rps: number; p50: number; p99: number }>> = {
      stored: [],
      off: [],
    };
    for (let round = 1; round <= rounds; round++) {
      // stored-off, off-stored, ...: a machine that speeds up or slows down favours neither.
      const order = round % 2 === 1 ? (['stored', 'off'] as const) : (['off', 'stored'] as const);
      for (const mode of order) {
        await pb.settings.update({ logs: { maxDays: mode === 'stored' ? 5 : 0 } });
        const result = await runLoad({
          url: server.url,
          connections,
          warmupMs: 1000,
          durationMs: seconds * 1000,
          next: () => ({ method: 'GET', path: '/api/collections/pages/records?perPage=5' }),
        });
        results[mode].push({ rps: result.rps, p50: result.p50, p99: result.p99 });
        log(
          `round ${round} logs ${mode.padEnd(6)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${result.p50.toFixed(2)} ms  p99 ${result.p99.toFixed(2)} ms  errors ${result.errors}`,
        );
      }
    }
    const stored = await pb.logs.getList(1, 1, { filter: 'data.url ~ "/api/collections/pages/records"' });
    log(`entries stored while logging: ${stored.totalItems}`);
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    for (const mode of ['stored', 'off'] as const) {
      const r = results[mode];
      log(
        `median logs ${mode.padEnd(6)} ${median(r.map((x) => x.rps)).toFixed(0)} req/s  p50 ${median(r.map((x) => x.p50)).toFixed(2)} ms  p99 ${median(r.map((x) => x.p99)).toFixed(2)} ms`,
      );
    }
    await server.stop();
  } finally {
    killAll();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
