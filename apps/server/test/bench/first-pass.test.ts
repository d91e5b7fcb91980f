/**
 * The bench's first pass (bench/load.ts, bench/harness.ts): a read scenario that cycles through many
 * distinct requests is counted only once each has been answered, and its first visits are reported
 * apart from the steady state.
 */
import { describe, expect, it } from 'vitest';
import { firstPassLength } from '../../../../bench/harness';
import { MeasureWindow, type RequestSpec } from '../../../../bench/load';
import { renderSection, type BenchReport } from '../../../../bench/report';

const get = (path: string, token = 'a'): RequestSpec => ({
  method: 'GET',
  path,
  headers: { authorization: token },
});

describe('firstPassLength', () => {
  it('is the length of the prefix that asks every distinct request once', () => {
    expect(firstPassLength((i) => get(`/story/${i % 1000}`))).toBe(1000);
    // The member and the story cycle together: 20 members over 1,000 stories is 1,000 pairs.
    expect(firstPassLength((i) => get(`/story/${i % 1000}`, `member-${i % 20}`))).toBe(1000);
    // Three stories over two members: six distinct pairs.
    expect(firstPassLength((i) => get(`/story/${i % 3}`, `member-${i % 2}`))).toBe(6);
  });

  it('is 0 for writes and for sequences that never repeat', () => {
    expect(firstPassLength((i) => ({ method: 'POST', path: '/comments', body: String(i) }))).toBe(0);
    expect(firstPassLength((i) => get(`/story/${i}`))).toBe(0);
  });
});

describe('MeasureWindow with a first pass', () => {
  const window = (firstPass: number, maxFirstPassMs: number) =>
    new MeasureWindow({
      warmupMs: 0,
      durationMs: 60_000,
      workers: 1,
      minCount: 1,
      maxExtendMs: 0,
      maxWarmupMs: 0,
      firstPass,
      maxFirstPassMs,
    });

  it('counts nothing until every first visit is answered', () => {
    const measured = window(3, 60_000);
    measured.firstVisited();
    expect(measured.complete(0, performance.now())).toBe(false);
    measured.firstVisited();
    expect(measured.complete(0, performance.now())).toBe(false);
    measured.firstVisited();
    expect(measured.complete(0, performance.now())).toBe(true);
    expect(measured.count).toBe(1);
  });

  it('stops waiting for first visits after its longest wait', () => {
    const measured = window(1_000, 0);
    expect(measured.complete(0, performance.now())).toBe(true);
  });
});

describe('the report', () => {
  it('shows a long first pass below its table', () => {
    const http = {
      count: 100,
      p50: 1,
      p95: 2,
      p99: 3,
      max: 3,
      mean: 1,
      rps: 4_000,
      errors: 0,
      errorKinds: {},
      meanBytes: 100,
      windowSeconds: 5,
    };
    const report: BenchReport = {
      date: '2026-11-29',
      command: 'npm run bench',
      machine: {},
      settings: {},
      dialects: [
        {
          dialect: 'sqlite',
          label: 'SQLite',
          scenarios: [
            {
              key: 'comments-page',
              title: 'comments',
              connections: 50,
              http: { ...http, firstPass: { count: 1000, seconds: 3.4, rps: 294, p50: 147, p99: 1301 } },
            },
            {
              key: 'likes-mine',
              title: 'likes',
              connections: 50,
              http: { ...http, firstPass: { count: 5, seconds: 0.1, rps: 50, p50: 5, p99: 9 } },
            },
          ],
        },
      ],
    };
    const lines = renderSection(report).split('\n');
    const start = lines.findIndex((text) => text.startsWith('First visits'));
    expect(start).toBeGreaterThan(0);
    const table = lines.slice(start + 2, lines.indexOf('', start + 2));
    expect(table).toEqual([
      '| scenario | first visits | took | req/s | p50 ms | p99 ms |',
      '| --- | --- | --- | --- | --- | --- |',
      '| `comments-page` | 1,000 | 3.4 s | 294 | 147 | 1,301 |',
    ]);
    // Five first visits are not worth a mention.
    expect(table.join('\n')).not.toContain('likes-mine');
  });
});
