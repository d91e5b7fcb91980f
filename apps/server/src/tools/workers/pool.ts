/**
 * CPU work proportional to what a member wrote (markdown to XHTML for a book, ...) runs here, in a
 * small pool of worker threads (piscina), so the event loop keeps answering everyone else while it
 * runs. Why piscina and these limits: docs/adr/0026-heavy-work-in-worker-threads.md.
 *
 * Every job is bounded three ways, and a job over a bound fails with `JobTooCostlyError`:
 * - time: `timeLimitMs` plus `timeLimitMsPerMb` for each MB of input, counted from the moment a
 *   worker takes the job (time spent waiting in the queue, or for a new worker to start, is not the
 *   job's fault);
 * - memory and stack: V8's `resourceLimits` of each worker (a worker that runs out is replaced);
 * - the caller: a job whose `signal` aborts (the client went away) is dropped from the queue, or its
 *   worker is stopped, and fails with `JobAbortedError`.
 *
 * Fairness: at most `maxQueue` jobs wait beyond the running ones (`PoolBusyError` after that), and
 * one owner (a member) has at most `maxPerOwner` jobs running or waiting (`OwnerBusyError`), so one
 * member's export of a long series cannot hold every worker.
 *
 * Workers start on first use and stop after `idleTimeoutMs` without work, so a process (or a test)
 * that never exports never starts one.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { Task, TaskResult } from './tasks';

/** A job went over its time, memory or stack bound. */
export class JobTooCostlyError extends Error {
  readonly code = 'JOB_TOO_COSTLY';
  constructor(readonly limit: 'time' | 'memory' | 'stack') {
    super(`The job went over its ${limit} limit.`);
    this.name = 'JobTooCostlyError';
  }
}

/** Every worker is busy and the queue is full: try again later. */
export class PoolBusyError extends Error {
  readonly code = 'POOL_BUSY';
  constructor() {
    super('Every worker is busy and the queue is full.');
    this.name = 'PoolBusyError';
  }
}

/** This owner already has its share of jobs running or waiting. */
export class OwnerBusyError extends Error {
  readonly code = 'OWNER_BUSY';
  constructor() {
    super('This owner already has jobs running.');
    this.name = 'OwnerBusyError';
  }
}

/** The caller gave the job up (its signal aborted), or the pool closed. */
export class JobAbortedError extends Error {
  readonly code = 'JOB_ABORTED';
  constructor() {
    super('The job was given up.');
    this.name = 'JobAbortedError';
  }
}

export interface WorkLimits {
  /** Threads; default min(2, max(1, cpus - 1)), as the password hasher. */
  threads: number;
  /** Jobs that may wait for a thread. */
  maxQueue: number;
  /** Jobs one owner may have running or waiting. */
  maxPerOwner: number;
  /** Time a job may run, whatever its size. */
  timeLimitMs: number;
  /** Time a job may run in addition, per MB (2^20 bytes of UTF-16 text length) of its input. */
  timeLimitMsPerMb: number;
  /** Old-generation heap of each worker (V8 `maxOldGenerationSizeMb`). */
  memoryLimitMb: number;
  /** Stack of each worker (V8 `stackSizeMb`). */
  stackLimitMb: number;
  /** Time a job that has to wait for a new worker to start may take in addition. */
  startupAllowanceMs: number;
  /** A worker with no job for this long stops. */
  idleTimeoutMs: number;
}

export const DEFAULT_WORK_LIMITS: WorkLimits = {
  threads: Math.min(2, Math.max(1, availableParallelism() - 1)),
  maxQueue: 16,
  maxPerOwner: 1,
  timeLimitMs: 15_000,
  timeLimitMsPerMb: 30_000,
  memoryLimitMb: 512,
  stackLimitMb: 4,
  startupAllowanceMs: 30_000,
  idleTimeoutMs: 30_000,
};

export interface JobOptions {
  /** Who asked (a member's id): counted against `maxPerOwner`. */
  owner?: string;
  /** Aborts when the caller no longer wants the answer. */
  signal?: AbortSignal;
}

export interface PoolStats {
  running: number;
  queued: number;
}

interface Waiting {
  task: Task;
  size: number;
  options: JobOptions;
  resolve: (value: TaskResult) => void;
  reject: (error: Error) => void;
  onAbort?: () => void;
}

/**
 * Where the worker's entry is. From the TypeScript sources (tsx, vitest) it is ./from-source.mjs,
 * which loads ./worker.ts through tsx; in the built server every module is in `dist/main.js`, and
 * build.mjs writes the entry beside it as `dist/heavy-work-worker.js`.
 */
function workerEntry(): string {
  const here = import.meta.url;
  return fileURLToPath(new URL(here.endsWith('.ts') ? './from-source.mjs' : './heavy-work-worker.js', here));
}

function isOutOfMemory(error: unknown): boolean {
  return (error as { code?: unknown })?.code === 'ERR_WORKER_OUT_OF_MEMORY';
}

function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError || /Maximum call stack size exceeded/.test(String(error));
}

export class WorkerPool {
  readonly limits: WorkLimits;
  private piscina: Piscina | undefined;
  private readonly queue: Waiting[] = [];
  private readonly perOwner = new Map<string, number>();
  private running = 0;
  private closed = false;

  /** `limits` left out or undefined take their `DEFAULT_WORK_LIMITS`. */
  constructor(limits: Partial<WorkLimits> = {}) {
    const given = Object.entries(limits).filter(([, value]) => value !== undefined);
    this.limits = { ...DEFAULT_WORK_LIMITS, ...(Object.fromEntries(given) as Partial<WorkLimits>) };
  }

  /** Runs the task in a worker. `size` is the length of its input, for the time limit. */
  run(task: Task, size: number, options: JobOptions = {}): Promise<TaskResult> {
    return new Promise<TaskResult>((resolve, reject) => {
      if (this.closed || options.signal?.aborted) return reject(new JobAbortedError());
      const owner = options.owner;
      if (owner !== undefined && (this.perOwner.get(owner) ?? 0) >= this.limits.maxPerOwner) {
        return reject(new OwnerBusyError());
      }
      if (this.running >= this.limits.threads && this.queue.length >= this.limits.maxQueue) {
        return reject(new PoolBusyError());
      }
      if (owner !== undefined) this.perOwner.set(owner, (this.perOwner.get(owner) ?? 0) + 1);
      const job: Waiting = { task, size, options, resolve, reject };
      const done = () => {
        if (owner === undefined) return;
        const left = (this.perOwner.get(owner) ?? 1) - 1;
        if (left > 0) this.perOwner.set(owner, left);
        else this.perOwner.delete(owner);
      };
      job.resolve = (value) => {
        done();
        resolve(value);
      };
      job.reject = (error) => {
        done();
        reject(error);
      };
      if (options.signal) {
        job.onAbort = () => {
          const at = this.queue.indexOf(job);
          if (at === -1) return; // Running: the job's own signal stops its worker.
          this.queue.splice(at, 1);
          job.reject(new JobAbortedError());
        };
        options.signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.queue.push(job);
      this.pump();
    });
  }

  stats(): PoolStats {
    return { running: this.running, queued: this.queue.length };
  }

  /** Stops every worker; running and waiting jobs fail with `JobAbortedError`. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new JobAbortedError());
    const piscina = this.piscina;
    this.piscina = undefined;
    await piscina?.destroy();
  }

  private pool(): Piscina {
    if (!this.piscina) {
      this.piscina = new Piscina({
        filename: workerEntry(),
        // Not the process's own flags (a test runner's, an inspector's).
        execArgv: [],
        minThreads: 0,
        maxThreads: this.limits.threads,
        idleTimeout: this.limits.idleTimeoutMs,
        // Jobs wait in this class's queue, where their time does not count; piscina only ever gets
        // as many as it has threads.
        maxQueue: 0,
        concurrentTasksPerWorker: 1,
        resourceLimits: {
          maxOldGenerationSizeMb: this.limits.memoryLimitMb,
          stackSizeMb: this.limits.stackLimitMb,
        },
      });
      // A worker that fails with a job in hand fails that job (see `start`); one that fails without
      // (while starting) has nobody to answer, and piscina replaces it. Unheard, the event would
      // end the process.
      this.piscina.on('error', () => undefined);
    }
    return this.piscina;
  }

  private pump(): void {
    while (!this.closed && this.running < this.limits.threads && this.queue.length > 0) {
      this.start(this.queue.shift()!);
    }
  }

  private start(job: Waiting): void {
    const { signal } = job.options;
    if (job.onAbort) signal?.removeEventListener('abort', job.onAbort);
    // A job that needs a new worker also waits for it to load its modules (seconds on a busy machine,
    // more from the TypeScript sources): that time is the pool's, not the job's.
    const cold = this.pool().threads.length <= this.running;
    const limit =
      this.limits.timeLimitMs +
      Math.ceil((job.size / 2 ** 20) * this.limits.timeLimitMsPerMb) +
      (cold ? this.limits.startupAllowanceMs : 0);
    const timeout = AbortSignal.timeout(limit);
    const stop = signal ? AbortSignal.any([timeout, signal]) : timeout;
    this.running++;
    this.pool()
      .run(job.task, { signal: stop })
      .then(
        (result: TaskResult) => job.resolve(result),
        (error: unknown) => {
          if (timeout.aborted) job.reject(new JobTooCostlyError('time'));
          else if (signal?.aborted || this.closed) job.reject(new JobAbortedError());
          else if (isOutOfMemory(error)) job.reject(new JobTooCostlyError('memory'));
          else if (isStackOverflow(error)) job.reject(new JobTooCostlyError('stack'));
          else job.reject(error instanceof Error ? error : new Error(String(error)));
        },
      )
      .finally(() => {
        this.running--;
        this.pump();
      });
  }
}
