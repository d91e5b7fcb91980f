/**
 * The bench report's verdicts (bench/report.ts): lists of up to 100 rows by requests per second and
 * p99, larger pages by the rows they serve per second (issue 21).
 */
import { describe, expect, it } from 'vitest';
import { renderSection, type BenchReport, type ScenarioOutcome } from '../../../../bench/report';
import { LARGE_PAGE_BUDGET, LIST_BUDGET, pageBudget } from '../../../../bench/scenarios';

const http = (rps: number, p99: number) => ({
  count: 1,
  p50: 1,
  p95: 2,
  p99,
  max: p99,
  mean: 1,
  rps,
  errors: 0,
  errorKinds: {},
  meanBytes: 100,
  windowSeconds: 5,
});

/** The table row of one scenario, as the report renders it. */
function rowOf(outcome: ScenarioOutcome): string {
  const report: BenchReport = {
    date: '2026-11-28',
    command: 'npm run bench',
    machine: {},
    settings: {},
    dialects: [{ dialect: 'sqlite', label: 'SQLite', scenarios: [outcome] }],
  };
  return renderSection(report)
    .split('\n')
    .find((line) => line.startsWith(`| \`${outcome.key}\``))!;
}

describe('bench verdicts', () => {
  it('judges a list of up to 100 rows by its rate and p99', () => {
    const list = { key: 'list', title: 'list', connections: 50, budget: LIST_BUDGET };
    expect(rowOf({ ...list, http: http(2_500, 20) })).toContain('| meets |');
    expect(rowOf({ ...list, http: http(1_500, 20) })).toContain('**misses** (rate)');
    expect(rowOf({ ...list, http: http(2_500, 60) })).toContain('**misses** (p99)');
  });

  it('judges a larger page by the rows it serves per second, shown beside its rate', () => {
    const page = { key: 'page', title: 'page', connections: 50, budget: LARGE_PAGE_BUDGET };
    const fast = rowOf({ ...page, http: http(400, 150), meanRows: 359 });
    expect(fast).toContain('| 400 (143,600 rows/s) |');
    expect(fast).toContain('| meets |');
    expect(rowOf({ ...page, http: http(200, 150), meanRows: 359 })).toContain('**misses** (rows/s)');
    expect(rowOf({ ...page, http: http(400, 250), meanRows: 359 })).toContain('**misses** (p99)');
  });

  it('judges a list asked for up to 1,000 rows as a short list when its answers are short', () => {
    expect(pageBudget(1.7)).toBe(LIST_BUDGET);
    expect(pageBudget(100)).toBe(LIST_BUDGET);
    expect(pageBudget(359)).toBe(LARGE_PAGE_BUDGET);
  });
});
