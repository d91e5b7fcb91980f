/**
 * Pieces shared by the bench's suites (bench/run.ts for the core scenarios, bench/community/ for the
 * community's own collections): the cleanup stack, version lookups, PostgreSQL admin connections, and
 * measuring one scenario over HTTP and against its database floor.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { BenchConfig, DialectName } from './config';
import { captureTwice, type DriverFloor } from './floors';
import { fetchOnce, runLoad, type RequestSpec } from './load';
import { cpuProbe, machineCpu, processRssMb, type ServerChild } from './processes';
import {
  formatMs,
  formatRps,
  renderSection,
  rowsPerSecond,
  writeDoc,
  writeJson,
  type BenchReport,
  type DialectReport,
  type ScenarioOutcome,
} from './report';
import { pageBudget, type Scenario } from './scenarios';

export const log = (line: string) => process.stdout.write(`${line}\n`);

/** Undo steps, run last-in first-out exactly once (normal end, failure or signal). */
export class Cleanup {
  private steps: Array<{ name: string; run: () => Promise<void> | void }> = [];
  private done: Promise<void> | undefined;

  add(name: string, run: () => Promise<void> | void): () => Promise<void> {
    const step = { name, run };
    this.steps.push(step);
    return async () => {
      const index = this.steps.indexOf(step);
      if (index === -1) return;
      this.steps.splice(index, 1);
      await step.run();
    };
  }

  /** Runs every pending step; concurrent calls share one pass, later calls run what was added since. */
  runAll(): Promise<void> {
    this.done ??= (async () => {
      while (this.steps.length) {
        const step = this.steps.pop()!;
        try {
          await step.run();
        } catch (error) {
          log(`cleanup: ${step.name} failed: ${(error as Error).message}`);
        }
      }
    })().finally(() => {
      this.done = undefined;
    });
    return this.done;
  }
}

export function versionOf(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

const require = createRequire(import.meta.url);

/** A dependency's version, read from its package.json (found next to its entry point). */
export function packageVersion(name: string): string {
  try {
    let dir = path.dirname(require.resolve(name));
    while (dir !== path.dirname(dir)) {
      const file = path.join(dir, 'package.json');
      if (fs.existsSync(file)) {
        const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
        if (pkg.name === name) return pkg.version ?? '?';
      }
      dir = path.dirname(dir);
    }
  } catch {
    // Not resolvable from here.
  }
  return '?';
}

export function sqliteVersion(): string {
  const db = new SQLite(':memory:');
  try {
    return db.prepare('select sqlite_version()').pluck().get() as string;
  } finally {
    db.close();
  }
}

export async function postgresAdmin(url: string): Promise<pg.Client | string> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => undefined);
    return (error as Error).message || String(error);
  }
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Where one dialect's run keeps its data: a temporary data dir, and on PostgreSQL a fresh database. */
export interface DialectTarget {
  dataDir: string;
  /** Environment for `loadConfig` and the server child: port 0, silent logs, no web build. */
  env: Record<string, string>;
  /** The throwaway database's URL and the server version, e.g. `PostgreSQL 15.20`; undefined on SQLite. */
  url?: string;
  postgresLabel?: string;
}

/**
 * Starts one dialect's part of a run: its report (labelled with the database's version) and its
 * target. When PostgreSQL cannot be reached the report says so and there is no target.
 */
export async function openDialect(
  dialect: DialectName,
  config: BenchConfig,
  cleanup: Cleanup,
  prefix: string,
): Promise<{ report: DialectReport; target?: DialectTarget }> {
  const report: DialectReport = {
    dialect,
    label: dialect === 'sqlite' ? `SQLite ${sqliteVersion()} (WAL, synchronous=FULL)` : 'PostgreSQL',
    scenarios: [],
  };
  const target = await prepareTarget(dialect, config, cleanup, prefix);
  if (typeof target === 'string') {
    report.skipped = target;
    log(`PostgreSQL skipped: ${target}`);
    return { report };
  }
  if (target.postgresLabel) report.label = target.postgresLabel;
  return { report, target };
}

/**
 * Makes a temporary data dir and, for PostgreSQL, a throwaway database, both removed by `cleanup`.
 * Returns a sentence saying why instead when PostgreSQL cannot be reached.
 */
async function prepareTarget(
  dialect: DialectName,
  config: BenchConfig,
  cleanup: Cleanup,
  prefix: string,
): Promise<DialectTarget | string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-${dialect}-`));
  cleanup.add(`remove ${dataDir}`, () => fs.rmSync(dataDir, { recursive: true, force: true }));
  let url: string | undefined;
  let postgresLabel: string | undefined;
  if (dialect === 'postgres') {
    const admin = await postgresAdmin(config.postgresAdminUrl);
    if (typeof admin === 'string')
      return `PostgreSQL is not reachable at ${config.postgresAdminUrl} (${admin}).`;
    const version = await admin.query<{ server_version: string }>('SHOW server_version');
    postgresLabel = `PostgreSQL ${version.rows[0]?.server_version ?? ''}`;
    const name = `bench_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    cleanup.add(`drop database ${name}`, async () => {
      const client = await postgresAdmin(config.postgresAdminUrl);
      if (typeof client === 'string') throw new Error(client);
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    });
    url = databaseUrl(config.postgresAdminUrl, name);
  }
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    // Set even for SQLite, so a DATABASE_URL in the caller's environment cannot leak into the child.
    DATABASE_URL: url ?? '',
  };
  return { dataDir, env, url, postgresLabel };
}

export function selected(config: BenchConfig, scenario: Scenario): boolean {
  return config.only.length === 0 || config.only.some((part) => scenario.key.includes(part));
}

/** How far into a scenario's sequence a repeat is looked for. */
const FIRST_PASS_LIMIT = 5_000;

/**
 * How many of a read scenario's first requests it takes to ask each of its distinct requests once,
 * when its sequence repeats within FIRST_PASS_LIMIT requests; else 0 (a write, or a sequence of new
 * requests). A scenario that cycles through a thousand stories' comment pages at 50 connections would
 * otherwise be measured partly on first visits (each one rendered and remembered) and partly on the
 * steady state after them, in proportions set by the length of the window rather than by the server.
 */
export function firstPassLength(request: (i: number) => RequestSpec): number {
  const seen = new Set<string>();
  let end = 0;
  for (let i = 0; i < FIRST_PASS_LIMIT; i++) {
    const spec = request(i);
    if (spec.method !== 'GET') return 0;
    const key = JSON.stringify([spec.path, spec.headers ?? {}]);
    if (seen.has(key)) continue;
    seen.add(key);
    end = i + 1;
  }
  return seen.size < FIRST_PASS_LIMIT ? end : 0;
}

export async function measure(
  server: ServerChild,
  scenario: Scenario,
  config: BenchConfig,
): Promise<ScenarioOutcome> {
  const outcome: ScenarioOutcome = {
    key: scenario.key,
    title: scenario.title,
    connections: scenario.connections,
    ...(scenario.budget ? { budget: scenario.budget } : {}),
  };
  try {
    const first = await fetchOnce(server.url, scenario.request(0));
    outcome.answer = scenario.check(first.status, first.body);
  } catch (error) {
    outcome.problem = (error as Error).message;
    log(`  ${scenario.key}: sanity check failed, not loaded: ${outcome.problem}`);
    return outcome;
  }
  const started = performance.now();
  const probe = cpuProbe(server.pid);
  outcome.http = await runLoad({
    url: server.url,
    connections: scenario.connections,
    warmupMs: config.warmupSeconds * 1000,
    durationMs: config.seconds * 1000,
    next: scenario.request,
    firstPass: firstPassLength(scenario.request),
    onWindow: (edge) => (edge === 'start' ? probe.start() : probe.end()),
  });
  outcome.cpu = probe.result();
  outcome.rssMb = processRssMb(server.pid);
  if (scenario.rowsOf) {
    outcome.meanRows = await meanRows(server, scenario);
    outcome.budget = pageBudget(outcome.meanRows);
  }
  const h = outcome.http;
  const rows = outcome.meanRows === undefined ? '' : ` (${formatRps(rowsPerSecond(outcome))} rows/s)`;
  log(
    `  ${scenario.key.padEnd(24)} ${formatRps(h.rps).padStart(7)} req/s${rows}  p50 ${formatMs(h.p50)}  p95 ${formatMs(h.p95)}  ` +
      `p99 ${formatMs(h.p99)} ms  errors ${h.errors}  [${outcome.answer}]  (${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
  return outcome;
}

/** Answers sampled for a scenario's mean rows: the first requests of the sequence the load sent. */
const ROW_SAMPLES = 100;

/**
 * The mean rows per answer of a scenario judged by rows per second. Its answers differ by caller (a
 * member's own stories), so it is the mean over the first requests of the same sequence, asked one at
 * a time after the measured window.
 */
async function meanRows(server: ServerChild, scenario: Scenario): Promise<number> {
  let rows = 0;
  for (let i = 0; i < ROW_SAMPLES; i++) {
    const answer = await fetchOnce(server.url, scenario.request(i));
    rows += scenario.rowsOf!(answer.body);
  }
  return rows / ROW_SAMPLES;
}

export async function runFloors(
  floor: DriverFloor,
  scenarios: Scenario[],
  outcomes: Map<string, ScenarioOutcome>,
  config: BenchConfig,
): Promise<void> {
  for (const scenario of scenarios) {
    if (!scenario.replay) continue;
    const outcome = outcomes.get(scenario.key)!;
    try {
      const { first, steady } = await captureTwice(floor, scenario.replay);
      outcome.statements = first;
      outcome.plans = [];
      for (const statement of first) outcome.plans.push(await floor.explain(statement));
      outcome.floor = await floor.run(steady, config.floorSeconds);
      log(
        `  floor ${scenario.key.padEnd(24)} ${formatRps(outcome.floor.rps).padStart(7)} req/s  ` +
          `p99 ${formatMs(outcome.floor.p99)} ms  (${steady.length} statements)`,
      );
    } catch (error) {
      log(`  floor ${scenario.key}: could not replay: ${(error as Error).message}`);
    }
  }
}

/**
 * Ends a run: fills the machine table (database versions, run time, CPU steal since `cpuAtStart`),
 * prints the section, writes the JSON and, when asked, rewrites the section of docs/benchmarks.md
 * between `markers` (the core suite's when omitted).
 */
export async function publishReport(
  report: BenchReport,
  config: BenchConfig,
  started: number,
  cpuAtStart: ReturnType<typeof machineCpu>,
  markers?: Parameters<typeof writeDoc>[2],
): Promise<void> {
  report.machine.SQLite = sqliteVersion();
  for (const dialect of report.dialects) {
    if (dialect.dialect === 'postgres') {
      report.machine.PostgreSQL = dialect.skipped
        ? 'not reachable'
        : dialect.label.replace('PostgreSQL ', '');
    }
  }
  report.machine['total run time'] = `${((performance.now() - started) / 1000).toFixed(0)} s`;
  const cpuAtEnd = machineCpu();
  if (cpuAtStart && cpuAtEnd && cpuAtEnd.total > cpuAtStart.total) {
    // Time the hypervisor gave to other guests: a high share makes every number here noisier.
    const share = (cpuAtEnd.steal - cpuAtStart.steal) / (cpuAtEnd.total - cpuAtStart.total);
    report.machine['CPU steal during the run'] = `${(share * 100).toFixed(1)}%`;
  }
  const section = renderSection(report);
  log(`\n${section}`);
  const json = writeJson(config.resultsDir, report);
  log(`raw results, SQL and query plans: ${path.relative(config.rootDir, json)}`);
  if (config.writeDoc) {
    await writeDoc(config.docPath, section, markers);
    log(`updated ${path.relative(config.rootDir, config.docPath)}`);
  }
}
