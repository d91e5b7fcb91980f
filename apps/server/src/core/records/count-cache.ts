/**
 * Remembered list totals.
 *
 * A list with a total runs `COUNT(*)` over every row its rule and filter let through. On a
 * collection of 100,000 rows that is milliseconds of database time per request, and it is the same
 * number for every member who asks the same question until somebody writes. So each total is kept
 * with the data it was computed from, and used again while that data is unchanged.
 *
 * "The data" is tracked at the level of what a count can depend on (its dependency keys):
 *   - `posts`        the set of rows of a collection (a create or delete changes it);
 *   - `posts.title`  one column of a collection (an update that changes the value changes it).
 * The compiled rule and filter report which keys they read (the field resolver records every
 * collection it enters and every field it touches), and writes report the keys they change, after
 * their transaction commits (`WriteScope.changed`). A count stays valid while every key it read
 * keeps the version it had *before* the count ran, so a write that commits while a count is running
 * can only make that count be computed again, never be served stale.
 *
 * With several server processes, each passes the keys of its commits to the others over the
 * realtime bus (core/index.ts). Anything the tracking cannot see (a message lost while Redis was
 * unreachable, a write made outside the record layer) is bounded by `maxAgeMs`: no total is older.
 */

export interface CountCacheOptions {
  /** Most totals kept; the least recently used is dropped first. */
  maxEntries?: number;
  /** Longest a total is used, whatever the tracking says. */
  maxAgeMs?: number;
}

/** The versions of what a count reads, taken before it runs. */
interface Snapshot {
  keys: string[];
  versions: number[];
  epoch: number;
  at: number;
}

interface Entry {
  count: number;
  keys: string[];
  versions: number[];
  storedAt: number;
}

/** The dependency key for the set of rows of a collection. */
export const rowsKey = (collection: string): string => collection;
/** The dependency key for one column of a collection. */
export const columnKey = (collection: string, field: string): string => `${collection}.${field}`;

export class CountCache {
  private readonly versions = new Map<string, number>();
  private readonly entries = new Map<string, Entry>();
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  /** Bumped by `clear()`, so a count that was running across a clear is not stored. */
  private epoch = 0;
  /** Totals answered from memory and totals counted, since the start (for operators and tests). */
  readonly stats = { hits: 0, misses: 0 };

  constructor(options: CountCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 5000;
    this.maxAgeMs = options.maxAgeMs ?? 10_000;
  }

  private version(key: string): number {
    return this.versions.get(key) ?? 0;
  }

  /** The remembered total for `query`, or undefined when there is none still valid. */
  get(query: string, now = Date.now()): number | undefined {
    const entry = this.entries.get(query);
    if (!entry) {
      this.stats.misses++;
      return undefined;
    }
    const fresh =
      now - entry.storedAt <= this.maxAgeMs &&
      entry.keys.every((key, i) => this.version(key) === entry.versions[i]);
    if (!fresh) {
      this.entries.delete(query);
      this.stats.misses++;
      return undefined;
    }
    // Re-inserting moves the entry to the end of the map's order: most recently used.
    this.entries.delete(query);
    this.entries.set(query, entry);
    this.stats.hits++;
    return entry.count;
  }

  /**
   * Takes the versions of `keys` before a count runs; pass the result to `store` with the count. The
   * order matters: versions read after the count could belong to a write the count did not see.
   */
  snapshot(keys: Iterable<string>): Snapshot {
    const list = [...new Set(keys)];
    return { keys: list, versions: list.map((key) => this.version(key)), epoch: this.epoch, at: Date.now() };
  }

  store(query: string, count: number, taken: Snapshot): void {
    if (taken.epoch !== this.epoch) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(query, { count, keys: taken.keys, versions: taken.versions, storedAt: taken.at });
  }

  private readonly running = new Map<string, { count: Promise<number>; taken: Snapshot }>();

  /**
   * Counts `query` with `count`, or joins the same count already running: when a popular list's total
   * expires, fifty requests arriving together run one `COUNT(*)` instead of fifty. A running count is
   * joined only while nothing it reads has changed since it started, so no caller gets a total older
   * than the writes it has seen committed.
   */
  async countOnce(query: string, keys: Iterable<string>, count: () => Promise<number>): Promise<number> {
    const running = this.running.get(query);
    if (running && this.unchangedSince(running.taken)) return running.count;
    const taken = this.snapshot(keys);
    const counting = count().then((n) => {
      this.store(query, n, taken);
      return n;
    });
    this.running.set(query, { count: counting, taken });
    try {
      return await counting;
    } finally {
      if (this.running.get(query)?.count === counting) this.running.delete(query);
    }
  }

  private unchangedSince(taken: Snapshot): boolean {
    return (
      taken.epoch === this.epoch && taken.keys.every((key, i) => this.version(key) === taken.versions[i])
    );
  }

  /** Told of every change this process commits, to pass it on to other processes. */
  onLocalChange: ((keys: string[]) => void) | undefined;

  /** Marks data as changed; called after the write that changed it committed. */
  changed(keys: Iterable<string>): void {
    const list = [...keys];
    if (list.length === 0) return;
    this.bump(list);
    this.onLocalChange?.(list);
  }

  /** Marks data another process changed (see `onLocalChange`). */
  changedElsewhere(keys: readonly string[]): void {
    this.bump(keys);
  }

  private bump(keys: readonly string[]): void {
    for (const key of keys) this.versions.set(key, this.version(key) + 1);
  }

  /** Forgets everything (a collection's definition changed, or its rows were truncated). */
  clear(): void {
    this.epoch++;
    this.entries.clear();
    this.versions.clear();
  }
}
