/**
 * The logs as the core keeps them: the store (`/api/logs` reads it), the batching writer (the request
 * logger and failing jobs write to it), and PocketBase's clean-up job, which removes entries older
 * than `settings.logs.maxDays` every six hours.
 */
import type { LogsDatabase } from '../../db/logs-database';
import type { CronScheduler } from '../../tools/cron';
import { formatDate } from '../../tools/dates';
import type { SettingsStore } from '../settings';
import { LOG_LEVELS, LogStore } from './log-store';
import { LogWriter } from './log-writer';

export { LOG_LEVELS, type LogEntry } from './log-store';

export const LOGS_CLEANUP_JOB = '__pbLogsCleanup__';

export interface Logs {
  /** Where the logs are kept (backups copy it on SQLite). */
  database: LogsDatabase;
  store: LogStore;
  writer: LogWriter;
  /** Logs a job's failure (level error), and reports it. */
  jobFailed(jobId: string, error: unknown): void;
  /** Removes the entries older than the retention; returns how many. */
  cleanUp(now?: number): Promise<number>;
  /** Adds the clean-up job. */
  schedule(crons: CronScheduler): void;
  close(): Promise<void>;
}

const DAY_MS = 86_400_000;

export function createLogs(
  logsDb: LogsDatabase,
  settings: SettingsStore,
  onError: (error: unknown, message: string) => void,
): Logs {
  const store = new LogStore(logsDb);
  const writer = new LogWriter(
    store,
    () => settings.get().logs,
    (error) => onError(error, 'log entries could not be stored'),
  );
  const cleanUp = (now = Date.now()) =>
    store.deleteCreatedUpTo(formatDate(new Date(now - settings.get().logs.maxDays * DAY_MS)));
  return {
    database: logsDb,
    store,
    writer,
    jobFailed(jobId, error) {
      onError(error, `cron job ${jobId} failed`);
      writer.write(LOG_LEVELS.error, `Cron job ${jobId} failed`, {
        type: 'cron',
        job: jobId,
        error: error instanceof Error ? error.message : String(error),
      });
    },
    cleanUp,
    schedule(crons) {
      crons.add(LOGS_CLEANUP_JOB, { cron: '0 */6 * * *' }, async () => {
        await cleanUp();
      });
    },
    async close() {
      await writer.close();
      await logsDb.close();
    },
  };
}
