/**
 * The domain, assembled: collections, records, rules, tokens, settings and the hook bus. The HTTP
 * layer and the CLI receive one `Core`; nothing below it knows about Fastify.
 */
import { DatabaseJobLock } from '../db/job-lock';
import { openLogsDatabase } from '../db/logs-database';
import { CronScheduler } from '../tools/cron';
import type { Database } from '../db/types';
import type { FileStorage } from '../tools/files/storage';
import type { JobLock } from '../tools/job-lock';
import { MemoryRateLimiter, type RateLimiter } from '../tools/rate-limiter';
import { PasswordHasher } from '../tools/security/password';
import { WorkerPool, type WorkLimits } from '../tools/workers/pool';
import type { AccountMailDeps } from './auth/account-mail';
import type { LegacyPasswordCheck } from './auth/legacy-passwords';
import { TokenService } from './auth/tokens';
import type { Mailer } from './mail/mailer';
import { CollectionRegistry } from './collections/registry';
import { ensureRelationIndexes } from './collections/relation-indexes';
import { CollectionService } from './collections/service';
import { Hooks } from './hooks';
import type { RecordContext } from './records/context';
import type { ListNarrower, ListRuleShortcut } from './records/read';
import { ListCache, rowsKey } from './records/list-cache';
import { ViewSources } from './records/view-sources';
import { removeFilesOfRemovedRecords } from './files/record-files';
import { SettingsStore } from './settings';
import { SettledChanges } from './settled-changes';
import { InProcessRealtimeBus, RealtimeService, type RealtimeBus } from './realtime';
import { checkCollectionRules } from './rules/validate-rules';
import { createLogs, type Logs } from './logs';
import { BackupService, type Restart } from './backups/service';

export interface Core {
  db: Database;
  registry: CollectionRegistry;
  collections: CollectionService;
  records: RecordContext;
  hooks: Hooks;
  /**
   * Per collection, what may narrow a list on the caller's behalf (site/mutes.ts: muted tags;
   * site/blocks.ts: blocked members' work), each applied in turn.
   */
  listNarrowers: Map<string, ListNarrower[]>;
  /** Cheaper equivalents of list rules for some callers (site/blocks.ts). */
  listRuleShortcuts: ListRuleShortcut[];
  tokens: TokenService;
  settings: SettingsStore;
  passwords: PasswordHasher;
  /** Worker threads for CPU work that grows with what a member wrote (tools/workers/pool.ts). */
  work: WorkerPool;
  /** Passwords from systems accounts were imported from, tried when the site's own hash refuses one. */
  legacyPasswords: LegacyPasswordCheck[];
  accountMail: AccountMailDeps;
  realtime: RealtimeService;
  /** Permission changes (bans, roles, rules) applied by every process before their request is answered. */
  settled: SettledChanges;
  /** Counters for abuse limits under `namespace`, shared by every process when Redis is configured. */
  rateLimiter(namespace: string): RateLimiter;
  /** Decides which process runs a periodic job (once across the cluster). */
  jobs: JobLock;
  /** The periodic jobs (`/api/crons`); their timers start with `crons.start()` (app.ts). */
  crons: CronScheduler;
  /** Request and job logs (`/api/logs`), written in batches. */
  logs: Logs;
  /** Backups (`/api/backups`, the CLI's backup and restore) and their schedule. */
  backups: BackupService;
  close(): Promise<void>;
}

/**
 * What several server processes share (built by src/cluster.ts from `REDIS_URL`). Without it,
 * everything stays in this process: the in-process bus, memory counters, the database's job lock.
 */
export interface CoreCluster {
  bus: RealtimeBus;
  rateLimiter(namespace: string): RateLimiter;
  jobs: JobLock;
  /** Where failures to share a change are reported (the log). */
  report?: (error: unknown, message: string) => void;
}

export interface CoreOptions {
  appName: string;
  appURL: string;
  /** bcrypt cost (at least 10). */
  bcryptCost?: number;
  mailer: Mailer;
  cluster?: CoreCluster;
  /** Where file fields keep their uploads (src/file-storage.ts); without it, file fields cannot store. */
  files?: FileStorage;
  /** The memory remembered list answers may take (records/list-cache.ts `DEFAULT_RENDERED_BYTES`). */
  answerCacheBytes?: number;
  /** Checks every remembered list and view answer against the database (`ANSWER_CACHE_VERIFY`). */
  verifyAnswers?: boolean;
  /** Bounds of the worker pool's jobs (tools/workers/pool.ts `DEFAULT_WORK_LIMITS`). */
  workLimits?: Partial<WorkLimits>;
  /** The data directory: the SQLite logs file goes there (in memory without one). */
  dataDir?: string;
  /** Where failures of background work (log writes, jobs) are reported besides the logs (pino). */
  onError?: (error: unknown, message: string) => void;
  /** The uploads folder when uploads are kept on this disk (backups include it); unset with S3. */
  uploadsDir?: string;
  /** Restarts the server on restored data (app.ts); without it, restores run from the command line. */
  restart?: Restart;
}

export async function createCore(db: Database, options: CoreOptions): Promise<Core> {
  const registry = await CollectionRegistry.load(db.kysely);
  // Databases made before relation indexes existed get theirs once; processes starting together wait.
  await db.withLock('relation-indexes', { wait: true }, () =>
    db.kysely.transaction().execute((trx) => ensureRelationIndexes(trx, db.dialect, registry.all())),
  );
  const hooks = new Hooks();
  const passwords = new PasswordHasher({ cost: options.bcryptCost ?? 10 });
  const work = new WorkerPool(options.workLimits);
  const secretRow: { value: string } = await db.kysely
    .selectFrom('_params')
    .select('value')
    .where('id', '=', 'secret')
    .executeTakeFirstOrThrow();
  const tokens = new TokenService(JSON.parse(secretRow.value) as string, registry);
  const settings = await SettingsStore.load(db.kysely, { appName: options.appName, appURL: options.appURL });
  // A view collection's rows change with the tables its query reads, which writes report instead.
  const viewSources = new ViewSources(db, registry);
  const lists = new ListCache({
    sources: (key) => viewSources.keysFor(key),
    maxRenderedBytes: options.answerCacheBytes,
    verify: options.verifyAnswers ?? false,
  });
  registry.onChange(() => lists.clear());
  const records: RecordContext = { db, registry, hooks, passwords, lists };
  if (options.files) records.files = options.files;
  const collections = new CollectionService(db, registry, [checkCollectionRules(db.flavor)]);
  // A truncation removes rows without record writes: the answers that read them are told here, and
  // through the list cache every other process too.
  collections.onRecordsRemoved((collection) => {
    lists.changed([rowsKey(collection.name)]);
    return Promise.resolve();
  });
  collections.onRecordsRemoved((collection, ids) => removeFilesOfRemovedRecords(records, collection, ids));
  const cluster: CoreCluster = options.cluster ?? {
    bus: new InProcessRealtimeBus(),
    rateLimiter: () => new MemoryRateLimiter(),
    jobs: new DatabaseJobLock(db),
  };
  const realtime = new RealtimeService(records, { bus: cluster.bus });
  const reloads = shareDefinitionChanges(cluster, db, registry, collections, settings);
  const stopCounts = shareListChanges(cluster, lists);
  const settled = settlePermissionChanges(cluster, hooks, collections, settings, reloads.applied);
  const onError = options.onError ?? (() => undefined);
  const logs = createLogs(await openLogsDatabase(db, options.dataDir), settings, onError);
  const crons = new CronScheduler(cluster.jobs, (error, id) => logs.jobFailed(id, error));
  logs.schedule(crons);
  const backups = new BackupService({
    db,
    logsDb: logs.database,
    dataDir: options.dataDir,
    storageDir: options.uploadsDir,
    settings,
    appName: () => settings.get().meta.appName,
    restart: options.restart,
    onError,
  });
  const scheduleBackups = () => backups.schedule(crons);
  scheduleBackups();
  settings.onChanged(scheduleBackups);
  settings.onReloaded(scheduleBackups);
  return {
    db,
    registry,
    collections,
    records,
    hooks,
    listNarrowers: new Map(),
    listRuleShortcuts: [],
    tokens,
    settings,
    passwords,
    work,
    legacyPasswords: [],
    accountMail: {
      records,
      tokens,
      mailer: options.mailer,
      mail: { siteTitle: options.appName, publicUrl: options.appURL },
      attempts: cluster.rateLimiter('attempts'),
      onMailError: cluster.report,
    },
    realtime,
    settled,
    rateLimiter: (namespace) => cluster.rateLimiter(namespace),
    jobs: cluster.jobs,
    crons,
    logs,
    backups,
    close: async () => {
      crons.stop();
      reloads.stop();
      stopCounts();
      settled.close();
      await logs.close();
      await realtime.close();
      await passwords.close();
      await work.close();
      await options.mailer.close();
    },
  };
}

/**
 * Collection definitions and settings are read once at start and kept in memory. With several
 * processes, a change made through one is announced on the bus and the others read it again from
 * the database (the process that made it also does, which is harmless). Alone, nothing is sent.
 */
function shareDefinitionChanges(
  cluster: CoreCluster,
  db: Database,
  registry: CollectionRegistry,
  collections: CollectionService,
  settings: SettingsStore,
): { stop: () => void; applied: () => Promise<void> } {
  const { bus, report = () => undefined } = cluster;
  // One reload at a time, in order, so an older read never overwrites a newer one.
  let queue = Promise.resolve();
  const applied = () => queue;
  if (!bus.shared) return { stop: () => undefined, applied };
  const announce = (what: 'collections' | 'settings') => () => {
    bus
      .publish({ type: 'reload', what })
      .catch((error: unknown) => report(error, `${what} change not shared`));
  };
  collections.onChanged(announce('collections'));
  settings.onChanged(announce('settings'));
  const stop = bus.subscribe((message) => {
    if (message.type !== 'reload') return;
    queue = queue
      .then(() => (message.what === 'collections' ? registry.reload(db.kysely) : settings.reload(db.kysely)))
      .catch((error: unknown) => report(error, `${message.what} reload failed`));
  });
  return { stop, applied };
}

/**
 * What decides a caller's permissions: their account (a ban, a role, a token key), the collections'
 * rules and the settings. A commit of any of them is settled across processes (settled-changes.ts).
 */
function settlePermissionChanges(
  cluster: CoreCluster,
  hooks: Hooks,
  collections: CollectionService,
  settings: SettingsStore,
  applied: () => Promise<void>,
): SettledChanges {
  const settled = new SettledChanges(cluster.bus, applied, cluster.report ?? (() => undefined));
  const account = (event: { collection: { type: string } }) => {
    if (event.collection.type === 'auth') settled.changed();
  };
  hooks.on('updateCommitted', account);
  hooks.on('deleteCommitted', account);
  collections.onChanged(() => settled.changed());
  collections.onRecordsRemoved((collection) => {
    account({ collection });
    return Promise.resolve();
  });
  settings.onChanged(() => settled.changed());
  return settled;
}

/**
 * Remembered list totals stay exact across processes: every process publishes the list-cache keys
 * its commits changed, and bumps the keys the others publish. Alone, nothing is sent.
 */
function shareListChanges(cluster: CoreCluster, lists: ListCache): () => void {
  const { bus, report = () => undefined } = cluster;
  if (!bus.shared) return () => undefined;
  lists.onLocalChange = (keys) => {
    bus
      .publish({ type: 'counts', keys })
      .catch((error: unknown) => report(error, 'count changes not shared'));
  };
  const stop = bus.subscribe((message) => {
    if (message.type === 'counts') lists.changedElsewhere(message.keys);
  });
  return () => {
    lists.onLocalChange = undefined;
    stop();
  };
}
