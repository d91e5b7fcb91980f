/**
 * When the event loop cannot keep up, new API requests are refused at once with 503 and
 * `Retry-After` and readiness says so, while the health probes keep answering; once the delay comes
 * down, everything is served again. The loop is really blocked (a busy wait), so the delay is
 * measured by the server's own monitor as it would be under load, never faked.
 */
import { expect, it } from 'vitest';
import { createTestServer } from '../support/app';
import { describeEachDialect } from '../support/databases';
import { sleep } from '../support/wait';

const THRESHOLD_MS = 100;

/** Holds the event loop for `ms`, as a long synchronous computation would. */
function blockLoop(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // busy
  }
}

describeEachDialect('load shedding', (get) => {
  it('refuses new API work while the loop lags, answers health, and recovers by itself', async () => {
    const server = await createTestServer(get().db, { config: { loadShedDelayMs: THRESHOLD_MS } });
    try {
      const ready = () => server.inject({ method: 'GET', url: '/api/health/ready' });
      const labels = () => server.inject({ method: 'GET', url: '/api/collections/_superusers/records' });
      // Starting the server may itself have held the loop: first it settles.
      let settled = 503;
      for (let tries = 0; tries < 200 && settled !== 200; tries++) {
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
      for (let tries = 0; tries < 200 && status === 503; tries++) {
        await sleep(50);
        status = (await labels()).statusCode;
      }
      expect(status).not.toBe(503);
      expect((await ready()).statusCode).toBe(200);
    } finally {
      await server.close();
    }
  });
});
