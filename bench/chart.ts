/**
 * `npm run bench:chart`: how the main lists' rate and p99 change with the size of the community.
 *
 * Reads the community runs in bench/results/ and the columns drawn before (docs/bench-scale.json),
 * keeps the newest run of each dialect and scale, and draws docs/bench-scale.svg (rate and p99
 * against the scale, log axes, one line per list, one row of panels per dialect). It writes the same
 * numbers as tables between the scale markers of docs/benchmarks.md, and the columns back to the JSON.
 * The runs themselves are `npm run bench -- --suite community --dialect <d> --scale <s> --only <keys>`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatMs, formatRps, writeDoc, type BenchReport } from './report';

/** The lists members use most, and the two requests with their own budgets. */
export const SCALE_KEYS = [
  'stories-latest',
  'stories-by-tag',
  'stories-by-label',
  'comments-page',
  'forum-posts',
  'messages-thread',
  'notifications-all',
  'search',
  'story-view',
];

const COLOURS = [
  '#1f77b4',
  '#ff7f0e',
  '#2ca02c',
  '#d62728',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#17becf',
  '#7f7f7f',
];

export interface ScalePoint {
  scale: number;
  rps: number;
  p99: number;
  /** Requests that failed or timed out in the window (they count in the p99, not the rate). */
  errors: number;
}

/**
 * One run's numbers for one dialect at one scale: a column of the chart's tables. The columns drawn
 * are kept in docs/bench-scale.json, so a new run adds or replaces its own column and the others stay
 * (bench/results/ is not committed, and a scale-3 dataset takes an hour to build).
 */
export interface ScaleColumn {
  dialect: string;
  label: string;
  scale: number;
  /** When the run started (ISO date and time; a column carried over from a table may give the day only). */
  date: string;
  /** The bare-Fastify rate measured at the start of the run, so a slow host shows. */
  httpFloor?: number;
  points: Record<string, Omit<ScalePoint, 'scale'>>;
}

export interface DialectSeries {
  dialect: string;
  label: string;
  httpFloor: Map<number, number>;
  /** The days of the runs drawn. */
  days: Set<string>;
  lines: Map<string, ScalePoint[]>;
}

/** Every dialect of every community run that measured HTTP, as columns. */
export function columnsOf(reports: BenchReport[], keys = SCALE_KEYS): ScaleColumn[] {
  const columns: ScaleColumn[] = [];
  for (const report of reports) {
    if (!report.command.includes('--suite community')) continue;
    const scale = Number(report.settings.scale);
    for (const dialect of report.dialects) {
      // A run with `--http 0` measured nothing to draw.
      if (!dialect.scenarios.some((outcome) => outcome.http)) continue;
      const points: ScaleColumn['points'] = {};
      for (const outcome of dialect.scenarios) {
        if (!keys.includes(outcome.key) || !outcome.http) continue;
        const { rps, p99, errors } = outcome.http;
        points[outcome.key] = { rps, p99, errors };
      }
      columns.push({
        dialect: dialect.dialect,
        label: dialect.label,
        scale,
        date: report.date,
        ...(report.httpFloor?.http ? { httpFloor: report.httpFloor.http.rps } : {}),
        points,
      });
    }
  }
  return columns;
}

/** The newest column of each dialect and scale, SQLite first, then by scale. */
export function newestColumns(columns: ScaleColumn[]): ScaleColumn[] {
  const newest = new Map<string, ScaleColumn>();
  for (const column of columns) {
    const id = `${column.dialect} ${column.scale}`;
    const known = newest.get(id);
    if (!known || known.date < column.date) newest.set(id, column);
  }
  return [...newest.values()].sort((a, b) => b.dialect.localeCompare(a.dialect) || a.scale - b.scale);
}

/** The columns as one line per list and dialect, in scale order, SQLite first. */
export function seriesOf(columns: ScaleColumn[], keys = SCALE_KEYS): DialectSeries[] {
  const byDialect = new Map<string, DialectSeries>();
  for (const column of newestColumns(columns)) {
    let series = byDialect.get(column.dialect);
    if (!series) {
      series = {
        dialect: column.dialect,
        label: column.label,
        httpFloor: new Map(),
        days: new Set(),
        lines: new Map(),
      };
      byDialect.set(column.dialect, series);
    }
    series.days.add(column.date.slice(0, 10));
    if (column.httpFloor) series.httpFloor.set(column.scale, column.httpFloor);
    for (const key of keys) {
      const point = column.points[key];
      if (!point) continue;
      const line = series.lines.get(key) ?? [];
      line.push({ scale: column.scale, ...point });
      series.lines.set(key, line);
    }
  }
  return [...byDialect.values()];
}

/** The newest community run of each dialect and scale, as one line per list. */
export function collectSeries(reports: BenchReport[], keys = SCALE_KEYS): DialectSeries[] {
  return seriesOf(columnsOf(reports, keys), keys);
}

/** 1, 2, 5, 10, 20, 50 ... spanning [low, high]. */
function logTicks(low: number, high: number): number[] {
  const ticks: number[] = [];
  for (let decade = 10 ** Math.floor(Math.log10(low)); decade <= high; decade *= 10) {
    for (const step of [1, 2, 5]) {
      const tick = decade * step;
      if (tick >= low && tick <= high) ticks.push(tick);
    }
  }
  return ticks;
}

function niceBounds(values: number[]): [number, number] {
  const low = 10 ** Math.floor(Math.log10(Math.max(Math.min(...values), 1e-3)));
  const high = 10 ** Math.ceil(Math.log10(Math.max(...values, low * 10)));
  return [low, high];
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface Panel {
  x: number;
  y: number;
  title: string;
  unit: string;
  pick: (point: ScalePoint) => number;
  budget?: number;
}

const PANEL = { width: 470, height: 250, left: 64, top: 34, bottom: 40 };

function drawPanel(panel: Panel, series: DialectSeries, scales: number[], keys: string[]): string {
  const values = [...series.lines.values()].flatMap((line) => line.map(panel.pick));
  if (panel.budget) values.push(panel.budget);
  const [low, high] = niceBounds(values);
  const plotWidth = PANEL.width - PANEL.left - 16;
  const plotHeight = PANEL.height - PANEL.top - PANEL.bottom;
  const [minScale, maxScale] = [Math.min(...scales), Math.max(...scales)];
  const xOf = (scale: number) =>
    panel.x +
    PANEL.left +
    (maxScale === minScale
      ? plotWidth / 2
      : ((Math.log(scale) - Math.log(minScale)) / (Math.log(maxScale) - Math.log(minScale))) * plotWidth);
  const yOf = (value: number) =>
    panel.y +
    PANEL.top +
    plotHeight -
    ((Math.log(value) - Math.log(low)) / (Math.log(high) - Math.log(low))) * plotHeight;
  const parts: string[] = [
    `<text x="${panel.x + PANEL.left}" y="${panel.y + 20}" class="title">${escapeXml(panel.title)}</text>`,
  ];
  for (const tick of logTicks(low, high)) {
    const y = yOf(tick).toFixed(1);
    parts.push(
      `<line x1="${panel.x + PANEL.left}" x2="${panel.x + PANEL.left + plotWidth}" y1="${y}" y2="${y}" class="grid"/>`,
      `<text x="${panel.x + PANEL.left - 6}" y="${y}" class="ytick">${tick.toLocaleString('en-US')}</text>`,
    );
  }
  for (const scale of scales) {
    const x = xOf(scale).toFixed(1);
    parts.push(
      `<line x1="${x}" x2="${x}" y1="${panel.y + PANEL.top}" y2="${panel.y + PANEL.top + plotHeight}" class="grid"/>`,
      `<text x="${x}" y="${panel.y + PANEL.top + plotHeight + 16}" class="xtick">${scale}</text>`,
    );
  }
  parts.push(
    `<text x="${panel.x + PANEL.left + plotWidth / 2}" y="${panel.y + PANEL.height - 4}" class="axis">scale (1 = the §9 dataset)</text>`,
    `<text x="${panel.x + 14}" y="${panel.y + PANEL.top + plotHeight / 2}" class="axis" transform="rotate(-90 ${panel.x + 14} ${panel.y + PANEL.top + plotHeight / 2})">${escapeXml(panel.unit)}</text>`,
  );
  if (panel.budget) {
    const y = yOf(panel.budget).toFixed(1);
    parts.push(
      `<line x1="${panel.x + PANEL.left}" x2="${panel.x + PANEL.left + plotWidth}" y1="${y}" y2="${y}" class="budget"/>`,
      `<text x="${panel.x + PANEL.left + plotWidth - 2}" y="${Number(y) - 4}" class="budget-label">budget ${panel.budget.toLocaleString('en-US')}</text>`,
    );
  }
  keys.forEach((key, i) => {
    const line = series.lines.get(key);
    if (!line?.length) return;
    const points = line.map((point) => `${xOf(point.scale).toFixed(1)},${yOf(panel.pick(point)).toFixed(1)}`);
    const colour = COLOURS[i % COLOURS.length]!;
    parts.push(`<polyline points="${points.join(' ')}" fill="none" stroke="${colour}" stroke-width="2"/>`);
    for (const point of points) {
      const [x, y] = point.split(',');
      parts.push(`<circle cx="${x}" cy="${y}" r="3" fill="${colour}"/>`);
    }
  });
  return parts.join('\n');
}

/** The chart as an SVG document: for each dialect, rate and p99 against the scale. */
export function renderChart(all: DialectSeries[], keys = SCALE_KEYS): string {
  const scales = [
    ...new Set(all.flatMap((series) => [...series.lines.values()].flat().map((p) => p.scale))),
  ].sort((a, b) => a - b);
  const shown = keys.filter((key) => all.some((series) => series.lines.has(key)));
  const legendRows = Math.ceil(shown.length / 3);
  const width = PANEL.width * 2 + 20;
  const height = PANEL.height * all.length + 30 + legendRows * 20 + 10;
  const parts: string[] = [];
  all.forEach((series, row) => {
    const y = row * PANEL.height;
    const budget = series.dialect === 'sqlite' ? 2000 : 1000;
    const name = series.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    parts.push(
      drawPanel(
        { x: 10, y, title: `${name}: requests per second`, unit: 'req/s', pick: (p) => p.rps, budget },
        series,
        scales,
        keys,
      ),
      drawPanel(
        {
          x: 10 + PANEL.width,
          y,
          title: `${name}: p99 latency`,
          unit: 'p99 ms',
          pick: (p) => p.p99,
          budget: 50,
        },
        series,
        scales,
        keys,
      ),
    );
  });
  const legendTop = PANEL.height * all.length + 20;
  shown.forEach((key, i) => {
    const x = 10 + PANEL.left + (i % 3) * 300;
    const y = legendTop + Math.floor(i / 3) * 20;
    const colour = COLOURS[keys.indexOf(key) % COLOURS.length]!;
    parts.push(
      `<line x1="${x}" x2="${x + 24}" y1="${y}" y2="${y}" stroke="${colour}" stroke-width="3"/>`,
      `<text x="${x + 30}" y="${y + 4}" class="legend">${escapeXml(key)}</text>`,
    );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif">
<style>
.title { font-size: 13px; font-weight: 600; fill: #222; }
.axis { font-size: 11px; fill: #555; text-anchor: middle; }
.xtick { font-size: 11px; fill: #444; text-anchor: middle; }
.ytick { font-size: 11px; fill: #444; text-anchor: end; dominant-baseline: middle; }
.legend { font-size: 12px; fill: #222; }
.grid { stroke: #e3e3e3; stroke-width: 1; }
.budget { stroke: #c00; stroke-width: 1; stroke-dasharray: 5 4; }
.budget-label { font-size: 10px; fill: #c00; text-anchor: end; }
</style>
<rect width="100%" height="100%" fill="#fff"/>
${parts.join('\n')}
</svg>
`;
}

/** The chart's numbers as markdown: per dialect, rate and p99 of each list at each scale. */
export function renderScaleTables(all: DialectSeries[], keys = SCALE_KEYS): string {
  const sections: string[] = [];
  for (const series of all) {
    const scales = [...new Set([...series.lines.values()].flat().map((p) => p.scale))].sort((a, b) => a - b);
    const header = `| list | ${scales.map((s) => `scale ${s}`).join(' | ')} |`;
    const rule = `| --- | ${scales.map(() => '---').join(' | ')} |`;
    const rows = keys
      .filter((key) => series.lines.has(key))
      .map((key) => {
        const cells = scales.map((scale) => {
          const point = series.lines.get(key)!.find((p) => p.scale === scale);
          if (!point) return '–';
          const failed = point.errors > 0 ? ` (${point.errors} failed)` : '';
          return `${formatRps(point.rps)}/s, p99 ${formatMs(point.p99)} ms${failed}`;
        });
        return `| \`${key}\` | ${cells.join(' | ')} |`;
      });
    const floor = scales.map((scale) => {
      const rps = series.httpFloor.get(scale);
      return rps ? `${formatRps(rps)}/s` : '–';
    });
    sections.push(
      `**${series.label}**\n\n${header}\n${rule}\n${rows.join('\n')}\n| bare-Fastify floor at the run's start | ${floor.join(' | ')} |`,
    );
  }
  return sections.join('\n\n');
}

export const SCALE_MARKERS = {
  start: '<!-- bench:scale:start -->',
  end: '<!-- bench:scale:end -->',
  heading: 'How the lists grow with the community',
};

async function main(): Promise<void> {
  const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const resultsDir = path.join(rootDir, 'bench', 'results');
  const keptPath = path.join(rootDir, 'docs', 'bench-scale.json');
  const reports = fs.existsSync(resultsDir)
    ? fs
        .readdirSync(resultsDir)
        .filter((name) => name.startsWith('bench-') && name.endsWith('.json'))
        .map((name) => JSON.parse(fs.readFileSync(path.join(resultsDir, name), 'utf8')) as BenchReport)
    : [];
  const kept = fs.existsSync(keptPath)
    ? (JSON.parse(fs.readFileSync(keptPath, 'utf8')) as ScaleColumn[])
    : [];
  const columns = newestColumns([...kept, ...columnsOf(reports)]);
  if (columns.length === 0) throw new Error('no community runs in bench/results/ or docs/bench-scale.json');
  fs.writeFileSync(keptPath, `${JSON.stringify(columns, null, 2)}\n`);
  const series = seriesOf(columns);
  const chartPath = path.join(rootDir, 'docs', 'bench-scale.svg');
  fs.writeFileSync(chartPath, renderChart(series));
  const days = [...new Set(series.flatMap((s) => [...s.days]))].sort();
  const section = `Drawn by \`npm run bench:chart\` from the newest community run of each dialect and scale (runs of ${days.join(', ')}); the numbers drawn are kept in [bench-scale.json](bench-scale.json).\n\n![Rate and p99 of the main lists against the scale](bench-scale.svg)\n\n${renderScaleTables(series)}`;
  await writeDoc(path.join(rootDir, 'docs', 'benchmarks.md'), section, SCALE_MARKERS);
  console.log(
    `wrote ${path.relative(rootDir, chartPath)}, docs/bench-scale.json and the scale section of docs/benchmarks.md`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
