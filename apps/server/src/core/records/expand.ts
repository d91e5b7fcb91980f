/**
 * `?expand=`: loads related records (relation fields and `<collection>_via_<field>` back-relations)
 * up to 6 levels, each batch through the related collection's view rule, so an expand never shows a
 * record its viewer could not open. Invalid paths are skipped silently, as in PocketBase.
 */
import { parseExpand, type ExpandTree } from '@community/filter';
import { sql, type RawBuilder } from 'kysely';
import {
  findField,
  isMultiValued,
  parseBackRelation,
  type Collection,
  type Field,
} from '../collections/model';
import { asList } from '../fields/lists';
import { ApiError } from '../../tools/api-error';
import { memoByText } from '../../tools/memo';
import { accessCondition, columnsAsked, compileContext, selectColumns } from '../rules/access';
import { ROW, type RecordContext } from './context';
import { queryKey } from './list-cache';
import { decodeRow, type RecordData } from './record';
import type { RequestInfo } from '../rules/request-info';

/** A record with what was expanded under it, by path segment. */
export interface ExpandedRecord {
  collection: Collection;
  data: RecordData;
  expand?: Record<string, ExpandedRecord | ExpandedRecord[]>;
}

const MAX_BACK_RELATED = 1000;

/** How the caller reads one collection in an expand: the columns, and the view rule as a condition. */
interface ExpandAccess {
  columns: RawBuilder<unknown>;
  /** Null when the rule lets every row through. */
  rule: RawBuilder<unknown> | null;
}

/**
 * The collection's view rule (or the site's cheaper equivalent for this caller, see
 * records/list-adjustments.ts) in the expand context; null when only superusers may view, which hides
 * the whole path.
 */
function expandAccess(
  ctx: RecordContext,
  collection: Collection,
  request: RequestInfo,
  viewRules: ReadonlyMap<string, string> | undefined,
  asked?: { reads: Set<string> },
): ExpandAccess | null {
  const compile = { ...compileContext(ctx, { ...request, context: 'expand' }), reads: asked?.reads };
  const viewRule = collection.viewRule
    ? (viewRules?.get(collection.name) ?? collection.viewRule)
    : collection.viewRule;
  // Asked for an answer's key (`expandShape`): the columns as any caller not in the rows reads them.
  const columns = asked ? columnsAsked : selectColumns;
  try {
    return {
      rule: accessCondition(compile, collection, viewRule),
      columns: columns(compile, collection),
    };
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

async function fetchVisible(
  ctx: RecordContext,
  collection: Collection,
  where: ReturnType<typeof sql>,
  options: ExpandOptions,
  limit: number,
): Promise<RecordData[]> {
  const access = expandAccess(ctx, collection, options.request, options.viewRules);
  if (!access) return [];
  const conditions = access.rule ? sql`${where} AND ${access.rule}` : where;
  const rows = await sql<
    Record<string, unknown>
  >`SELECT ${access.columns} FROM ${sql.table(collection.name)} AS ${sql.id(ROW)} WHERE ${conditions} LIMIT ${limit}`.execute(
    ctx.db.reader,
  );
  return rows.rows.map((row) => decodeRow(collection, row));
}

interface ExpandOptions {
  request: RequestInfo;
  viewRules?: ReadonlyMap<string, string> | undefined;
}

/**
 * The records of `source` whose `field` points at each of `nodes`, visible to the caller, at most
 * MAX_BACK_RELATED per node. One query serves the whole level (a page of 20 would otherwise run 20);
 * only when that query could have been cut short by its limit does each node get its own query, so a
 * node with many related records never takes another node's share.
 */
async function fetchBackRelated(
  ctx: RecordContext,
  nodes: ExpandedRecord[],
  source: Collection,
  field: Field,
  options: ExpandOptions,
): Promise<Map<string, ExpandedRecord[]>> {
  const ids = [...new Set(nodes.map((node) => String(node.data.id)))];
  const column = sql.ref(`${ROW}.${field.name}`);
  const pointingAt = (targets: string[]) =>
    isMultiValued(field)
      ? sql`EXISTS (SELECT 1 FROM ${ctx.db.flavor.jsonEach(column, 'je')} WHERE ${sql.ref('je.value')} IN (${sql.join(targets)}))`
      : sql`${column} IN (${sql.join(targets)})`;
  const limit = MAX_BACK_RELATED * ids.length;
  const found = await fetchVisible(ctx, source, pointingAt(ids), options, limit);
  const related = new Map<string, ExpandedRecord[]>(ids.map((id) => [id, []]));
  if (found.length >= limit && ids.length > 1) {
    for (const id of ids) {
      const own = await fetchVisible(ctx, source, pointingAt([id]), options, MAX_BACK_RELATED);
      related.set(
        id,
        own.map((data) => ({ collection: source, data })),
      );
    }
    return related;
  }
  for (const data of found) {
    const child: ExpandedRecord = { collection: source, data };
    for (const target of asList(data[field.name])) {
      const list = related.get(target);
      if (list && list.length < MAX_BACK_RELATED) list.push(child);
    }
  }
  return related;
}

export async function expandRecords(
  ctx: RecordContext,
  collection: Collection,
  records: RecordData[],
  expand: string | undefined,
  request: RequestInfo,
  viewRules?: ReadonlyMap<string, string>,
): Promise<ExpandedRecord[]> {
  const nodes: ExpandedRecord[] = records.map((data) => ({ collection, data }));
  if (!expand?.trim() || records.length === 0) return nodes;
  await expandLevel(ctx, nodes, parsedExpand(expand), { request, viewRules });
  return nodes;
}

const MAX_PARSED_EXPANDS = 500;

/** `?expand=` parsed once per text (pages ask the same few); the trees are only ever read. */
const parsedExpand = memoByText(MAX_PARSED_EXPANDS, parseExpand);

/**
 * Where a segment of `?expand=` leads from `collection`: a relation field to its collection, or a
 * `<collection>_via_<field>` back-relation to the collection whose field points here. Undefined for a
 * path that leads nowhere (skipped silently, as in PocketBase).
 */
type Segment =
  { kind: 'relation'; field: Field; target: Collection } | { kind: 'back'; field: Field; target: Collection };

function segmentOf(ctx: RecordContext, collection: Collection, segment: string): Segment | undefined {
  const field = findField(collection, segment);
  if (field?.type === 'relation') {
    const target = ctx.registry.find(field.collectionId);
    return target ? { kind: 'relation', field, target } : undefined;
  }
  const back = parseBackRelation(segment);
  const source = back ? ctx.registry.find(back.collection) : undefined;
  const backField = findField(source, back?.field);
  if (!source || backField?.type !== 'relation' || backField.collectionId !== collection.id) return undefined;
  return { kind: 'back', field: backField, target: source };
}

async function expandLevel(
  ctx: RecordContext,
  nodes: ExpandedRecord[],
  tree: ExpandTree,
  options: ExpandOptions,
): Promise<void> {
  if (nodes.length === 0) return;
  const collection = nodes[0]!.collection;
  for (const [segment, subtree] of tree) {
    const leads = segmentOf(ctx, collection, segment);
    if (!leads) continue;
    const { field, target } = leads;
    if (leads.kind === 'relation') {
      const ids = [...new Set(nodes.flatMap((n) => asList(n.data[field.name])))];
      if (ids.length === 0) continue;
      const found = await fetchVisible(
        ctx,
        target,
        sql`${sql.ref(`${ROW}.id`)} IN (${sql.join(ids)})`,
        options,
        ids.length,
      );
      const children = new Map(found.map((data) => [String(data.id), { collection: target, data }]));
      await expandLevel(ctx, [...children.values()], subtree, options);
      for (const node of nodes) {
        const related = asList(node.data[field.name])
          .map((id) => children.get(id))
          .filter((c): c is ExpandedRecord => c !== undefined);
        if (related.length === 0) continue;
        node.expand ??= {};
        node.expand[segment] = isMultiValued(field) ? related : related[0]!;
      }
      continue;
    }
    const related = await fetchBackRelated(ctx, nodes, target, field, options);
    const children = [...new Set([...related.values()].flat())];
    await expandLevel(ctx, children, subtree, options);
    for (const node of nodes) {
      const found = related.get(String(node.data.id));
      if (!found?.length) continue;
      node.expand ??= {};
      node.expand[segment] = found;
    }
  }
}

/** What an expand reads and asks, known before any row is read (see `expandShape`). */
export interface ExpandShape {
  /** Each path's statement parts as compiled for this caller: equal for callers who would see the same. */
  key: string;
  /** What the view rules read (list-cache keys). */
  reads: Set<string>;
  /** Every collection whose records the expand may show. */
  collections: Collection[];
}

/**
 * An expand's shape for one caller, from the definitions alone: for every path, the collection it
 * reaches and that collection's view rule and columns compiled as `fetchVisible` compiles them. Two
 * callers with the same shape see the same expanded records of the same rows.
 */
export function expandShape(
  ctx: RecordContext,
  collection: Collection,
  expand: string | undefined,
  request: RequestInfo,
  viewRules?: ReadonlyMap<string, string>,
): ExpandShape {
  const shape: ExpandShape = { key: '', reads: new Set(), collections: [] };
  if (!expand?.trim()) return shape;
  const parts: string[] = [];
  const walk = (from: Collection, tree: ExpandTree, path: string) => {
    for (const [segment, subtree] of tree) {
      const target = segmentOf(ctx, from, segment)?.target;
      if (!target) continue;
      const access = expandAccess(ctx, target, request, viewRules, { reads: shape.reads });
      const at = `${path}${segment}`;
      if (!access) {
        parts.push(`${at}:hidden`);
        continue;
      }
      const statement = sql`SELECT ${access.columns} WHERE ${access.rule ?? sql`1 = 1`}`;
      parts.push(`${at}:${queryKey(statement.compile(ctx.db.reader))}`);
      shape.collections.push(target);
      walk(target, subtree, `${at}.`);
    }
  };
  walk(collection, parsedExpand(expand), '');
  shape.key = parts.join('\u0001');
  return shape;
}
