/**
 * When the event loop cannot keep up, the costliest new API work is refused at once with 503 and
 * `Retry-After` while ordinary pages are served; when it is far behind, every new API request is,
 * and readiness says so, while the health probes keep answering; once the delay comes down,
 * everything is served again. The loop is really blocked (a busy wait), so the delay is
 * measured by the server's own monitor as it would be under load, never faked.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COSTLY_BODY_BYTES, refusedAt, type LoopLevel } from '../../src/apis/load-shedding';
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

describe('what is refused at each level of load', () => {
  const asked = (method: string, url: string, contentLength = 0) => ({ method, url, contentLength });
  const costly = [
    asked('POST', '/api/realtime'),
    asked('GET', '/api/epub/stories/:id'),
    asked('GET', '/api/epub/series/:id'),
    asked('POST', '/api/backups'),
    asked('POST', '/api/backups/upload'),
    asked('PUT', '/api/collections/import'),
    asked('POST', '/api/batch'),
    asked('POST', '/api/collections/:collection/records', COSTLY_BODY_BYTES + 1),
  ];
  const ordinary = [
    asked('GET', '/api/collections/:collection/records'),
    asked('POST', '/api/collections/:collection/records', 2_000),
    asked('GET', '/api/realtime'),
    asked('GET', '/api/search/stories'),
  ];
  const never = [asked('GET', '/api/health'), asked('GET', '/api/health/ready'), asked('GET', '/stories')];
  const refused = (level: LoopLevel, list: typeof costly) => list.map((subject) => refusedAt(level, subject));

  it('keeping up: nothing', () => {
    expect(refused('keeping-up', [...costly, ...ordinary, ...never])).not.toContain(true);
  });
  it('overloaded: only the costly work that can wait', () => {
    expect(refused('overloaded', costly)).not.toContain(false);
    expect(refused('overloaded', [...ordinary, ...never])).not.toContain(true);
  });
  it('severely overloaded: every API request but the health probes', () => {
    expect(refused('severe', [...costly, ...ordinary])).not.toContain(false);
    expect(refused('severe', never)).not.toContain(true);
  });
});

describeEachDialect('load shedding', (get) => {
  it(
    'while the loop lags, refuses costly work and serves ordinary pages',
    async () => {
      const server = await createTestServer(get().db, {
        config: { loadShedDelayMs: THRESHOLD_MS, dataDir: dataDir() },
      });
      try {
        const subscribe = () => server.inject({ method: 'POST', url: '/api/realtime', payload: {} });
        const labels = () => server.inject({ method: 'GET', url: '/api/collections/_superusers/records' });
        // Held for about twice the threshold (overloaded, not severely) until both answers were
        // seen in the same window: a loaded machine may add enough delay to make one window severe.
        const costlyRefusedOnly = ([costly, ordinary]: number[]) => costly === 503 && ordinary !== 503;
        let seen: number[] = [];
        for (let tries = 0; tries < PATIENCE_TRIES / 10 && !costlyRefusedOnly(seen); tries++) {
          blockLoop(THRESHOLD_MS * 2);
          await sleep(50);
          seen = (await Promise.all([subscribe(), labels()])).map((answer) => answer.statusCode);
        }
        expect(seen[0]).toBe(503);
        expect(seen[1]).not.toBe(503);
      } finally {
        await server.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'refuses every new API request while the loop is far behind, answers health, and recovers by itself',
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
