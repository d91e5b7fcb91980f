/**
 * The server's configuration, read in one place: environment variables first (a `.env` file in the
 * working directory fills in the ones the real environment leaves unset), then CLI flags (`--http`,
 * `--dir`) on top. Everything else reads the validated `Config`, never `process.env`.
 */
import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { z } from 'zod';

const DEFAULT_HOST = '127.0.0.1';
const DEFAULT_PORT = 8090;

/** Where the built web app lives, relative to this module (src/ in development, dist/ when bundled). */
const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine(
      (value) => value === undefined || protocols.some((p) => value.startsWith(`${p}:`)),
      `must start with ${protocols.map((p) => `${p}:`).join(' or ')}`,
    );

/** A yes-or-no variable: `true`/`1` or `false`/`0`; undefined when unset, for the caller's default. */
const yesNo = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1'));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).optional(),
  HOST: z.string().trim().min(1).optional(),
  DATA_DIR: z.string().trim().min(1).optional(),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9:._-]{1,64}$/, 'must be 1-64 of [A-Za-z0-9:._-]')
    .default('community:'),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  PUBLIC_URL: optionalUrl(['http', 'https']),
  SITE_TITLE: z.string().trim().min(1).default('Size Community'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().optional(),
  WEB_DIST: z.string().trim().min(1).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  LOAD_SHED_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(300),
  SCHEDULED_PUBLISH_EVERY_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  ACCOUNT_ERASURE_EVERY_MS: z.coerce.number().int().min(100).max(86_400_000).default(600_000),
  DATA_EXPORT_EVERY_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  MAIL_QUEUE_EVERY_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  SEED_DEMO: yesNo,
  OIDC_ISSUER: optionalUrl(['http', 'https']),
  OIDC_CLIENT_ID: z.string().trim().optional(),
  OIDC_CLIENT_SECRET: z.string().trim().optional(),
  OIDC_NAME: z
    .string()
    .trim()
    .regex(/^[a-z0-9_-]{1,100}$/, 'must be 1-100 of [a-z0-9_-]')
    .default('oidc'),
  OIDC_DISPLAY_NAME: z.string().trim().min(1).default('OpenID Connect'),
  S3_ENDPOINT: optionalUrl(['http', 'https']),
  S3_BUCKET: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .refine(
      (value) => value === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value),
      'must be a bucket name: 3-63 of [a-z0-9.-], starting and ending with a letter or digit',
    ),
  S3_REGION: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,64}$/, 'must be 1-64 of [a-z0-9-]')
    .default('us-east-1'),
  S3_ACCESS_KEY: z.string().trim().optional(),
  S3_SECRET: z.string().trim().optional(),
  S3_FORCE_PATH_STYLE: yesNo,
  CF_VERIFY_URL: optionalUrl(['http', 'https']),
  CF_VERIFY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  TRUST_PROXY: z.string().trim().optional(),
  DATABASE_PREPARED_STATEMENTS: yesNo,
  ANSWER_CACHE_MB: z.coerce.number().int().min(0).max(65_536).default(128),
  ANSWER_CACHE_VERIFY: yesNo,
  HEAVY_WORK_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  HEAVY_WORK_TIME_LIMIT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  HEAVY_WORK_MEMORY_MB: z.coerce.number().int().min(16).max(65_536).default(512),
  PATRON_URL: optionalUrl(['http', 'https']),
  CHAT_URL: optionalUrl(['http', 'https']),
  DEFAULT_THEME: z.enum(['auto', 'dark', 'light']).default('auto'),
});

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Prefix of every Redis key and channel, so several sites (or test runs) can share one Redis. */
  redisPrefix: string;
  smtpUrl: string | undefined;
  /** The address members reach the site at; used in mails and OAuth2 redirects. */
  publicUrl: string;
  siteTitle: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  production: boolean;
  /** Directory of the built SPA; served for every non-API path when it exists. */
  webDist: string;
  shutdownTimeoutMs: number;
  /**
   * Above this event-loop delay (99th percentile over half a second) new API requests get 503 with
   * `Retry-After` and readiness says so (apis/load-shedding.ts); 0 never sheds.
   */
  loadShedDelayMs: number;
  /** How often scheduled stories whose time has come are published (site/scheduled.ts). */
  scheduledPublishEveryMs: number;
  /** How often accounts whose deletion grace period is over are erased (site/account-deletion.ts). */
  accountErasureEveryMs: number;
  /** How often waiting data exports are built and expired ones removed (site/data-export.ts). */
  dataExportEveryMs: number;
  /** How often queued mail that is due (again) is sent (site/mail-queue.ts). */
  mailQueueEveryMs: number;
  /** Seed demo members and stories into a fresh install (off in production unless asked for). */
  seedDemo: boolean;
  /** The single OpenID Connect provider for sign-in (PRODUCT.md §3); undefined when not configured. */
  oidc: OidcConfig | undefined;
  /** Uploaded files go to this S3-compatible bucket; undefined keeps them under `<dataDir>/storage`. */
  s3: S3Config | undefined;
  /** The external site that checks profile verification codes (PRODUCT.md §11); undefined when not configured. */
  cfVerify: CfVerifyConfig | undefined;
  /**
   * Which reverse proxies may say who the client is (`X-Forwarded-For`), handed to Fastify's
   * `trustProxy`: `false` (the connecting address is the client), a hop count, or the proxies'
   * addresses and ranges. Abuse limits count per client address, so behind a proxy this decides
   * whether members are told apart or all share the proxy's address.
   */
  trustProxy: TrustProxy;
  /** PostgreSQL: keep recurring statements prepared on each connection (db/postgres/prepared-pool.ts). */
  preparedStatements: boolean;
  /** The memory remembered list answers may take, in bytes (records/list-cache.ts); 0 keeps none. */
  answerCacheBytes: number;
  /**
   * Every list and view answer is also computed with nothing remembered and must be the same, or the
   * request fails (records/verified-answers.ts): for test runs, never for a live site (it doubles the work).
   */
  answerCacheVerify: boolean;
  /** Bounds of the worker threads that render books (tools/workers/pool.ts). */
  heavyWork: HeavyWorkConfig;
  /** What the web app reads from `/api/site` when it starts (PRODUCT.md §13: the footer's links). */
  site: SiteConfig;
}

export interface HeavyWorkConfig {
  /** Worker threads; undefined lets the pool choose from the cores (tools/workers/pool.ts). */
  threads: number | undefined;
  /** Time a job may run before the growth per MB of input; its answer is then "too complex". */
  timeLimitMs: number;
  /** Heap each worker may take; a job that needs more is "too complex". */
  memoryLimitMb: number;
}

/** The deployment's settings the web app shows; unset links are left out of the footer. */
export interface SiteConfig {
  patronUrl: string | undefined;
  chatUrl: string | undefined;
  defaultTheme: 'auto' | 'dark' | 'light';
}

export type TrustProxy = false | number | string[];

export interface S3Config {
  /** The service's URL (MinIO, Garage, R2, ...); undefined for AWS itself. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Both undefined: the SDK's own credential chain (instance roles, AWS_* variables). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>` (most self-hosted servers). */
  forcePathStyle: boolean;
}

export interface CfVerifyConfig {
  url: string;
  /** How long the server waits for the external site before giving up. */
  timeoutMs: number;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The provider name clients use (`auth-methods`, `auth-with-oauth2`). */
  name: string;
  displayName: string;
}

export interface ConfigFlags {
  /** `host:port`, as in PocketBase's `serve --http`. */
  http?: string | undefined;
  /** The data directory, as in PocketBase's `--dir`. */
  dir?: string | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function parseHttpAddress(value: string): { host: string; port: number } {
  const match = /^(?:\[([^\]]+)\]|([^:]*)):(\d{1,5})$/.exec(value.trim());
  const port = Number(match?.[3]);
  if (!match || !Number.isInteger(port) || port > 65535) {
    throw new ConfigError(`--http must look like 127.0.0.1:8090, got "${value}"`);
  }
  return { host: match[1] ?? (match[2] || DEFAULT_HOST), port };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, flags: ConfigFlags = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  if (Boolean(e.OIDC_ISSUER) !== Boolean(e.OIDC_CLIENT_ID)) {
    throw new ConfigError('Invalid configuration:\n  OIDC_ISSUER and OIDC_CLIENT_ID must be set together');
  }
  const s3 = s3Config(e);
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  const address = flags.http
    ? parseHttpAddress(flags.http)
    : { host: e.HOST ?? DEFAULT_HOST, port: e.PORT ?? DEFAULT_PORT };
  const publicHost = address.host === '0.0.0.0' || address.host === '::' ? '127.0.0.1' : address.host;
  return {
    host: address.host,
    port: address.port,
    dataDir: path.resolve(flags.dir ?? e.DATA_DIR ?? './data'),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    smtpUrl: e.SMTP_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://${publicHost}:${address.port}`).replace(/\/+$/, ''),
    siteTitle: e.SITE_TITLE,
    logLevel: e.LOG_LEVEL,
    production: e.NODE_ENV === 'production',
    webDist: path.resolve(e.WEB_DIST ?? defaultWebDist),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    loadShedDelayMs: e.LOAD_SHED_DELAY_MS,
    scheduledPublishEveryMs: e.SCHEDULED_PUBLISH_EVERY_MS,
    accountErasureEveryMs: e.ACCOUNT_ERASURE_EVERY_MS,
    dataExportEveryMs: e.DATA_EXPORT_EVERY_MS,
    mailQueueEveryMs: e.MAIL_QUEUE_EVERY_MS,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET ?? '',
            name: e.OIDC_NAME,
            displayName: e.OIDC_DISPLAY_NAME,
          }
        : undefined,
    s3,
    cfVerify: e.CF_VERIFY_URL ? { url: e.CF_VERIFY_URL, timeoutMs: e.CF_VERIFY_TIMEOUT_MS } : undefined,
    trustProxy,
    preparedStatements: e.DATABASE_PREPARED_STATEMENTS ?? true,
    answerCacheBytes: e.ANSWER_CACHE_MB * 1024 * 1024,
    answerCacheVerify: e.ANSWER_CACHE_VERIFY ?? false,
    heavyWork: {
      threads: e.HEAVY_WORK_THREADS,
      timeLimitMs: e.HEAVY_WORK_TIME_LIMIT_MS,
      memoryLimitMb: e.HEAVY_WORK_MEMORY_MB,
    },
    site: { patronUrl: e.PATRON_URL, chatUrl: e.CHAT_URL, defaultTheme: e.DEFAULT_THEME },
  };
}

/** The ranges proxy-addr (Fastify's `trustProxy`) knows by name. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * `TRUST_PROXY`: unset, empty, `false` or `0` trusts no proxy; a whole number trusts that many hops
 * in front of the server; otherwise a comma-separated list of proxy addresses, CIDR ranges or the
 * names `loopback`, `linklocal`, `uniquelocal`. `true` (trust anyone) is refused: it would let any
 * client choose the address its abuse limits are counted under.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 0 && hops <= 10) return hops;
  } else if (text !== 'true') {
    const entries = text.split(',').map((entry) => entry.trim());
    const wrong = entries.filter((entry) => !isProxyAddress(entry));
    if (wrong.length === 0) return entries;
    throw new ConfigError(
      `Invalid configuration:\n  TRUST_PROXY: not an address, CIDR range or range name: ${wrong.map((w) => `"${w}"`).join(', ')}`,
    );
  }
  throw new ConfigError(
    "Invalid configuration:\n  TRUST_PROXY: must be false, a hop count from 1 to 10, or the proxies' addresses (comma-separated)",
  );
}

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * Reads `file` (a `.env` file) into `env` when it exists. A variable already set in `env` wins: the
 * real environment (the shell, the service manager, the container) overrides the file.
 * Answers whether a file was read.
 */
export function loadEnvFile(file: string, env: NodeJS.ProcessEnv = process.env): boolean {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw new ConfigError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (env[name] === undefined) env[name] = value;
  }
  return true;
}

/** S3 storage is on when `S3_BUCKET` is set; the other `S3_*` variables without it are a mistake. */
function s3Config(e: z.infer<typeof envSchema>): S3Config | undefined {
  const problems: string[] = [];
  const others = { S3_ENDPOINT: e.S3_ENDPOINT, S3_ACCESS_KEY: e.S3_ACCESS_KEY, S3_SECRET: e.S3_SECRET };
  if (!e.S3_BUCKET) {
    const stray = Object.entries(others).filter(([, value]) => value);
    if (e.S3_FORCE_PATH_STYLE !== undefined)
      stray.push(['S3_FORCE_PATH_STYLE', String(e.S3_FORCE_PATH_STYLE)]);
    if (stray.length === 0) return undefined;
    problems.push(`S3_BUCKET is required when ${stray.map(([name]) => name).join(', ')} is set`);
  }
  if (Boolean(e.S3_ACCESS_KEY) !== Boolean(e.S3_SECRET)) {
    problems.push('S3_ACCESS_KEY and S3_SECRET must be set together');
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return {
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY || undefined,
    secretAccessKey: e.S3_SECRET || undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
  };
}
