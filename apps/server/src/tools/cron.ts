/**
 * The server's periodic jobs, as PocketBase's cron lists them (`GET /api/crons`): each has an id and
 * a schedule, and can be run at once (`POST /api/crons/{id}`). Schedules are PocketBase's five-field
 * cron expressions in UTC (five fields: minute hour day month weekday, or `@hourly`, `@daily`, ...), read by croner; a job that
 * runs more often than once a minute (the scheduled-publishing check) has an interval instead,
 * shown as `@every 30s`.
 *
 * Every process keeps the same timers; each run asks the `JobLock` first, so a job runs once per
 * tick across the cluster (a Redis lease, or a PostgreSQL advisory lock). A run the operator asks
 * for skips the lease (it was asked for now) but never overlaps a run of the same job in this
 * process.
 */
import { Cron } from 'croner';
import type { JobLock } from './job-lock';

export type Schedule = { cron: string } | { everyMs: number };

export interface CronJob {
  id: string;
  expression: string;
}

export interface JobRun {
  id: string;
  outcome: 'done' | 'failed' | 'skipped';
  ms: number;
}

const NICKNAMES = new Set(['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly']);

/** Why `expression` is not a schedule PocketBase accepts, or null when it is one. */
export function cronProblem(expression: string): string | null {
  const text = expression.trim();
  if (text.startsWith('@')) return NICKNAMES.has(text) ? null : 'Invalid cron expression.';
  if (text.split(/\s+/).length !== 5) return 'Invalid cron expression (five fields are expected).';
  try {
    new Cron(text, { paused: true, timezone: 'UTC' }).stop();
    return null;
  } catch {
    return 'Invalid cron expression.';
  }
}

/** `@every 30s`, `@every 2m`: how an interval reads in the job list. */
export function describeInterval(everyMs: number): string {
  if (everyMs % 60_000 === 0) return `@every ${everyMs / 60_000}m`;
  if (everyMs % 1000 === 0) return `@every ${everyMs / 1000}s`;
  return `@every ${everyMs}ms`;
}

interface Registered {
  id: string;
  schedule: Schedule;
  work: () => Promise<void>;
  stop: () => void;
}

export class CronScheduler {
  private readonly jobs = new Map<string, Registered>();
  private readonly running = new Set<string>();
  private started = false;
  private readonly listeners: Array<(run: JobRun) => void> = [];

  constructor(
    private readonly lock: JobLock,
    private readonly onError: (error: unknown, jobId: string) => void,
  ) {}

  /** Adds a job, or replaces the one with the same id (a changed backup schedule). */
  add(id: string, schedule: Schedule, work: () => Promise<void>): void {
    this.remove(id);
    const job: Registered = { id, schedule, work, stop: () => undefined };
    this.jobs.set(id, job);
    if (this.started) this.arm(job);
  }

  remove(id: string): void {
    const job = this.jobs.get(id);
    if (!job) return;
    job.stop();
    this.jobs.delete(id);
  }

  has(id: string): boolean {
    return this.jobs.has(id);
  }

  /** The jobs as PocketBase lists them: the site's by id, PocketBase's own (`__pb…`) last. */
  list(): CronJob[] {
    const jobs = [...this.jobs.values()].map(({ id, schedule }) => ({
      id,
      expression: 'cron' in schedule ? schedule.cron : describeInterval(schedule.everyMs),
    }));
    const system = (id: string) => id.startsWith('__pb');
    return jobs.sort((a, b) =>
      system(a.id) !== system(b.id) ? (system(a.id) ? 1 : -1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
    );
  }

  /** Called after every run, whatever its outcome (the metrics count them). */
  onRun(listener: (run: JobRun) => void): void {
    this.listeners.push(listener);
  }

  /** Starts every timer (jobs added later start at once). */
  start(): void {
    if (this.started) return;
    this.started = true;
    for (const job of this.jobs.values()) this.arm(job);
  }

  stop(): void {
    this.started = false;
    for (const job of this.jobs.values()) {
      job.stop();
      job.stop = () => undefined;
    }
  }

  /**
   * Runs a job now, in the background; false when there is no such job. Resolves when the run has
   * been started, not finished (PocketBase answers before the job ends).
   */
  runNow(id: string): { found: boolean; done: Promise<void> } {
    const job = this.jobs.get(id);
    if (!job) return { found: false, done: Promise.resolve() };
    return { found: true, done: this.execute(job, (work) => work().then(() => true)) };
  }

  /** A scheduled tick: the lock decides whether this process runs it. */
  private tick(job: Registered): Promise<void> {
    const periodMs = 'everyMs' in job.schedule ? job.schedule.everyMs : 60_000;
    return this.execute(job, (work) => this.lock.run(job.id, periodMs, work));
  }

  private async execute(
    job: Registered,
    through: (work: () => Promise<void>) => Promise<boolean>,
  ): Promise<void> {
    if (this.running.has(job.id)) return this.report({ id: job.id, outcome: 'skipped', ms: 0 });
    this.running.add(job.id);
    const started = performance.now();
    let outcome: JobRun['outcome'] = 'done';
    try {
      if (!(await through(job.work))) outcome = 'skipped';
    } catch (error) {
      outcome = 'failed';
      this.onError(error, job.id);
    } finally {
      this.running.delete(job.id);
    }
    this.report({ id: job.id, outcome, ms: performance.now() - started });
  }

  private report(run: JobRun): void {
    for (const listener of this.listeners) listener(run);
  }

  private arm(job: Registered): void {
    if ('everyMs' in job.schedule) {
      const timer = setInterval(() => void this.tick(job), job.schedule.everyMs);
      timer.unref();
      job.stop = () => clearInterval(timer);
      return;
    }
    const cron = new Cron(job.schedule.cron, { timezone: 'UTC', unref: true }, () => void this.tick(job));
    job.stop = () => cron.stop();
  }
}
