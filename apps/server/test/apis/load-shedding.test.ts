/**
 * When the event loop cannot keep up, new API requests are refused at once with 503 and
 * `Retry-After` and readiness says so, while the health probes keep answering; once the delay comes
 * down, everything is served again. The loop is really blocked (a busy wait), so the delay is
 * measured by the server's own monitor as it would be under load, never faked.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { createTestServer } from '../support/app';
import { describeEachDialect } from '../support/databases';
import { sleep } from '../support/wait';

// High enough that a machine busy with other suites (CI) does not by itself keep the loop over half
// of it: the process must recover, and be seen to, while the machine is loaded.
const THRESHOLD_MS = 400;
/** Waits are for conditions; this only bounds how long one may take on a loaded machine. */
const PATIENCE_TRIES = 1200;
const TEST_TIMEOUT_MS = 120_000;

/** Holds the event loop for `ms`, as a long synchronous computation would. */
function blockLoop(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // busy
  }
}

/** A data directory of the test's own, with its storage folder, so readiness has nothing else to report. */
function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-shedding-'));
  fs.mkdirSync(path.join(dir, 'storage'));
  return dir;
}

describeEachDialect('load shedding', (get) => {
  it(
    'refuses new API work while the loop lags, answers health, and recovers by itself',
    async () => {
      const server = await createTestServer(get().db, {
        config: { loadShedDelayMs: THRESHOLD_MS, dataDir: dataDir() },
      });
      try {
        const ready = () => server.inject({ method: 'GET', url: '/api/health/ready' });
        const labels = () => server.inject({ method: 'GET', url: '/api/collections/_superusers/records' });
        // Starting the server may itself have held the loop: first it settles.
        let settled = 503;
        for (let tries = 0; tries < PATIENCE_TRIES && settled !== 200; tries++) {
          settled = (await ready()).statusCode;
          if (settled !== 200) await sleep(50);
        }
        expect(settled).toBe(200);

        // Blocked again and again until the monitor has seen it (a loaded machine may need more than one).
        let shed = await labels();
        while (shed.statusCode !== 503) {
          blockLoop(THRESHOLD_MS * 4);
          await sleep(50);
          shed = await labels();
        }
        expect(shed.headers['retry-after']).toBe('1');
        expect(shed.json()).toEqual({
          status: 503,
          message: 'The server is busy. Please try again in a moment.',
          data: {},
        });
        const notReady = await ready();
        expect(notReady.statusCode).toBe(503);
        expect(notReady.json()).toMatchObject({ data: { eventLoop: 'unavailable', database: 'ok' } });
        expect((await server.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

        // Nothing blocks any more: within a few windows the server serves every request again.
        let status = 503;
        for (let tries = 0; tries < PATIENCE_TRIES && status === 503; tries++) {
          await sleep(50);
          status = (await labels()).statusCode;
        }
        expect(status).not.toBe(503);
        expect((await ready()).statusCode).toBe(200);
      } finally {
        await server.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
