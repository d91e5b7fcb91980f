/**
 * bcrypt password hashing off the event loop, in a small bounded pool of worker threads.
 *
 * - Hashes are standard bcrypt (`$2b$`, cost >= 10) made by bcryptjs, so they verify in PocketBase
 *   (Go `x/crypto/bcrypt`) and PocketBase's `$2a$` hashes verify here.
 * - bcrypt only reads the first 72 bytes. PocketBase caps passwords at 71 UTF-8 bytes; `hash` rejects
 *   anything longer with `PasswordTooLongError` (never truncates) and `verify` answers `false` for it.
 * - Pool: `poolSize` workers (default min(2, max(1, cpus - 1))), created lazily, one job each at a time;
 *   up to `maxQueue` further jobs wait in FIFO order. Beyond that a call rejects at once with
 *   `PasswordHasherBusyError`, which the HTTP layer should answer with 429. Idle workers are unref'd so a
 *   forgotten `close()` never keeps the process alive; `close()` terminates them and rejects pending jobs.
 * - The worker is an inline CommonJS script (`eval: true`) that `require`s bcryptjs by the absolute path
 *   resolved here, so it works from TypeScript sources (vitest/tsx) and from the esbuild bundle alike.
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { randomTokenKey } from './random';

/** The lowest cost accepted for new hashes (PocketBase / Go `bcrypt.DefaultCost`, ASVS: >= 10). */
export const MIN_BCRYPT_COST = 10;
export const MAX_BCRYPT_COST = 31;
/** Longest accepted password, in UTF-8 bytes (bcrypt's 72-byte limit minus one, as PocketBase). */
export const MAX_PASSWORD_BYTES = 71;

export class PasswordTooLongError extends Error {
  readonly code = 'PASSWORD_TOO_LONG';
  constructor(readonly bytes: number) {
    super(`Password is ${bytes} bytes long; at most ${MAX_PASSWORD_BYTES} UTF-8 bytes are allowed.`);
    this.name = 'PasswordTooLongError';
  }
}

/** Too many hashing jobs are already running or queued; retry later (HTTP 429). */
export class PasswordHasherBusyError extends Error {
  readonly code = 'PASSWORD_HASHER_BUSY';
  constructor() {
    super('Password hashing capacity exhausted; try again later.');
    this.name = 'PasswordHasherBusyError';
  }
}

export class PasswordHasherClosedError extends Error {
  readonly code = 'PASSWORD_HASHER_CLOSED';
  constructor() {
    super('The password hasher has been closed.');
    this.name = 'PasswordHasherClosedError';
  }
}

export interface PasswordHasherOptions {
  /** bcrypt cost for new hashes; integer in [10, 31]; default 10. */
  cost?: number;
  /** Number of worker threads; default min(2, max(1, cpus - 1)). */
  poolSize?: number;
  /** Jobs allowed to wait for a free worker before calls fail with `PasswordHasherBusyError`; default 32. */
  maxQueue?: number;
}

export interface PasswordHasherStats {
  workers: number;
  busy: number;
  queued: number;
}

const BCRYPT_HASH = /^\$2[aby]\$(\d\d)\$[./A-Za-z0-9]{53}$/;

// Runs in the worker. Kept as plain CommonJS so no loader, transpiler or bundler is involved.
const WORKER_SOURCE = `'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const bcrypt = require(workerData.bcryptPath);
parentPort.on('message', (job) => {
  let reply;
  try {
    const result = job.op === 'hash'
      ? bcrypt.hashSync(job.password, job.cost)
      : bcrypt.compareSync(job.password, job.hash);
    reply = { ok: true, result };
  } catch (error) {
    reply = job.op === 'verify'
      ? { ok: true, result: false }
      : { ok: false, error: String((error && error.message) || error) };
  }
  parentPort.postMessage(reply);
});
`;

type Job = { op: 'hash'; password: string; cost: number } | { op: 'verify'; password: string; hash: string };
interface Task {
  job: Job;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}
interface Slot {
  worker: Worker;
  task: Task | null;
}

let bcryptPath: string | undefined;
function resolveBcryptjs(): string {
  return (bcryptPath ??= createRequire(import.meta.url).resolve('bcryptjs'));
}

function integerOption(name: string, value: number, min: number, max: number): number {
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new RangeError(`PasswordHasher: ${name} must be an integer in [${min}, ${max}], got ${value}`);
  }
  return value;
}

/** Replaces lone surrogates with U+FFFD, as Go's JSON decoder and Node's UTF-8 encoder both do. */
function wellFormed(plain: string): string {
  return Buffer.from(plain, 'utf8').toString('utf8');
}

/** The cost of a well-formed bcrypt hash, or null when `hash` is not one. */
export function bcryptCost(hash: string): number | null {
  const match = BCRYPT_HASH.exec(hash);
  const cost = match ? Number(match[1]) : NaN;
  return cost >= 4 && cost <= MAX_BCRYPT_COST ? cost : null;
}

export class PasswordHasher {
  readonly cost: number;
  readonly poolSize: number;
  readonly maxQueue: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private closed = false;
  private dummyHash: Promise<string> | undefined;

  constructor(options: PasswordHasherOptions = {}) {
    const defaultSize = Math.min(2, Math.max(1, availableParallelism() - 1));
    this.cost = integerOption('cost', options.cost ?? MIN_BCRYPT_COST, MIN_BCRYPT_COST, MAX_BCRYPT_COST);
    this.poolSize = integerOption('poolSize', options.poolSize ?? defaultSize, 1, 64);
    this.maxQueue = integerOption('maxQueue', options.maxQueue ?? 32, 0, 1_000_000);
  }

  /** bcrypt-hashes `plain`. Rejects with `PasswordTooLongError`, `PasswordHasherBusyError` or `...ClosedError`. */
  async hash(plain: string): Promise<string> {
    if (typeof plain !== 'string') throw new TypeError('PasswordHasher.hash: password must be a string');
    const password = wellFormed(plain);
    const bytes = Buffer.byteLength(password, 'utf8');
    if (bytes > MAX_PASSWORD_BYTES) throw new PasswordTooLongError(bytes);
    return (await this.run({ op: 'hash', password, cost: this.cost })) as string;
  }

  /**
   * True when `plain` matches `hash`. Malformed hashes, non-strings and over-long passwords give `false`
   * without touching the pool; only capacity (`PasswordHasherBusyError`) or `close()` cause a rejection.
   */
  async verify(plain: string, hash: string): Promise<boolean> {
    if (typeof plain !== 'string' || typeof hash !== 'string' || bcryptCost(hash) === null) return false;
    const password = wellFormed(plain);
    if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) return false;
    return (await this.run({ op: 'verify', password, hash })) === true;
  }

  /**
   * Spends the same work as a real `verify` against a hash of a random secret and always answers
   * `false`: use it when the identity is unknown so response timing does not reveal which accounts exist.
   */
  async verifyDummy(plain: string): Promise<false> {
    this.dummyHash ??= this.hash(randomTokenKey()).catch((error: unknown) => {
      this.dummyHash = undefined;
      throw error;
    });
    await this.verify(typeof plain === 'string' ? plain : '', await this.dummyHash);
    return false;
  }

  /** True when a stored hash should be replaced at the next successful login (malformed or cheaper). */
  needsRehash(hash: string): boolean {
    const cost = bcryptCost(hash);
    return cost === null || cost < this.cost;
  }

  stats(): PasswordHasherStats {
    const busy = this.slots.filter((slot) => slot.task !== null).length;
    return { workers: this.slots.length, busy, queued: this.queue.length };
  }

  /** Terminates every worker and rejects in-flight and queued jobs. Later calls reject. Idempotent. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new PasswordHasherClosedError());
    const slots = this.slots.splice(0);
    for (const slot of slots) this.settle(slot, (task) => task.reject(new PasswordHasherClosedError()));
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private run(job: Job): Promise<unknown> {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new PasswordHasherClosedError());
      const task: Task = { job, resolve, reject };
      const slot = this.acquire();
      if (slot) return this.dispatch(slot, task);
      if (this.queue.length >= this.maxQueue) return reject(new PasswordHasherBusyError());
      this.queue.push(task);
    });
  }

  /** An idle worker, else a new one when the pool has room, else undefined. May throw if spawning fails. */
  private acquire(): Slot | undefined {
    const idle = this.slots.find((candidate) => candidate.task === null);
    if (idle || this.slots.length >= this.poolSize) return idle;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      name: 'password-hasher',
      workerData: { bcryptPath: resolveBcryptjs() },
    });
    const slot: Slot = { worker, task: null };
    this.slots.push(slot);
    worker.on('message', (reply: { ok: boolean; result?: unknown; error?: string }) => {
      this.settle(slot, (task) =>
        reply.ok ? task.resolve(reply.result) : task.reject(new Error(reply.error ?? 'bcrypt failed')),
      );
      this.pump();
    });
    worker.on('error', (error) => this.retire(slot, error));
    worker.on('exit', (code) => this.retire(slot, new Error(`password hasher worker exited (${code})`)));
    return slot;
  }

  private dispatch(slot: Slot, task: Task): void {
    slot.task = task;
    slot.worker.ref();
    slot.worker.postMessage(task.job);
  }

  /** Detaches the slot's current task (if any), hands it to `finish`, and marks the worker idle. */
  private settle(slot: Slot, finish: (task: Task) => void): void {
    const task = slot.task;
    slot.task = null;
    slot.worker.unref();
    if (task) finish(task);
  }

  /** Drops a crashed or exited worker; its job fails and queued jobs move to a fresh worker. */
  private retire(slot: Slot, error: Error): void {
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    this.slots.splice(index, 1);
    this.settle(slot, (task) => task.reject(error));
    void slot.worker.terminate();
    this.pump();
  }

  private pump(): void {
    while (this.queue.length > 0 && !this.closed) {
      let slot: Slot | undefined;
      try {
        slot = this.acquire();
      } catch (error) {
        this.queue.shift()!.reject(error instanceof Error ? error : new Error(String(error)));
        continue;
      }
      if (!slot) return;
      this.dispatch(slot, this.queue.shift()!);
    }
  }
}
