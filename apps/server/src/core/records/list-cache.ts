/**
 * Remembered list answers: totals, which rows a page holds, the yes-or-no look-ups a list asks
 * before it is compiled (records/pins.ts), whole rendered answers (records/list-answers.ts), where
 * a caller's request finds one (records/answer-addresses.ts), and the accounts tokens name
 * (auth/remembered-accounts.ts).
 *
 * A list with a total runs `COUNT(*)` over every row its rule and filter let through. On a
 * collection of 100,000 rows that is milliseconds of database time per request, and it is the same
 * number for every member who asks the same question until somebody writes. A page's query can cost
 * as much when no index gives its order (a label's stories by date read and sort every story of the
 * label), and which rows it holds, in which order, is likewise the same until somebody writes. So each
 * answer (a total, or the ids of a page) is kept with the data it was computed from, and used again
 * while that data is unchanged. The rows themselves are always read fresh.
 *
 * "The data" is tracked at the level of what a count can depend on (its dependency keys):
 *   - `posts`        the set of rows of a collection (a create or delete changes it);
 *   - `posts.title`  one column of a collection (an update that changes the value changes it).
 * The compiled rule, filter and sort report which keys they read (the field resolver records every
 * collection it enters and every field it touches), and writes report the keys they change, after
 * their transaction commits (`WriteScope.changed`). An answer stays valid while every key it read
 * keeps the version it had *before* the query ran, so a write that commits while a query is running
 * can only make that answer be computed again, never be served stale.
 *
 * With several server processes, each passes the keys of its commits to the others over the
 * realtime bus (core/index.ts). Anything the tracking cannot see (a message lost while Redis was
 * unreachable, a write made outside the record layer) is bounded by `maxAgeMs`: no answer is older.
 */

import type { Collection } from '../collections/model';

export interface ListCacheOptions {
  /**
   * The verifying mode: the list and view endpoints compare each answer with one computed with nothing
   * remembered (records/verified-answers.ts).
   */
  verify?: boolean;
  /** Most answers kept; the least recently used is dropped first. */
  maxEntries?: number;
  /** Longest an answer is used, whatever the tracking says. */
  maxAgeMs?: number;
  /**
   * Most memory the rendered answers' texts (and the answer keys their addresses hold) take together;
   * the least recently used go first.
   */
  maxRenderedBytes?: number;
  /**
   * The keys a dependency key stands for when writes never report it (a view collection's rows follow
   * the tables its query reads: records/view-sources.ts), or null when what it stands for is unknown,
   * and nothing that reads it may be remembered. Undefined for a key writes report.
   */
  sources?: (key: string) => readonly string[] | null | undefined;
}

/** The versions of what a count reads, taken before it runs. */
interface Snapshot {
  keys: string[];
  versions: number[];
  epoch: number;
  at: number;
  /** False when a key stood for others not yet known (a view's sources): nothing read then is kept. */
  complete: boolean;
}

/**
 * A whole list answer as the callers who share it receive it (records/list-answers.ts): the JSON
 * text, and every short text value of the records it shows (ids, relations, names). A caller whose id
 * is among them may be shown more of it (their own email, their own private fields), so it is never
 * served to them from here: they get one rendered for them (`storeRendered`).
 *
 * The list and view endpoints keep the text as its UTF-8 bytes, encoded once: sent as a string, a
 * large answer was encoded into a fresh buffer by every send, which the allocator mapped and unmapped
 * each time (docs/adr/0024-remembered-answers-kept-as-bytes.md). Search keeps text, which it places
 * inside its own answer.
 */
export interface RenderedAnswer {
  json: JsonBody;
  mentions: ReadonlySet<string>;
}

/** An answer's JSON, as text or as its UTF-8 bytes. */
export type JsonBody = string | Buffer;

/** The UTF-8 bytes of an answer kept as bytes. */
export const utf8 = (json: string): Buffer => Buffer.from(json, 'utf8');

/**
 * Where a caller's list request finds its rendered answer (records/answer-addresses.ts): the answer's
 * key, as the request compiled for this caller, while nothing the look-ups before compiling read has
 * changed.
 */
export interface AnswerAddress {
  answerKey: string;
}

/**
 * Where an answer rendered for a caller it mentions is kept for them: the same statements with the
 * caller's own id in the read flags the key asked as a stand-in (the key and the id together name
 * them), serialised for the same caller.
 */
const ownKey = (query: string, caller: string) => `${query}\u0003${caller}`;

/**
 * The rendered answers' default memory budget (`ANSWER_CACHE_MB`). A comment page with its authors is
 * about 24 KB, so 128 MiB holds some 5,000 such pages besides the smaller lists.
 */
export const DEFAULT_RENDERED_BYTES = 128 * 1024 * 1024;

/** Longer texts are not ids (15 characters by default): an answer's mentions record none. */
export const MAX_MENTION = 255;

/**
 * A row read by id (records/remembered-exists.ts `rememberedRow`): the account a token names, a post a
 * notice links to. Null when there was none.
 */
export interface RememberedRow {
  row: Readonly<Record<string, unknown>> | null;
}

/** What is remembered: a total, the ids of a page in order, a rendered answer, where one is, or a row. */
export type ListAnswer = number | readonly string[] | RenderedAnswer | AnswerAddress | RememberedRow;

interface Entry {
  value: ListAnswer;
  keys: string[];
  versions: number[];
  storedAt: number;
  /** The memory a rendered answer's text takes (0 for the small answers). */
  bytes: number;
}

/**
 * The key an answer is remembered under: the statement's text and its bound values, which together
 * say exactly what was asked (a remembered answer is only ever reused for the same question).
 */
export const queryKey = (compiled: { sql: string; parameters: readonly unknown[] }): string =>
  `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;

/** The dependency key for the set of rows of a collection. */
export const rowsKey = (collection: string): string => collection;
/** The dependency key for one column of a collection. */
export const columnKey = (collection: string, field: string): string => `${collection}.${field}`;
/** Every dependency key of a collection's records: its rows, and each of its columns. */
export const recordKeys = (collection: Collection): string[] => [
  rowsKey(collection.name),
  ...collection.fields.map((field) => columnKey(collection.name, field.name)),
];

/** Any character a one-byte (Latin-1) string cannot hold. */
const WIDE_CHARACTER = /[\u0100-\uffff]/;

/**
 * The memory a text takes in V8: one byte per character while every character fits in Latin-1, two
 * once one does not (a curly quote or an emoji in a comment makes the whole answer two-byte). Counting
 * two for every text would halve what the budget holds, and with least-recently-used dropping, pages
 * asked in turn over a set just larger than the budget are never found again.
 */
export function textMemory(text: string): number {
  return WIDE_CHARACTER.test(text) ? text.length * 2 : text.length;
}

/** The memory the long texts of an answer take (rendered JSON, an answer's key); 0 for the small ones. */
function textBytes(value: ListAnswer): number {
  if (typeof value !== 'object' || Array.isArray(value)) return 0;
  if ('json' in value) return typeof value.json === 'string' ? textMemory(value.json) : value.json.length;
  return 'answerKey' in value ? textMemory(value.answerKey) : 0;
}

export class ListCache {
  private readonly versions = new Map<string, number>();
  private readonly entries = new Map<string, Entry>();
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private readonly maxRenderedBytes: number;
  private readonly sources: (key: string) => readonly string[] | null | undefined;
  private renderedBytes = 0;
  /** Bumped by `clear()`, so a query that was running across a clear is not stored. */
  private epoch = 0;
  private changes = 0;
  /** Totals and pages answered from memory and computed, since the start (for operators and tests). */
  readonly stats = {
    hits: 0,
    misses: 0,
    pageHits: 0,
    pageMisses: 0,
    checkHits: 0,
    checkMisses: 0,
    renderedHits: 0,
    renderedMisses: 0,
    addressHits: 0,
    addressMisses: 0,
    rowHits: 0,
    rowMisses: 0,
    /** Remembered answers dropped to make room for newer ones. */
    evictions: 0,
  };

  /** Whether answers are checked against the database (`ListCacheOptions.verify`). */
  readonly verifying: boolean;
  /** The memory the remembered answers take now, as counted against `maxRenderedBytes`. */
  get answerBytes(): number {
    return this.renderedBytes;
  }

  constructor(options: ListCacheOptions = {}) {
    this.verifying = options.verify ?? false;
    this.maxEntries = options.maxEntries ?? 20_000;
    this.maxAgeMs = options.maxAgeMs ?? 10_000;
    this.maxRenderedBytes = options.maxRenderedBytes ?? DEFAULT_RENDERED_BYTES;
    this.sources = options.sources ?? (() => undefined);
  }

  private version(key: string): number {
    return this.versions.get(key) ?? 0;
  }

  /** The remembered total for `query`, or undefined when there is none still valid. */
  get(query: string, now = Date.now()): number | undefined {
    const value = this.lookup(query, now);
    this.stats[value === undefined ? 'misses' : 'hits']++;
    return value as number | undefined;
  }

  /** The remembered ids of the page `query` reads, in order, or undefined when there are none still valid. */
  getPage(query: string, now = Date.now()): readonly string[] | undefined {
    const value = this.lookup(query, now);
    this.stats[value === undefined ? 'pageMisses' : 'pageHits']++;
    return value as readonly string[] | undefined;
  }

  /** The remembered answer (1 or 0) to a yes-or-no look-up a list asks first (records/pins.ts). */
  getCheck(query: string, now = Date.now()): number | undefined {
    const value = this.lookup(query, now);
    this.stats[value === undefined ? 'checkMisses' : 'checkHits']++;
    return value as number | undefined;
  }

  /**
   * The remembered rendered answer for `query` as `caller` (the caller's id) gets it: the shared one,
   * unless it mentions them (they may be shown more of it), else the one kept for them alone
   * (`storeRendered`); undefined when there is none still valid.
   */
  getRendered(query: string, caller: string | undefined, now = Date.now()): RenderedAnswer | undefined {
    let value = this.lookup(query, now) as RenderedAnswer | undefined;
    if (caller !== undefined && (!value || value.mentions.has(caller)))
      value = this.lookup(ownKey(query, caller), now) as RenderedAnswer | undefined;
    this.stats[value === undefined ? 'renderedMisses' : 'renderedHits']++;
    return value;
  }

  /**
   * Keeps a rendered answer for every caller it does not mention; rendered for a caller it mentions,
   * what it shows them is theirs alone, and it is kept for them only.
   */
  storeRendered(query: string, answer: RenderedAnswer, caller: string | undefined, taken: Snapshot): void {
    if (caller === undefined || !answer.mentions.has(caller)) this.store(query, answer, taken);
    else this.store(ownKey(query, caller), answer, taken);
  }

  /** The remembered key of the answer a caller's request compiles to (records/answer-addresses.ts). */
  getAddress(address: string, now = Date.now()): string | undefined {
    const value = this.lookup(address, now) as AnswerAddress | undefined;
    this.stats[value === undefined ? 'addressMisses' : 'addressHits']++;
    return value?.answerKey;
  }

  /** A remembered row (records/remembered-exists.ts `rememberedRow`). */
  getRow(key: string, now = Date.now()): RememberedRow | undefined {
    const value = this.lookup(key, now) as RememberedRow | undefined;
    this.stats[value === undefined ? 'rowMisses' : 'rowHits']++;
    return value;
  }

  /**
   * Grows with every change marked and every clear: equal before and after some work means nothing
   * changed meanwhile, so versions taken after that work are the versions it saw.
   */
  get changeCount(): number {
    return this.changes;
  }

  private lookup(query: string, now: number): ListAnswer | undefined {
    const entry = this.entries.get(query);
    if (!entry) return undefined;
    const fresh =
      now - entry.storedAt <= this.maxAgeMs &&
      entry.keys.every((key, i) => this.version(key) === entry.versions[i]);
    if (!fresh) {
      this.drop(query, entry);
      return undefined;
    }
    // Re-inserting moves the entry to the end of the map's order: most recently used.
    this.entries.delete(query);
    this.entries.set(query, entry);
    return entry.value;
  }

  /**
   * Takes the versions of `keys` before a query runs; pass the result to `store` with the answer. The
   * order matters: versions read after the query could belong to a write the query did not see.
   */
  snapshot(keys: Iterable<string>): Snapshot {
    let complete = true;
    const expanded = [...keys].flatMap((key) => {
      const sources = this.sources(key);
      if (sources === null) complete = false;
      return sources ?? key;
    });
    const list = [...new Set(expanded)];
    const versions = list.map((key) => this.version(key));
    return { keys: list, versions, epoch: this.epoch, at: Date.now(), complete };
  }

  store(query: string, value: ListAnswer, taken: Snapshot): void {
    if (taken.epoch !== this.epoch || !taken.complete) return;
    const bytes = textBytes(value);
    if (bytes > this.maxRenderedBytes / 8) return; // one answer never crowds out the rest
    const earlier = this.entries.get(query);
    if (earlier) this.drop(query, earlier);
    while (
      this.entries.size > 0 &&
      (this.entries.size >= this.maxEntries || this.renderedBytes + bytes > this.maxRenderedBytes)
    ) {
      const [oldest, entry] = this.entries.entries().next().value!;
      this.drop(oldest, entry);
      this.stats.evictions++;
    }
    this.entries.set(query, { value, keys: taken.keys, versions: taken.versions, storedAt: taken.at, bytes });
    this.renderedBytes += bytes;
  }

  private drop(query: string, entry: Entry): void {
    this.entries.delete(query);
    this.renderedBytes -= entry.bytes;
  }

  private readonly running = new Map<string, { answer: Promise<ListAnswer>; taken: Snapshot }>();

  /**
   * Answers `query` with `compute`, or joins the same query already running: when a popular list's
   * total expires, fifty requests arriving together run one `COUNT(*)` instead of fifty. A running
   * query is joined only while nothing it reads has changed since it started, so no caller gets an
   * answer older than the writes it has seen committed.
   */
  async once<T extends ListAnswer>(
    query: string,
    keys: Iterable<string>,
    compute: () => Promise<T>,
  ): Promise<T> {
    const running = this.running.get(query);
    if (running && this.unchangedSince(running.taken)) return running.answer as Promise<T>;
    const taken = this.snapshot(keys);
    const computing = compute().then((answer) => {
      this.store(query, answer, taken);
      return answer;
    });
    this.running.set(query, { answer: computing, taken });
    try {
      return await computing;
    } finally {
      if (this.running.get(query)?.answer === computing) this.running.delete(query);
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
    this.changes++;
    for (const key of keys) this.versions.set(key, this.version(key) + 1);
  }

  /** Forgets everything (a collection's definition changed, or its rows were truncated). */
  clear(): void {
    this.epoch++;
    this.changes++;
    this.entries.clear();
    this.renderedBytes = 0;
    this.versions.clear();
  }
}
