/**
 * Results as Markdown: one table per database beside its floors and the PRODUCT.md §9 budgets,
 * printed to stdout and written between the markers of docs/benchmarks.md (the prose around the
 * markers is left alone). The raw numbers, captured SQL and query plans go to bench/results/ as JSON.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import type { FloorResult, Statement } from './floors';
import type { LoadResult } from './load';
import type { Budget } from './scenarios';
import type { SseOutcome } from './sse';

export const START_MARKER = '<!-- bench:results:start -->';
export const END_MARKER = '<!-- bench:results:end -->';

export interface ScenarioOutcome {
  key: string;
  title: string;
  connections: number;
  http?: LoadResult;
  cpu?: { server: number; client: number; postgres: number; other: number; steal?: number };
  rssMb?: number;
  answer?: string;
  problem?: string;
  budget?: Budget;
  /** Mean rows per answer over a sample of the scenario's requests (scenarios judged by rows/s). */
  meanRows?: number;
  floor?: FloorResult;
  statements?: Statement[];
  plans?: string[];
}

export interface DialectReport {
  dialect: 'sqlite' | 'postgres';
  label: string;
  skipped?: string;
  floorLabel?: string;
  dataset?: { members: number; posts: number; comments: number; timings: Record<string, number> };
  /** Replaces the dataset line (the community suite describes its own dataset). */
  datasetText?: string;
  /** Lines printed after the table (the community suite's query-plan findings). */
  notes?: string[];
  scenarios: ScenarioOutcome[];
  /** The realtime fan-out scenario, when it ran. */
  sse?: SseOutcome;
}

export interface BenchReport {
  date: string;
  command: string;
  machine: Record<string, string>;
  settings: Record<string, string | number>;
  httpFloor?: ScenarioOutcome;
  dialects: DialectReport[];
}

export function formatRps(value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return '–';
  return value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(1);
}

export function formatMs(value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return '–';
  if (value < 10) return value.toFixed(2);
  if (value < 100) return value.toFixed(1);
  return Math.round(value).toLocaleString('en-US');
}

function formatPct(value: number | undefined): string {
  return value === undefined || !Number.isFinite(value) ? '–' : `${Math.round(value)}%`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function errorsCell(http: LoadResult): string {
  if (http.errors === 0) return '0';
  const kinds = Object.entries(http.errorKinds)
    .map(([kind, n]) => `${kind}×${n}`)
    .join(', ');
  return `${http.errors} (${kinds})`;
}

function cpuCell(outcome: ScenarioOutcome, dialect: string): string {
  if (!outcome.cpu) return '–';
  const parts = [`srv ${formatPct(outcome.cpu.server)}`];
  if (dialect === 'postgres') parts.push(`pg ${formatPct(outcome.cpu.postgres)}`);
  parts.push(`gen ${formatPct(outcome.cpu.client)}`);
  parts.push(`other ${formatPct(outcome.cpu.other)}`);
  // Shown only when there was some: it is usually none, and then it is noise in the column.
  if ((outcome.cpu.steal ?? 0) >= 0.5) parts.push(`steal ${formatPct(outcome.cpu.steal)}`);
  return parts.join(' · ');
}

function verdict(outcome: ScenarioOutcome): string {
  const budget = outcome.budget;
  const http = outcome.http;
  if (!budget) return '–';
  if (!http) return 'not run';
  const misses: string[] = [];
  if (http.rps < budget.rps) misses.push('rate');
  if (budget.rowsPerSecond !== undefined && rowsPerSecond(outcome) < budget.rowsPerSecond)
    misses.push('rows/s');
  if (budget.p95Ms !== undefined && http.p95 >= budget.p95Ms) misses.push('p95');
  if (budget.p99Ms !== undefined && http.p99 >= budget.p99Ms) misses.push('p99');
  if (http.errors > 0) misses.push('errors');
  return misses.length ? `**misses** (${misses.join(', ')})` : 'meets';
}

/** Rows served per second: answered requests times the mean rows per answer (0 when not sampled). */
export function rowsPerSecond(outcome: ScenarioOutcome): number {
  return outcome.http && outcome.meanRows !== undefined ? outcome.http.rps * outcome.meanRows : 0;
}

/** The rate, with the rows it serves per second when the scenario is judged by them. */
function rateCell(outcome: ScenarioOutcome, http: LoadResult): string {
  if (outcome.meanRows === undefined) return formatRps(http.rps);
  return `${formatRps(http.rps)} (${formatRps(rowsPerSecond(outcome))} rows/s)`;
}

function floorCell(outcome: ScenarioOutcome): string {
  const floor = outcome.floor;
  if (!floor) return '–';
  return `${formatRps(floor.rps)} (p99 ${formatMs(floor.p99)})`;
}

function ofFloor(outcome: ScenarioOutcome): string {
  if (!outcome.floor || !outcome.http || outcome.floor.rps === 0) return '–';
  return formatPct((outcome.http.rps / outcome.floor.rps) * 100);
}

const HEADER = [
  'scenario',
  'conns',
  'req/s',
  'p50 ms',
  'p95 ms',
  'p99 ms',
  'errors',
  'CPU (1 core = 100%)',
  'answer',
  'DB floor req/s (p99 ms)',
  'of floor',
  '§9 budget',
  'verdict',
];

function row(values: string[]): string {
  return `| ${values.map(cell).join(' | ')} |`;
}

function scenarioRow(outcome: ScenarioOutcome, dialect: string): string {
  const http = outcome.http;
  if (!http) {
    return row([
      `\`${outcome.key}\``,
      String(outcome.connections),
      '–',
      '–',
      '–',
      '–',
      '–',
      '–',
      outcome.problem ? `failed: ${outcome.problem.slice(0, 120)}` : '–',
      floorCell(outcome),
      '–',
      outcome.budget?.label ?? '–',
      verdict(outcome),
    ]);
  }
  return row([
    `\`${outcome.key}\``,
    String(outcome.connections),
    rateCell(outcome, http),
    formatMs(http.p50),
    formatMs(http.p95),
    formatMs(http.p99),
    errorsCell(http),
    cpuCell(outcome, dialect),
    outcome.answer ?? '–',
    floorCell(outcome),
    ofFloor(outcome),
    outcome.budget?.label ?? '–',
    verdict(outcome),
  ]);
}

function datasetLine(dialect: DialectReport): string {
  const d = dialect.dataset;
  if (!d) return '';
  const t = d.timings;
  const seconds = (key: string) => (t[key] === undefined ? '–' : `${t[key].toFixed(1)} s`);
  return (
    `Dataset: ${d.members.toLocaleString('en-US')} members, ${d.posts.toLocaleString('en-US')} posts, ` +
    `${d.comments.toLocaleString('en-US')} comments. Built in: service-created members ${seconds('serviceMembers')}, ` +
    `bulk members ${seconds('bulkMembers')}, posts ${seconds('posts')}, comments ${seconds('comments')}, ` +
    `VACUUM ANALYZE / WAL checkpoint ${seconds('analyze')}.`
  );
}

/** First passes shorter than this are a handful of requests, not worth a mention. */
const FIRST_PASS_SHOWN = 10;

/**
 * The first visits of the scenarios that cycle through many distinct requests (harness.ts
 * `firstPassLength`): answered before counting starts, so not in the table, and shown in their own
 * table under it instead.
 */
function firstPassLines(dialect: DialectReport): string[] {
  const rows = dialect.scenarios.flatMap((outcome) => {
    const first = outcome.http?.firstPass;
    if (!first || first.count < FIRST_PASS_SHOWN) return [];
    return [
      row([
        `\`${outcome.key}\``,
        first.count.toLocaleString('en-US'),
        `${first.seconds.toFixed(1)} s`,
        formatRps(first.rps),
        formatMs(first.p50),
        formatMs(first.p99),
      ]),
    ];
  });
  if (!rows.length) return [];
  return [
    'First visits, before counting: each distinct request of the scenario once, at the same ' +
      'connections. The table above measures the steady state after them.',
    '',
    row(FIRST_PASS_HEADER),
    `| ${FIRST_PASS_HEADER.map(() => '---').join(' | ')} |`,
    ...rows,
  ];
}

const FIRST_PASS_HEADER = ['scenario', 'first visits', 'took', 'req/s', 'p50 ms', 'p99 ms'];

export function renderSection(report: BenchReport): string {
  const lines: string[] = [];
  lines.push(`Generated by \`${report.command}\` on ${report.date}.`, '');
  lines.push('| machine | |', '| --- | --- |');
  for (const [key, value] of Object.entries(report.machine)) lines.push(row([key, value]));
  lines.push('');
  lines.push(
    'Settings: ' +
      Object.entries(report.settings)
        .map(([key, value]) => `${key}=${value}`)
        .join(', ') +
      '.',
    '',
  );
  const hello = report.httpFloor;
  if (hello?.http) {
    lines.push(
      `**HTTP floor** (${hello.title}, ${hello.connections} connections, load generator in this process): ` +
        `${formatRps(hello.http.rps)} req/s, p50 ${formatMs(hello.http.p50)} ms, p95 ${formatMs(hello.http.p95)} ms, ` +
        `p99 ${formatMs(hello.http.p99)} ms, ${hello.http.errors} errors, CPU ${cpuCell(hello, 'sqlite')}.`,
      '',
    );
  } else if (hello?.problem) {
    lines.push(`**HTTP floor** failed: ${hello.problem}`, '');
  }
  for (const dialect of report.dialects) {
    lines.push(`### ${dialect.label}`, '');
    if (dialect.skipped) {
      lines.push(`Skipped: ${dialect.skipped}`, '');
      continue;
    }
    lines.push(dialect.datasetText ?? datasetLine(dialect), '');
    if (dialect.scenarios.length) {
      if (dialect.floorLabel) lines.push(`DB floor: ${dialect.floorLabel}.`, '');
      lines.push(row(HEADER), `| ${HEADER.map(() => '---').join(' | ')} |`);
      for (const outcome of dialect.scenarios) lines.push(scenarioRow(outcome, dialect.dialect));
      lines.push('');
      const firstVisits = firstPassLines(dialect);
      if (firstVisits.length) lines.push(...firstVisits, '');
    }
    if (dialect.notes?.length) lines.push(...dialect.notes, '');
    if (dialect.sse) lines.push(...sseLines(dialect.sse), '');
  }
  return lines.join('\n');
}

/** PRODUCT.md §9: 10,000 realtime clients on one process, one event reaching all of them within 1 s. */
const SSE_BUDGET_MS = 1000;
const SSE_BUDGET_CLIENTS = 10_000;

function sseVerdict(sse: SseOutcome): string {
  if (!sse.events?.length || sse.connected === undefined) return 'not run';
  const misses: string[] = [];
  if (sse.connected < SSE_BUDGET_CLIENTS) misses.push(`${sse.connected.toLocaleString('en-US')} clients`);
  if (sse.events.some((e) => e.received < sse.connected!)) misses.push('events lost');
  if (sse.events.some((e) => e.allMs >= SSE_BUDGET_MS)) misses.push('time');
  return misses.length ? `**misses** (${misses.join(', ')})` : 'meets';
}

function sseLines(sse: SseOutcome): string[] {
  const lines = [`**Realtime fan-out** (\`${sse.key}\`): ${sse.title}.`, ''];
  if (sse.problem && !sse.events?.length) return [...lines, `Failed: ${sse.problem}`];
  const failures = sse.failures
    ? ` Not subscribed: ${Object.entries(sse.failures)
        .map(([reason, n]) => `${reason} ×${n}`)
        .join(', ')}.`
    : '';
  lines.push(
    `${(sse.connected ?? 0).toLocaleString('en-US')} of ${sse.clients.toLocaleString('en-US')} clients subscribed ` +
      `(${sse.members ?? 0} members, ${sse.guests ?? 0} guests; ${sse.workers} generator processes) in ` +
      `${(sse.connectSeconds ?? NaN).toFixed(1)} s.${failures} File limits: ${sse.fileLimit ?? '–'}.`,
    '',
  );
  if (sse.memory) {
    const m = sse.memory;
    lines.push(
      `Server memory with the streams open: RSS ${m.rssBeforeMb.toFixed(0)} → ${m.rssAfterMb.toFixed(0)} MB ` +
        `(**${m.rssPerClientKb.toFixed(1)} KB per stream**), heap ${m.heapBeforeMb.toFixed(0)} → ` +
        `${m.heapAfterMb.toFixed(0)} MB (${m.heapPerClientKb.toFixed(1)} KB per stream); after the events ` +
        `RSS ${(m.rssAfterEventsMb ?? NaN).toFixed(0)} MB, heap ${(m.heapAfterEventsMb ?? NaN).toFixed(0)} MB.`,
      '',
    );
  }
  const header = [
    'event',
    'received',
    'p50 ms',
    'p99 ms',
    'all received ms',
    'server CPU ms',
    'CPU (1 core = 100%)',
  ];
  lines.push(row(header), `| ${header.map(() => '---').join(' | ')} |`);
  for (const [index, event] of (sse.events ?? []).entries()) {
    lines.push(
      row([
        String(index + 1),
        `${event.received.toLocaleString('en-US')} of ${(sse.connected ?? 0).toLocaleString('en-US')}`,
        formatMs(event.arrival.p50),
        formatMs(event.arrival.p99),
        formatMs(event.allMs),
        formatMs(event.serverCpuMs),
        `srv ${formatPct(event.serverCpuPct)} · gen ${formatPct(event.generatorCpuPct)}`,
      ]),
    );
  }
  const a = sse.arrival;
  lines.push(
    '',
    `Every arrival of every event: p50 ${formatMs(a?.p50)} ms, p99 ${formatMs(a?.p99)} ms, max ${formatMs(a?.max)} ms. ` +
      `§9 budget: ${SSE_BUDGET_CLIENTS.toLocaleString('en-US')} clients, each event at all of them within ` +
      `${SSE_BUDGET_MS.toLocaleString('en-US')} ms: ${sseVerdict(sse)}.`,
  );
  if (sse.problem) lines.push('', `Stopped early: ${sse.problem}`);
  return lines;
}

const DEFAULT_DOC = `# Benchmarks

${START_MARKER}
${END_MARKER}
`;

/** Replaces the marked section of the doc (creating the doc or the markers when missing). */
export async function writeDoc(
  docPath: string,
  section: string,
  markers: { start: string; end: string; heading: string } = {
    start: START_MARKER,
    end: END_MARKER,
    heading: 'Results',
  },
): Promise<void> {
  let doc = fs.existsSync(docPath) ? fs.readFileSync(docPath, 'utf8') : DEFAULT_DOC;
  if (!doc.includes(markers.start) || !doc.includes(markers.end)) {
    doc = `${doc.trimEnd()}\n\n## ${markers.heading}\n\n${markers.start}\n${markers.end}\n`;
  }
  const before = doc.slice(0, doc.indexOf(markers.start) + markers.start.length);
  const after = doc.slice(doc.indexOf(markers.end));
  const next = `${before}\n\n${section.trim()}\n\n${after}`;
  const options = (await prettier.resolveConfig(docPath)) ?? {};
  const formatted = await prettier.format(next, { ...options, filepath: docPath, parser: 'markdown' });
  fs.mkdirSync(path.dirname(docPath), { recursive: true });
  fs.writeFileSync(docPath, formatted);
}

export function writeJson(resultsDir: string, report: BenchReport): string {
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `bench-${report.date.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
