/**
 * `npm run bench -- --suite community [--dialect sqlite,postgres] [--scale 1] [--only key,...]`:
 * builds PRODUCT.md §9's dataset in the community's own collections (bench/community/dataset.ts),
 * reads every scenario's query plans (and, unless `--floors 0`, replays its SQL as a database floor),
 * starts the real server and measures every list the web app makes, the story view, comment creation
 * and search against the §9 budgets. Results go between the community markers of docs/benchmarks.md.
 *
 * The built SQLite file is kept in bench/results/cache/ (keyed by scale and by the generator's and the
 * collections' source), so a second run at the same scale starts in seconds; `--cache 0` rebuilds.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appMailer, openAppDatabase } from '../../apps/server/src/app';
import { communityCollections } from '../../apps/server/src/collections';
import { loadConfig } from '../../apps/server/src/config';
import { createCore, type Core } from '../../apps/server/src/core';
import { registerSite } from '../../apps/server/src/site';
import { createLogger } from '../../apps/server/src/tools/logger';
import type { BenchConfig, DialectName } from '../config';
import { captureTwice, postgresFloor, sqliteFloor, type DriverFloor } from '../floors';
import {
  type Cleanup,
  openDialect,
  publishReport,
  log,
  measure,
  packageVersion,
  selected,
  versionOf,
} from '../harness';
import { killAll, machineCpu, startServer } from '../processes';
import { formatMs, formatRps, type BenchReport, type DialectReport, type ScenarioOutcome } from '../report';
import { helloScenario, type Scenario } from '../scenarios';
import { buildCommunity, type CommunityFacts } from './dataset';
import { NOISY_KEY, NOISY_SERVER_ENV, prepareAbuser, runNoisyNeighbour } from './noisy-neighbour';
import { communityScenarios, type Tokens } from './scenarios';

export const COMMUNITY_START = '<!-- bench:community:start -->';
export const COMMUNITY_END = '<!-- bench:community:end -->';

/** Changes whenever the generator or the collections change, so a stale cached file is never used. */
function sourceFingerprint(): string {
  const hash = createHash('sha256');
  const dir = path.dirname(new URL(import.meta.url).pathname);
  // Every module that writes rows (dataset.ts and the steps it imports).
  for (const file of [
    'dataset.ts',
    'comments.ts',
    'discovery.ts',
    'messages.ts',
    'personal.ts',
    'random.ts',
    'writer.ts',
  ])
    hash.update(fs.readFileSync(path.join(dir, file)));
  // Tables and triggers made beside the collections' own (relation indexes) are part of the file too.
  hash.update(fs.readFileSync(path.join(dir, '../../apps/server/src/db/relation-index.ts')));
  // The search index is filled by the server's own rebuild, in the shape that module defines.
  hash.update(fs.readFileSync(path.join(dir, '../../apps/server/src/site/search.ts')));
  hash.update(JSON.stringify(communityCollections));
  return hash.digest('hex').slice(0, 12);
}

async function openCore(env: Record<string, string>): Promise<{ core: Core; close: () => Promise<void> }> {
  const appConfig = loadConfig(env);
  const logger = createLogger('silent');
  const db = await openAppDatabase(appConfig, logger);
  const core = await createCore(db, {
    appName: appConfig.siteTitle,
    appURL: appConfig.publicUrl,
    mailer: appMailer(appConfig, logger),
  });
  return {
    core,
    async close() {
      await core.close();
      await db.destroy();
    },
  };
}

async function issueTokens(core: Core, facts: CommunityFacts): Promise<Tokens> {
  const users = core.registry.find('users')!;
  const issue = async (id: string) => {
    const row = await core.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return core.tokens.issue(users, row, 'auth');
  };
  const members: string[] = [];
  for (const member of facts.pool) members.push(await issue(member.id));
  const blockers: string[] = [];
  for (const member of facts.blockers) blockers.push(await issue(member.id));
  return {
    members,
    blockers,
    admin: await issue(facts.adminId),
    moderator: await issue(facts.moderatorId),
  };
}

/** Steps of a plan that read a whole table (or a whole index in place of one). */
export function scansIn(plan: string, dialect: DialectName): string[] {
  const steps = plan.split('; ');
  if (dialect === 'postgres')
    return steps
      .filter((step) => /Seq Scan on /.test(step))
      .map((s) => s.replace(/^->\s*/, '').replace(/\s+\(cost.*$/, ''));
  // SQLite: "SCAN t" reads a whole table. "SCAN t USING [COVERING] INDEX i" walks an index in order
  // (a page stops early; a count reads it all), and "SCAN j VIRTUAL TABLE" is json_each over one
  // row's list: neither is listed.
  // A view's rows come from a co-routine over its query; scanning that result reads no table.
  const fromView = steps.some((step) => /^(CO-ROUTINE|MATERIALIZE) /.test(step.trim()));
  return steps
    .map((step) => step.trim())
    .filter((step) => /^SCAN \S+$/.test(step) && !(fromView && step === 'SCAN _r'));
}

async function readPlans(
  floor: DriverFloor,
  dialect: DialectName,
  scenarios: Scenario[],
  outcomes: Map<string, ScenarioOutcome>,
  config: BenchConfig,
): Promise<string[]> {
  const findings: string[] = [];
  for (const scenario of scenarios) {
    if (!scenario.replay) continue;
    const outcome = outcomes.get(scenario.key)!;
    try {
      const { first: statements, steady } = await captureTwice(floor, scenario.replay);
      outcome.statements = statements;
      outcome.plans = [];
      const scans = new Set<string>();
      for (const statement of statements) {
        const plan = await floor.explain(statement);
        outcome.plans.push(plan);
        // A total reads every matching row by nature; the list cache answers it again until one of
        // the tables it read changes, so only the other statements are held to "no scans".
        const counting = /^SELECT COUNT\(\*\)/i.test(statement.sql.trim());
        for (const scan of scansIn(plan, dialect)) scans.add(counting ? `${scan} (total)` : scan);
      }
      if (scans.size) findings.push(`\`${scenario.key}\`: ${[...scans].join('; ')}`);
      if (config.floors) {
        outcome.floor = await floor.run(steady, config.floorSeconds);
        log(
          `  floor ${scenario.key.padEnd(24)} ${formatRps(outcome.floor.rps).padStart(7)} req/s  ` +
            `p99 ${formatMs(outcome.floor.p99)} ms  (${steady.length} statements)`,
        );
      }
      if (scans.size) log(`  scans in ${scenario.key}: ${[...scans].join('; ')}`);
    } catch (error) {
      log(`  plan ${scenario.key}: could not replay: ${(error as Error).message}`);
    }
  }
  return findings;
}

function datasetText(facts: CommunityFacts, built: string): string {
  const c = facts.counts;
  const n = (key: string) => (c[key] ?? 0).toLocaleString('en-US');
  return (
    `Dataset (scale ${facts.scale}): ${n('users')} members, ${n('stories')} stories (${n('series')} series), ${n('forum_posts')} forum posts ` +
    `(${n('posts')} posts), ${n('comments')} comments, ${n('likes')} likes, ${n('favorites')} favorites, ` +
    `${n('views')} views, ${n('notifications')} notifications, ${n('messages')} messages in ` +
    `${n('conversations')} conversations. ${built}`
  );
}

async function runDialect(
  dialect: DialectName,
  config: BenchConfig,
  cleanup: Cleanup,
): Promise<DialectReport> {
  const { report, target } = await openDialect(dialect, config, cleanup, 'community-bench');
  if (!target) return report;
  const { dataDir, env, url } = target;

  // ---- the dataset: from the cache (SQLite) or built now
  const cacheDir = path.join(config.resultsDir, 'cache');
  const cacheBase = path.join(cacheDir, `community-sqlite-${config.scale}-${sourceFingerprint()}`);
  const dbFile = path.join(dataDir, 'data.db');
  let facts: CommunityFacts;
  let built: string;
  if (
    dialect === 'sqlite' &&
    config.cache &&
    fs.existsSync(`${cacheBase}.json`) &&
    fs.existsSync(`${cacheBase}.db`)
  ) {
    const started = performance.now();
    fs.copyFileSync(`${cacheBase}.db`, dbFile);
    facts = JSON.parse(fs.readFileSync(`${cacheBase}.json`, 'utf8')) as CommunityFacts;
    built = `Copied from the cache in ${((performance.now() - started) / 1000).toFixed(1)} s (built earlier in ${buildSeconds(facts)} s).`;
    log(`== ${report.label}: dataset from ${path.relative(config.rootDir, cacheBase)}.db`);
  } else {
    log(`\n== ${report.label}: building the dataset at scale ${config.scale}`);
    const { core, close } = await openCore(env);
    const closeCore = cleanup.add('close the dataset core', close);
    facts = await buildCommunity(core, { scale: config.scale, log });
    await closeCore();
    built = `Built in ${buildSeconds(facts)} s (${Object.entries(facts.timings)
      .map(([k, v]) => `${k} ${v.toFixed(1)} s`)
      .join(', ')}).`;
    log(`  ${built}`);
    if (dialect === 'sqlite' && config.cache) {
      fs.mkdirSync(cacheDir, { recursive: true });
      // Older builds of this scale (another generator or collections version) are never read again.
      const prefix = `community-sqlite-${config.scale}-`;
      for (const file of fs.readdirSync(cacheDir)) {
        if (file.startsWith(prefix)) fs.rmSync(path.join(cacheDir, file), { force: true });
      }
      fs.copyFileSync(dbFile, `${cacheBase}.db`);
      fs.writeFileSync(`${cacheBase}.json`, JSON.stringify(facts));
    }
  }
  report.datasetText = datasetText(facts, built);
  report.dataset = {
    members: facts.counts.users ?? 0,
    posts: facts.counts.posts ?? 0,
    comments: facts.counts.comments ?? 0,
    timings: facts.timings,
  };

  const { core, close } = await openCore(env);
  const closeCore = cleanup.add('close the bench core', close);
  // The site's list adjustments (blocks, muted tags) take part in the replays, as in the server.
  registerSite(core);
  await core.settings.update(core.db.kysely, { rateLimits: { enabled: false } });
  // The server's presence sweep turns `online` rows idle for 3 minutes `offline`; the run is longer
  // than that, so the generated members online are dated ahead to stay online until it ends.
  await core.db.kysely
    .updateTable('presence')
    .set({ updated: new Date(Date.now() + 3600_000).toISOString().replace('T', ' ') })
    .where('status', '=', 'online')
    .execute();
  const tokens = await issueTokens(core, facts);
  const everyScenario = communityScenarios(core, facts, tokens, config.connections);
  const scenarios = everyScenario.filter((s) => selected(config, s));
  const noisy =
    config.only.length === 0 || config.only.some((part) => NOISY_KEY.includes(part))
      ? await prepareAbuser(core, facts, tokens)
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

  log(`== ${report.label}: query plans${config.floors ? ' and database floors' : ''}`);
  const floor =
    dialect === 'sqlite' ? await sqliteFloor(core, dbFile) : postgresFloor(core, url!, config.connections);
  const closeFloor = cleanup.add('close the floor connection', () => floor.close());
  if (config.floors) report.floorLabel = floor.label;
  const findings = await readPlans(floor, dialect, scenarios, outcomes, config);
  report.notes = [
    findings.length
      ? `Whole-table or whole-index scans in the query plans (EXPLAIN${dialect === 'sqlite' ? ' QUERY PLAN' : ''}): ${findings.join(' · ')}.`
      : `No scenario's query plan scans a whole table or index (EXPLAIN${dialect === 'sqlite' ? ' QUERY PLAN' : ''}).`,
  ];
  await closeFloor();
  await closeCore();

  if (!config.http) {
    report.scenarios = [...outcomes.values()];
    return report;
  }
  log(`== ${report.label}: HTTP scenarios (server in a child process)`);
  // BENCH_PROFILE=1 works for this suite too: a V8 CPU profile of the server per dialect.
  const profileDir = path.join(config.resultsDir, 'profiles', `community-${dialect}`);
  const server = await startServer('app', noisy ? { ...env, ...NOISY_SERVER_ENV } : env, [
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
  if (noisy) report.scenarios.push(...(await runNoisyNeighbour(server, everyScenario, noisy, config)));
  await stopServer();
  return report;
}

const buildSeconds = (facts: CommunityFacts) =>
  Object.values(facts.timings)
    .reduce((sum, v) => sum + v, 0)
    .toFixed(1);

export async function runCommunitySuite(
  config: BenchConfig,
  cleanup: Cleanup,
  signalled: () => boolean,
): Promise<number> {
  const started = performance.now();
  const cpuAtStart = machineCpu();
  const report: BenchReport = {
    date: new Date().toISOString(),
    command: `npm run bench -- --suite community --scale ${config.scale}`,
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
      scale: config.scale,
      BENCH_SECONDS: config.seconds,
      BENCH_WARMUP: config.warmupSeconds,
      BENCH_CONNECTIONS: config.connections,
      floors: config.floors ? `${config.floorSeconds} s` : 'plans only',
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
      report.dialects.push(await runDialect(dialect, config, cleanup));
      await cleanup.runAll();
    }
  } catch (error) {
    if (signalled()) return new Promise<number>(() => undefined);
    log(`\nbench failed: ${(error as Error).stack ?? String(error)}`);
    killAll();
    await cleanup.runAll();
    return 1;
  }
  await cleanup.runAll();
  await publishReport(report, config, started, cpuAtStart, {
    start: COMMUNITY_START,
    end: COMMUNITY_END,
    heading: 'Community results (PRODUCT.md §9 dataset)',
  });
  return 0;
}
