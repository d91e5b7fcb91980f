/**
 * `npm run bench`: builds the community dataset on SQLite and on PostgreSQL, replays each
 * scenario's SQL through the driver (the database floor), starts the real server in a child process
 * and loads it from this process over loopback, then prints the results and writes them into
 * docs/benchmarks.md. Everything it creates (temp dirs, the PostgreSQL database, child processes) is
 * removed again, on failure and on Ctrl-C too.
 *
 * Knobs (environment): BENCH_SECONDS, BENCH_WARMUP, BENCH_FLOOR_SECONDS, BENCH_CONNECTIONS,
 * BENCH_SIGNIN_CONNECTIONS, BENCH_SERVICE_MEMBERS, BENCH_MEMBERS, BENCH_POSTS, BENCH_COMMENTS,
 * BENCH_DIALECTS (sqlite,postgres), BENCH_ONLY (scenario key substrings), BENCH_WRITE_DOC=0,
 * BENCH_PROFILE=1 (V8 CPU profile of the server into bench/results/profiles/), TEST_POSTGRES_URL,
 * and for the realtime fan-out (bench/sse.ts): BENCH_SSE_CLIENTS, BENCH_SSE_MEMBER_SHARE,
 * BENCH_SSE_WORKERS, BENCH_SSE_EVENTS.
 */
import os from 'node:os';
import path from 'node:path';
import { appMailer, openAppDatabase } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createCore } from '../apps/server/src/core';
import { createLogger } from '../apps/server/src/tools/logger';
import { runCommunitySuite } from './community/suite';
import { loadBenchConfig, type BenchConfig, type DialectName } from './config';
import { buildDataset } from './dataset';
import { postgresFloor, sqliteFloor } from './floors';
import {
  Cleanup,
  openDialect,
  publishReport,
  log,
  measure,
  packageVersion,
  runFloors,
  selected,
  versionOf,
} from './harness';
import { killAll, machineCpu, startServer } from './processes';
import { type BenchReport, type DialectReport, type ScenarioOutcome } from './report';
import { buildScenarios, helloScenario } from './scenarios';
import { planSse, runSse, SSE_KEY, type SsePlan } from './sse';

async function runDialect(
  dialect: DialectName,
  config: BenchConfig,
  cleanup: Cleanup,
): Promise<DialectReport> {
  const { report, target } = await openDialect(dialect, config, cleanup, 'bench');
  if (!target) return report;
  const { dataDir, env, url } = target;
  const appConfig = loadConfig(env);
  log(`\n== ${report.label}: building the dataset`);
  const logger = createLogger('silent');
  const db = await openAppDatabase(appConfig, logger);
  const closeDb = cleanup.add('close the dataset connection', () => db.destroy());
  // Built as startApp builds it (same options), minus the HTTP server.
  const core = await createCore(db, {
    appName: appConfig.siteTitle,
    appURL: appConfig.publicUrl,
    mailer: appMailer(appConfig, logger),
  });
  const closeCore = cleanup.add('close the dataset core', () => core.close());
  const dataset = await buildDataset(core, {
    serviceMembers: config.serviceMembers,
    bulkMembers: config.bulkMembers,
    posts: config.posts,
    comments: config.comments,
    serviceConcurrency: dialect === 'postgres' ? 4 : 1,
    log,
  });
  // Every request comes from one loopback address, so the per-IP abuse limits of PRODUCT.md §9 would
  // answer nearly all of them with 429. They are switched off through their setting, as an operator can.
  await core.settings.update(core.db.kysely, { rateLimits: { enabled: false } });
  report.dataset = {
    members: dataset.members,
    posts: dataset.posts,
    comments: dataset.comments,
    timings: dataset.timings,
  };
  log(
    `  built in ${Object.entries(dataset.timings)
      .map(([k, v]) => `${k} ${v.toFixed(1)} s`)
      .join(', ')}`,
  );

  const scenarios = buildScenarios(core, dataset, config.connections, config.signInConnections).filter((s) =>
    selected(config, s),
  );
  const ssePlan: SsePlan | undefined =
    config.only.length === 0 || config.only.some((part) => SSE_KEY.includes(part))
      ? await planSse(core, dataset, config.sse)
      : undefined;
  const outcomes = new Map<string, ScenarioOutcome>();
  for (const scenario of scenarios) {
    outcomes.set(scenario.key, {
      key: scenario.key,
      title: scenario.title,
      connections: scenario.connections,
      ...(scenario.budget ? { budget: scenario.budget } : {}),
    });
  }

  log(`== ${report.label}: database floors`);
  const floor =
    dialect === 'sqlite'
      ? await sqliteFloor(core, path.join(dataDir, 'data.db'))
      : postgresFloor(core, url!, config.connections);
  const closeFloor = cleanup.add('close the floor connection', () => floor.close());
  report.floorLabel = floor.label;
  await runFloors(floor, scenarios, outcomes, config);
  await closeFloor();
  await closeCore();
  await closeDb();

  log(`== ${report.label}: HTTP scenarios (server in a child process)`);
  const profileDir = path.join(config.resultsDir, 'profiles', dialect);
  const server = await startServer('app', env, [
    // Lets the realtime scenario read live memory (after a collection) rather than garbage.
    '--expose-gc',
    ...(config.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
  ]);
  const stopServer = cleanup.add('stop the server', () => server.stop());
  for (const scenario of scenarios) {
    const measured = await measure(server, scenario, config);
    const outcome = outcomes.get(scenario.key)!;
    Object.assign(outcome, { ...measured, floor: outcome.floor });
    report.scenarios.push(outcome);
  }
  if (ssePlan) {
    log(`== ${report.label}: realtime fan-out`);
    report.sse = await runSse(server, ssePlan, config.sse, log);
  }
  await stopServer();
  return report;
}

async function main(): Promise<number> {
  const config = loadBenchConfig();
  const cleanup = new Cleanup();
  let signalled = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) process.exit(130);
    signalled = true;
    log(`\n${signal}: cleaning up`);
    killAll();
    void cleanup.runAll().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  if (config.suite === 'community') return runCommunitySuite(config, cleanup, () => signalled);
  const started = performance.now();
  const cpuAtStart = machineCpu();
  const report: BenchReport = {
    date: new Date().toISOString(),
    command: 'npm run bench',
    machine: {
      nproc: versionOf('nproc', []),
      CPU: os.cpus()[0]?.model ?? 'unknown',
      memory: `${Math.round(os.totalmem() / 1024 ** 3)} GiB`,
      OS: `${os.type()} ${os.release()}`,
      Node: process.version,
      'load average at start': os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' / '),
      packages: ['fastify', 'better-sqlite3', 'pg', 'kysely']
        .map((name) => `${name} ${packageVersion(name)}`)
        .join(', '),
    },
    settings: {
      BENCH_SECONDS: config.seconds,
      BENCH_WARMUP: config.warmupSeconds,
      BENCH_FLOOR_SECONDS: config.floorSeconds,
      BENCH_CONNECTIONS: config.connections,
      BENCH_SIGNIN_CONNECTIONS: config.signInConnections,
      BENCH_SERVICE_MEMBERS: config.serviceMembers,
      BENCH_MEMBERS: config.bulkMembers,
      BENCH_POSTS: config.posts,
      BENCH_COMMENTS: config.comments,
      BENCH_SSE_CLIENTS: config.sse.clients,
      BENCH_SSE_MEMBER_SHARE: config.sse.memberShare,
      BENCH_SSE_WORKERS: config.sse.workers,
      BENCH_SSE_EVENTS: config.sse.events,
    },
    dialects: [],
  };
  try {
    log(`== HTTP floor: bare Fastify in a child process`);
    const hello = await startServer('hello', {});
    const stopHello = cleanup.add('stop the hello server', () => hello.stop());
    report.httpFloor = await measure(hello, helloScenario(config.connections), config);
    await stopHello();

    for (const dialect of config.dialects) {
      const dialectReport = await runDialect(dialect, config, cleanup);
      report.dialects.push(dialectReport);
      await cleanup.runAll();
    }
  } catch (error) {
    // After Ctrl-C the cleanup closes what the run is using; the errors that follow are expected.
    if (signalled) return new Promise<number>(() => undefined);
    log(`\nbench failed: ${(error as Error).stack ?? String(error)}`);
    killAll();
    await cleanup.runAll();
    return 1;
  }
  await cleanup.runAll();

  await publishReport(report, config, started, cpuAtStart);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(String((error as Error)?.stack ?? error));
    process.exit(1);
  },
);
