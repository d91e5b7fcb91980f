/**
 * The scale chart (bench/chart.ts): it draws the newest run of each dialect and scale, one line per
 * list in scale order, and its tables say the same numbers. Columns kept from earlier runs stay until
 * a newer run of their dialect and scale replaces them.
 */
import { describe, expect, it } from 'vitest';
import {
  collectSeries,
  columnsOf,
  newestColumns,
  renderChart,
  renderScaleTables,
  seriesOf,
} from '../../../../bench/chart';
import type { BenchReport } from '../../../../bench/report';

function run(date: string, scale: number, dialect: string, rates: Record<string, number>): BenchReport {
  const http = (rps: number) => ({
    count: 1,
    p50: 1,
    p95: 2,
    p99: 1000 / rps,
    max: 3,
    mean: 1,
    rps,
    errors: 0,
  });
  return {
    date,
    command: `npm run bench -- --suite community --scale ${scale}`,
    machine: {},
    settings: { scale },
    httpFloor: { key: 'floor-http', title: 'bare', connections: 50, http: http(10_000) },
    dialects: [
      {
        dialect,
        label: dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL',
        scenarios: Object.entries(rates).map(([key, rps]) => ({
          key,
          title: key,
          connections: 50,
          http: http(rps),
        })),
      },
    ],
  } as unknown as BenchReport;
}

describe('scale chart', () => {
  const reports = [
    run('2026-11-27T10:00:00.000Z', 1, 'sqlite', { 'stories-latest': 100, 'story-view': 900 }),
    // A newer run of the same scale replaces the older one.
    run('2026-11-27T11:00:00.000Z', 1, 'sqlite', { 'stories-latest': 400, 'story-view': 1200 }),
    run('2026-11-27T09:00:00.000Z', 0.1, 'sqlite', { 'stories-latest': 800, 'story-view': 1500 }),
    run('2026-11-27T12:00:00.000Z', 3, 'postgres', { 'stories-latest': 50 }),
    // Not a community run: left out.
    { ...run('2026-11-27T13:00:00.000Z', 1, 'sqlite', { 'stories-latest': 1 }), command: 'npm run bench' },
  ];

  it('keeps the newest run of each dialect and scale, in scale order, SQLite first', () => {
    const series = collectSeries(reports);
    expect(series.map((s) => s.dialect)).toEqual(['sqlite', 'postgres']);
    expect(series[0]!.lines.get('stories-latest')!.map((p) => [p.scale, p.rps])).toEqual([
      [0.1, 800],
      [1, 400],
    ]);
    expect(series[1]!.lines.get('stories-latest')!.map((p) => p.scale)).toEqual([3]);
    expect(series[0]!.httpFloor.get(1)).toBe(10_000);
  });

  it('draws a line per list and panel, and tables with every point', () => {
    const series = collectSeries(reports);
    const svg = renderChart(series);
    expect(svg.startsWith('<svg')).toBe(true);
    // SQLite: two lists × two panels; PostgreSQL: one list × two panels.
    expect(svg.match(/<polyline /g)).toHaveLength(6);
    expect(svg).toContain('>stories-latest<');
    const tables = renderScaleTables(series);
    expect(tables).toContain('| `stories-latest` | 800/s, p99 1.25 ms | 400/s, p99 2.50 ms |');
    expect(tables).toContain('| `stories-latest` | 50.0/s, p99 20.0 ms |');
  });

  it('keeps earlier columns a new run does not replace, and replaces the one it does', () => {
    const kept = columnsOf(reports.slice(0, 4));
    const fresh = columnsOf([
      run('2026-11-28T10:00:00.000Z', 1, 'sqlite', { 'stories-latest': 2500, 'story-view': 4100 }),
    ]);
    // Read back from JSON, as `npm run bench:chart` does with docs/bench-scale.json.
    const merged = newestColumns([...(JSON.parse(JSON.stringify(kept)) as typeof kept), ...fresh]);
    expect(merged.map((c) => [c.dialect, c.scale, c.date.slice(0, 10)])).toEqual([
      ['sqlite', 0.1, '2026-11-27'],
      ['sqlite', 1, '2026-11-28'],
      ['postgres', 3, '2026-11-27'],
    ]);
    const series = seriesOf(merged);
    expect(series[0]!.lines.get('stories-latest')!.map((p) => [p.scale, p.rps])).toEqual([
      [0.1, 800],
      [1, 2500],
    ]);
    expect(series[0]!.days).toEqual(new Set(['2026-11-27', '2026-11-28']));
  });
});
