/**
 * Reading records: list with filter, sort and pages, and view by id, with the collection's rules
 * ANDed into the SQL (never applied after fetching).
 */
import { parseSort, type Expr } from '@community/filter';
import { sql, type RawBuilder } from 'kysely';
import type { AnyKysely } from '../../db/types';
import { ApiError } from '../../tools/api-error';
import { FilterResolveError } from '../../tools/search/operand';
import type { Collection } from '../collections/model';
import {
  asBadRequest,
  clientFilterSql,
  clientResolver,
  listRuleOf,
  parseCached,
  ruleSql,
  type CompileContext,
} from '../rules/compile';
import { accessCondition, columnsAsked, compileContext, selectColumns } from '../rules/access';
import { callerIdOf, ruleGivenFilter } from '../rules/implied';
import { fieldsWalked, pinnedFields, withoutConjuncts } from '../rules/pinned';
import { isSuperuser, type RequestInfo } from '../rules/request-info';
import { ROW, type RecordContext } from './context';
import { queryKey, rowsKey } from './list-cache';
import { findRecord, whereClause } from './find';
import { decidedByPins, openPinnedGates } from './pins';
import { decodeRow, type RecordData } from './record';
import type { ExistsReads } from './remembered-exists';
import { runUserQuery } from './user-query';

export const MAX_PER_PAGE = 1000;
export const DEFAULT_PER_PAGE = 30;
/** The largest page whose ids are remembered (see `pageRows`). */
const REMEMBERED_PAGE_MAX = 100;

export interface ListParams {
  page: number;
  perPage: number;
  sort?: string | undefined;
  filter?: string | undefined;
  skipTotal?: boolean;
  /**
   * Conditions the site adds on the caller's behalf (muted tags, blocked members); `hidden` counts
   * what the reported ones left out.
   */
  narrowings?: readonly ListNarrowing[] | undefined;
  /**
   * List rules to apply instead of the collections' own (this one's, and those a filter reaches through
   * relations): cheaper rules the site knows let through exactly the same rows for this caller (see
   * `ListRuleShortcut`). A collection not in the map keeps its own rule.
   */
  listRules?: ReadonlyMap<string, string> | undefined;
  /**
   * Where the look-ups this list makes before it is compiled (the pinned records, records/pins.ts)
   * note the list-cache keys they read (see `ExistsReads.trace`).
   */
  trace?: Set<string> | undefined;
}

/** A site condition ANDed into a list after the rule and filter, with the list-cache keys it reads. */
export interface ListNarrowing {
  condition: RawBuilder<unknown>;
  /** Exactly the rows `condition` leaves out, written so the database can start from them. */
  excluded: RawBuilder<unknown>;
  reads: string[];
  /**
   * Whether what it leaves out is counted in the answer's `hidden` (muted tags: the member chose to
   * hide them and may show them) or not (blocked members' work, which a list never shows).
   */
  reported: boolean;
  /**
   * Rule conditions `condition` makes true, as the list rules write them, by the relation path from
   * the listed row they sit on ('' for the row itself, 'post' for the row's post). The list leaves them
   * out of its rule and of the filter's gates on that path (rules/implied.ts `ruleGivenFilter`): on
   * every row the narrowing keeps they hold, and the rows it leaves out are counted from its own side,
   * so the total no longer tests them row by row.
   */
  settles?: ReadonlyMap<string, readonly string[]>;
}

/**
 * Decides, per request, whether a list of one collection is narrowed (site code registers these). It
 * decides from the caller, the request's query and what it reads through `io`, noting there what it
 * read (`noteReads`, or `rememberedExists`), so a remembered answer address follows its decision.
 */
export type ListNarrower = (request: RequestInfo, io: ExistsReads) => Promise<ListNarrowing | null>;

/**
 * For one caller, cheaper equivalents of some collections' list rules, by collection name (site code
 * registers these; site/blocks.ts drops "not blocked by the caller" for callers who blocked nobody).
 * Each must let through exactly the rows the collection's own rule does, for this caller. `ruleOf`
 * gives a collection's list rule as the shortcuts before this one left it, so they compose. Like a
 * narrower, it decides from the caller, the query and look-ups through `io`.
 */
export type ListRuleShortcut = (
  request: RequestInfo,
  ruleOf: (collection: string) => string | undefined,
  io: ExistsReads,
) => Promise<ReadonlyMap<string, string>>;

export interface ListResult {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: RecordData[];
  /** With a narrowing: how many rows the rule and filter let through that the narrowing left out. */
  hidden?: number;
}

/**
 * The list rule as a WHERE condition, without the parts the caller's filter already guarantees (see
 * rules/implied.ts) or makes the same for every row it lets through, decided true on one such row (see
 * rules/pinned.ts), and without those the site's narrowings settle (`ListNarrowing.settles`); null
 * when nothing is left to check. `filter` is undefined when there is none or it does not parse
 * (reported when it is compiled): then nothing can be left out.
 */
async function listCondition(
  ctx: CompileContext,
  collection: Collection,
  filter: Expr | undefined,
  pinned: ReadonlyMap<string, string>,
  io: ExistsReads,
  settled: readonly Expr[],
): Promise<RawBuilder<unknown> | null> {
  const rule = listRuleOf(ctx, collection);
  if (isSuperuser(ctx.request) || rule === '' || rule === null || (!filter && settled.length === 0))
    return accessCondition(ctx, collection, rule);
  const remaining = ruleGivenFilter(
    ctx.registry,
    collection,
    parseCached(rule),
    filter ?? [],
    callerIdOf(ctx.request),
    settled,
  );
  if (remaining === true) return null;
  const decided = await decidedByPins(ctx, collection, remaining, pinned, io);
  const rest = withoutConjuncts(remaining, decided);
  return rest === true ? null : ruleSql(ctx, collection, rest, ROW);
}

/**
 * The narrowings in the order their left-out rows are counted: those not reported first, so each
 * reported one's count is only of rows the others kept (what `hidden` says the member could show).
 */
function inCountingOrder(narrowings: readonly ListNarrowing[] | undefined): ListNarrowing[] {
  return [...(narrowings ?? [])].sort((a, b) => Number(a.reported) - Number(b.reported));
}

/** The rule conditions the narrowings settle: on the row itself, and on related rows by path. */
function settledBy(narrowings: readonly ListNarrowing[]): { row: Expr[]; related: Map<string, Expr[]> } {
  const related = new Map<string, Expr[]>();
  for (const narrowing of narrowings) {
    for (const [path, rules] of narrowing.settles ?? []) {
      related.set(path, [...(related.get(path) ?? []), ...rules.map(parseCached)]);
    }
  }
  const row = related.get('') ?? [];
  related.delete('');
  return { row, related };
}

/** The filter's syntax tree; undefined when there is none, or it does not parse (reported later). */
function parsedFilter(filter: string | undefined): Expr | undefined {
  if (!filter?.trim()) return undefined;
  try {
    return parseCached(filter);
  } catch {
    return undefined;
  }
}

/** The fields whose related record the filter's or the sort's paths read. */
function walkedBy(filter: Expr, sort: string | undefined): Set<string> {
  const walked = fieldsWalked(filter);
  let fields: ReturnType<typeof parseSort> = [];
  try {
    fields = parseSort(sort ?? '');
  } catch {
    // Reported when the sort is compiled.
  }
  for (const { field } of fields) {
    if (field.kind !== 'random' && field.segments.length > 1) walked.add(field.segments[0]!);
  }
  return walked;
}

function guardRequestReferences(request: RequestInfo, ...inputs: Array<string | undefined>): void {
  if (isSuperuser(request)) return;
  for (const input of inputs) {
    if (input?.includes('@collection.'))
      throw new ApiError(403, 'Only superusers can filter by @collection.');
    if (input?.includes('@request.')) throw new ApiError(403, 'Only superusers can filter by @request.');
  }
}

function orderBy(
  ctx: CompileContext,
  collection: Collection,
  sort: string | undefined,
): RawBuilder<unknown>[] {
  if (!sort?.trim()) return [];
  // The same read guard as filters: private and unlistable values sort as empty (PRODUCT.md §15).
  const resolver = clientResolver(ctx, collection, ROW);
  return parseSort(sort).map(({ field, direction }) => {
    const dir = sql.raw(direction);
    if (field.kind === 'random') return sql`${ctx.flavor.random()} ${dir}`;
    if (field.raw === '@rowid' && ctx.flavor.name === 'sqlite') return sql`${sql.ref(`${ROW}.rowid`)} ${dir}`;
    const resolved = resolver.resolveIdentifier(field);
    if (resolved.kind !== 'sql') throw new FilterResolveError('invalid sort field');
    return sql`${resolved.expr} ${dir}`;
  });
}

/**
 * A list compiled for one caller, not yet run. `key` names exactly what its statements ask (their text
 * and bound values: the rule as it applies to this caller, the filter, the sort, the page, the total,
 * the columns with their read flags), so two callers whose lists have the same key get the same rows,
 * except where a read flag compares the caller's id with a row's own value: the key is taken as a
 * stand-in caller would ask (rules/caller-on-row.ts), so a row holding the caller's id may read
 * differently for them. `reads` is what the statements read (list-cache keys); `run` executes them.
 */
export interface PreparedList {
  /** Compiled when asked: only the list endpoint's remembered answers need it. */
  key: () => string;
  reads: ReadonlySet<string>;
  /** Whether its answer can be remembered: the same statements give the same rows (not a random order). */
  rememberable: boolean;
  run: () => Promise<ListResult>;
}

export async function listRecords(
  ctx: RecordContext,
  collection: Collection,
  params: ListParams,
  request: RequestInfo,
  db: AnyKysely = ctx.db.reader,
): Promise<ListResult> {
  return (await prepareList(ctx, collection, params, request, db)).run();
}

export async function prepareList(
  ctx: RecordContext,
  collection: Collection,
  params: ListParams,
  request: RequestInfo,
  db: AnyKysely = ctx.db.reader,
): Promise<PreparedList> {
  // What the rule and the filter read, so the total can be remembered until that data changes.
  const reads = new Set([rowsKey(collection.name)]);
  const narrowings = inCountingOrder(params.narrowings);
  const settled = settledBy(narrowings);
  const compile: CompileContext = {
    ...compileContext(ctx, request),
    reads,
    listRules: params.listRules,
    settled: settled.related,
  };
  guardRequestReferences(request, params.filter, params.sort);
  const filterExpr = parsedFilter(params.filter);
  const pinned = filterExpr ? pinnedFields(collection, filterExpr) : new Map<string, string>();
  const io: ExistsReads = { db, reader: ctx.db.reader, lists: ctx.lists, trace: params.trace };
  if (filterExpr && pinned.size > 0)
    compile.openGates = await openPinnedGates(
      compile,
      collection,
      pinned,
      walkedBy(filterExpr, params.sort),
      io,
    );
  // Every statement below keeps the filter's pins in its WHERE, so paths through them may read the
  // pinned record by id (rules/record-resolver.ts `PinnedRows`).
  if (pinned.size > 0) compile.pinned = { collection: collection.name, alias: ROW, ids: pinned };
  const rule = await listCondition(compile, collection, filterExpr, pinned, io, settled.row);
  const { filter, order } = asBadRequest(() => ({
    filter: params.filter?.trim() ? clientFilterSql(compile, collection, params.filter, ROW) : null,
    order: orderBy(compile, collection, params.sort),
  }));
  const table = sql`${sql.table(collection.name)} AS ${sql.id(ROW)}`;
  const where = whereClause([rule, filter]);
  const kept = narrowings.map((narrowing) => narrowing.condition);
  const shown = whereClause([rule, filter, ...kept]);
  const perPage = params.perPage;
  const random = /@random\b/.test(params.sort ?? '');
  const offset = (params.page - 1) * perPage;
  const orderSql = order.length ? sql` ORDER BY ${sql.join(order)}` : sql``;
  const columns = selectColumns(compile, collection);
  // Taken once everything is compiled: the page depends on what its sort and columns read as well.
  const narrowedReads = new Set([...reads, ...narrowings.flatMap((narrowing) => narrowing.reads)]);
  const count = (clause: RawBuilder<unknown>) =>
    sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM ${table}${clause}`;
  // What a narrowing leaves out is counted from its own side (an index walk from the muted tags or the
  // blocked members), and the total is the rest: the count of everything the rule lets through stays
  // shared by every caller. Each narrowing counts what it leaves out among the rows the ones before it
  // kept, so the counts add up to everything left out, and the reported ones to `hidden`.
  const totals = params.skipTotal
    ? null
    : {
        all: count(where),
        leftOut: narrowings.map((narrowing, i) => ({
          query: count(whereClause([rule, filter, ...kept.slice(0, i), narrowing.excluded])),
          reported: narrowing.reported,
        })),
      };
  const page: PageQuery = {
    page: sql<Row>`SELECT ${columns} FROM ${table}${shown}${orderSql} LIMIT ${perPage} OFFSET ${offset}`,
    byIds: (ids) =>
      sql<Row>`SELECT ${columns} FROM ${table} WHERE ${sql.ref(`${ROW}.id`)} IN (${sql.join(ids)})`,
    reads: narrowedReads,
    // A random order is a new answer every time. Larger pages (a member's manage lists, up to 1,000)
    // are one member's own and cheap to walk; keeping their ids would cost memory for little (their
    // whole rendered answer may still be kept, within its own memory budget: records/list-answers.ts).
    remember: perPage <= REMEMBERED_PAGE_MAX && !random,
    db,
  };
  // Compiled once: the statements' text and values name what each asks, in the list cache and in `key`.
  const allKey = totals ? queryKey(totals.all.compile(db)) : '';
  const leftOutKeys = totals?.leftOut.map(({ query }) => queryKey(query.compile(db))) ?? [];
  // The page as any caller not named in its rows asks it (rules/caller-on-row.ts), for `key`; the
  // page's own statement is compiled only when it runs (a remembered answer never runs it).
  const asked = sql`SELECT ${columnsAsked(compile, collection)} FROM ${table}${shown}${orderSql} LIMIT ${perPage} OFFSET ${offset}`;

  const run = async (): Promise<ListResult> => {
    const rows = await pageRows(ctx, page, queryKey(page.page.compile(db)));
    let totalItems = -1;
    let hidden: number | undefined;
    if (totals) {
      totalItems = await countRows(ctx, totals.all, allKey, reads, db);
      for (const [i, { query, reported }] of totals.leftOut.entries()) {
        const left = await countRows(ctx, query, leftOutKeys[i]!, narrowedReads, db);
        totalItems -= left;
        if (reported) hidden = (hidden ?? 0) + left;
      }
    }
    return {
      ...(hidden === undefined ? {} : { hidden: Math.max(0, hidden) }),
      page: params.page,
      perPage,
      totalItems,
      totalPages: params.skipTotal ? -1 : Math.ceil(totalItems / perPage),
      items: rows.map((row) => decodeRow(collection, row)),
    };
  };
  return {
    key: () => [queryKey(asked.compile(db)), allKey, ...leftOutKeys].join('\u0001'),
    reads: narrowedReads,
    rememberable: !random,
    run,
  };
}

type Row = Record<string, unknown>;

interface PageQuery {
  page: RawBuilder<Row>;
  /** The same columns for the given rows, in any order. */
  byIds: (ids: readonly string[]) => RawBuilder<Row>;
  /** What the page's rule, filter, sort and columns read (list-cache keys). */
  reads: Set<string>;
  remember: boolean;
  db: AnyKysely;
}

/**
 * A page's rows. Which rows the page holds, in order, is remembered like a total (list-cache.ts), and
 * the rows are then read by id: a page whose order no index gives (a label's stories by date sorts
 * every story of the label) is sorted once until something it read changes, and every answer carries
 * the rows as they are now. A remembered row that is gone by the time it is read (deleted since)
 * makes the page be read again in full, so a page never comes back short.
 */
async function pageRows(ctx: RecordContext, query: PageQuery, key: string): Promise<Row[]> {
  const { db } = query;
  const run = async () => (await runUserQuery(() => query.page.execute(db))).rows;
  const cache = ctx.lists;
  if (!cache || db !== ctx.db.reader || !query.remember) return run();
  const remembered = cache.getPage(key);
  if (remembered) return rowsByIds(query, remembered, run);
  let read: Row[] | undefined;
  const ids = await cache.once(key, query.reads, async () => {
    read = await run();
    return read.map((row) => String(row.id));
  });
  // Unless this request joined a read another one started: then its ids, read here as they are now.
  return read ?? rowsByIds(query, ids, run);
}

async function rowsByIds(
  query: PageQuery,
  ids: readonly string[],
  readPage: () => Promise<Row[]>,
): Promise<Row[]> {
  if (ids.length === 0) return [];
  const found = new Map((await query.byIds(ids).execute(query.db)).rows.map((row) => [String(row.id), row]));
  const rows: Row[] = [];
  for (const id of ids) {
    const row = found.get(id);
    if (!row) return readPage();
    rows.push(row);
  }
  return rows;
}

/**
 * Runs a `COUNT(*)` query, or answers it from the list cache. Only counts read through the reader
 * (committed data, outside any transaction) are remembered: a count inside a write transaction may
 * include rows that are later rolled back.
 */
async function countRows(
  ctx: RecordContext,
  query: RawBuilder<{ n: number | string }>,
  key: string,
  reads: Set<string>,
  db: AnyKysely,
): Promise<number> {
  const run = async () => Number((await runUserQuery(() => query.execute(db))).rows[0]?.n ?? 0);
  const cache = ctx.lists;
  if (!cache || db !== ctx.db.reader) return run();
  const remembered = cache.get(key);
  if (remembered !== undefined) return remembered;
  return cache.once(key, reads, run);
}

/**
 * One record's view compiled for one caller, not yet run: `statement` is the statement `find` runs,
 * as a stand-in caller would ask it (see `PreparedList.key`), and `reads` what the rule reads.
 */
export interface PreparedView {
  statement: RawBuilder<unknown>;
  reads: ReadonlySet<string>;
  /** The record as the caller may see it; 404 when it is missing or hidden. */
  find: () => Promise<RecordData>;
}

/** The view rule as a condition for this caller: a 403 now when the rule is superusers-only. */
export function prepareView(
  ctx: RecordContext,
  collection: Collection,
  id: string,
  request: RequestInfo,
): PreparedView {
  const reads = new Set([rowsKey(collection.name)]);
  const compile: CompileContext = { ...compileContext(ctx, request), reads };
  const rule = accessCondition(compile, collection, collection.viewRule);
  const where = whereClause([sql`${sql.ref(`${ROW}.id`)} = ${id}`, rule]);
  const table = sql`${sql.table(collection.name)} AS ${sql.id(ROW)}`;
  return {
    statement: sql`SELECT ${columnsAsked(compile, collection)} FROM ${table}${where} LIMIT 1`,
    reads,
    find: async () => {
      const columns = selectColumns(compile, collection);
      const record = await findRecord(ctx, collection, id, rule, ctx.db.reader, columns);
      if (!record) throw new ApiError(404);
      return record;
    },
  };
}

/** GET one record with the view rule applied: missing or hidden is 404, superusers-only is 403. */
export async function viewRecord(
  ctx: RecordContext,
  collection: Collection,
  id: string,
  request: RequestInfo,
): Promise<RecordData> {
  return prepareView(ctx, collection, id, request).find();
}
