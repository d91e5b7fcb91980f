/**
 * Writes log entries in batches, so logging a request costs it nothing but a push onto an array:
 * entries wait in memory and go to the logs database in one INSERT per batch, when a batch is full or
 * a second after the first entry of it arrived, whichever comes first. `settings.logs` decides what
 * is kept (`maxDays` 0 keeps nothing; entries below `minLevel` are dropped), read at each entry so a
 * settings change applies at once.
 */
import { randomUUID } from 'node:crypto';
import { nowString } from '../../tools/dates';
import type { LogEntry, LogStore } from './log-store';

/** Entries per batch; a full batch is written at once. */
const BATCH_SIZE = 200;
/** How long an entry may wait for its batch to fill. */
const FLUSH_AFTER_MS = 1000;
/**
 * Entries held while the database is slow or unreachable; past this, new entries are dropped (and
 * counted) rather than letting memory grow without bound.
 */
const MAX_PENDING = 20_000;

export interface LogRetention {
  maxDays: number;
  minLevel: number;
}

export class LogWriter {
  private pending: LogEntry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;
  /** Entries dropped because too many were waiting (shown in the metrics). */
  dropped = 0;
  /** Entries written since start (shown in the metrics). */
  written = 0;

  constructor(
    private readonly store: LogStore,
    private readonly retention: () => LogRetention,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Queues one entry; returns at once. */
  write(level: number, message: string, data: Record<string, unknown>): void {
    if (this.closed) return;
    const { maxDays, minLevel } = this.retention();
    if (maxDays === 0 || level < minLevel) return;
    if (this.pending.length >= MAX_PENDING) {
      this.dropped++;
      return;
    }
    this.pending.push({ id: randomUUID(), created: nowString(), level, message, data });
    if (this.pending.length >= BATCH_SIZE) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_AFTER_MS).unref();
  }

  /** Writes what is queued; resolves when it (and every earlier batch) is stored. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    if (batch.length > 0) {
      // One batch at a time, in order; a failed batch is reported and dropped, never retried forever.
      this.writing = this.writing.then(() =>
        this.store.insert(batch).then(
          () => void (this.written += batch.length),
          (error: unknown) => this.onError(error),
        ),
      );
    }
    return this.writing;
  }

  /** Writes what is left; later entries are ignored. */
  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
  }
}
