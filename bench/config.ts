/**
 * The benchmark's knobs, read once from the environment. Every size and duration can be scaled down
 * for a quick run, e.g. `BENCH_SECONDS=2 BENCH_POSTS=20000 npm run bench`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type DialectName = 'sqlite' | 'postgres';

export type SuiteName = 'core' | 'community';

export interface BenchConfig {
  /** `core`: the engine scenarios on bench_* collections; `community`: PRODUCT.md §9 on the site's own. */
  suite: SuiteName;
  /** Community suite: the share of the §9 dataset to build (1 = 100k members, 1M comments...). */
  scale: number;
  /** Community suite: whether each scenario's SQL is also replayed as a database floor (plans always are). */
  floors: boolean;
  /** Community suite: whether the server is started and loaded (`--http 0`: dataset and plans only). */
  http: boolean;
  /** Community suite: reuse a built SQLite file from bench/results/cache/ when one matches. */
  cache: boolean;
  /** Measured seconds per HTTP scenario (after the warm-up). */
  seconds: number;
  /** Warm-up seconds per HTTP scenario; requests completed in it are not counted. */
  warmupSeconds: number;
  /** Measured seconds per driver-floor replay. */
  floorSeconds: number;
  /** Concurrent keep-alive connections for the HTTP scenarios. */
  connections: number;
  /** Connections for password sign-in (bounded by the bcrypt pool and its queue of 32). */
  signInConnections: number;
  /** Members created through the record service (bcrypt-hashed one by one). */
  serviceMembers: number;
  /** Further members inserted in bulk with a precomputed hash. */
  bulkMembers: number;
  posts: number;
  comments: number;
  dialects: DialectName[];
  /** Substrings of scenario keys to run; empty means all. */
  only: string[];
  /** PostgreSQL admin URL (a database is created on it and dropped afterwards). */
  postgresAdminUrl: string;
  /** Whether docs/benchmarks.md is rewritten. */
  writeDoc: boolean;
  /** Whether the server child writes a V8 CPU profile per dialect into bench/results/profiles/. */
  profile: boolean;
  /** The realtime fan-out scenario (bench/sse.ts). */
  sse: { clients: number; memberShare: number; workers: number; events: number };
  rootDir: string;
  docPath: string;
  resultsDir: string;
}

function numberEnv(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) {
    throw new Error(`${name} must be a number >= ${min}, got "${raw}"`);
  }
  return value;
}

/** `--name value` or `--name=value` from the command line (after `npm run bench --`). */
function argument(name: string): string | undefined {
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === `--${name}`) return args[i + 1];
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
  }
  return undefined;
}

const ARGUMENTS = ['suite', 'dialect', 'scale', 'only', 'floors', 'cache', 'http'];

function checkArguments(): void {
  for (const arg of process.argv.slice(2)) {
    const name = /^--([a-z]+)/.exec(arg)?.[1];
    if (name && !ARGUMENTS.includes(name)) {
      throw new Error(`unknown option --${name} (known: ${ARGUMENTS.map((a) => `--${a}`).join(', ')})`);
    }
  }
}

function listEnv(name: string, cli?: string): string[] {
  return (cli ?? process.env[name] ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

export function loadBenchConfig(): BenchConfig {
  const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  checkArguments();
  const suite = argument('suite') ?? 'core';
  if (suite !== 'core' && suite !== 'community')
    throw new Error(`--suite is core or community, got "${suite}"`);
  const scale = Number(argument('scale') ?? process.env.BENCH_SCALE ?? 1);
  if (!Number.isFinite(scale) || scale <= 0 || scale > 10) throw new Error('--scale must be in (0, 10]');
  const dialects = listEnv('BENCH_DIALECTS', argument('dialect'));
  for (const dialect of dialects) {
    if (dialect !== 'sqlite' && dialect !== 'postgres') {
      throw new Error(`BENCH_DIALECTS accepts sqlite and postgres, got "${dialect}"`);
    }
  }
  return {
    suite,
    scale,
    floors: (argument('floors') ?? process.env.BENCH_COMMUNITY_FLOORS ?? '1') !== '0',
    http: argument('http') !== '0',
    cache: (argument('cache') ?? process.env.BENCH_CACHE ?? '1') !== '0',
    seconds: numberEnv('BENCH_SECONDS', 5, 0.5),
    warmupSeconds: numberEnv('BENCH_WARMUP', 1, 0),
    floorSeconds: numberEnv('BENCH_FLOOR_SECONDS', 1, 0.2),
    connections: Math.round(numberEnv('BENCH_CONNECTIONS', 50, 1)),
    signInConnections: Math.round(numberEnv('BENCH_SIGNIN_CONNECTIONS', 10, 1)),
    serviceMembers: Math.round(numberEnv('BENCH_SERVICE_MEMBERS', 200, 50)),
    bulkMembers: Math.round(numberEnv('BENCH_MEMBERS', 10_000, 0)),
    posts: Math.round(numberEnv('BENCH_POSTS', 100_000, 100)),
    comments: Math.round(numberEnv('BENCH_COMMENTS', 100_000, 0)),
    dialects: dialects.length ? (dialects as DialectName[]) : ['sqlite', 'postgres'],
    only: listEnv('BENCH_ONLY', argument('only')),
    postgresAdminUrl: process.env.TEST_POSTGRES_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres',
    writeDoc: process.env.BENCH_WRITE_DOC !== '0',
    profile: process.env.BENCH_PROFILE === '1',
    sse: {
      clients: Math.round(numberEnv('BENCH_SSE_CLIENTS', 10_000, 1)),
      memberShare: Math.min(1, numberEnv('BENCH_SSE_MEMBER_SHARE', 0.5, 0)),
      workers: Math.round(numberEnv('BENCH_SSE_WORKERS', 2, 1)),
      events: Math.round(numberEnv('BENCH_SSE_EVENTS', 5, 1)),
    },
    rootDir,
    docPath: path.join(rootDir, 'docs', 'benchmarks.md'),
    resultsDir: path.join(rootDir, 'bench', 'results'),
  };
}
