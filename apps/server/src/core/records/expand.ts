/**
 * `?expand=`: loads related records (relation fields and `<collection>_via_<field>` back-relations)
 * up to 6 levels, each batch through the related collection's view rule, so an expand never shows a
 * record its viewer could not open. Invalid paths are skipped silently, as in PocketBase.
 */
import { parseExpand, type ExpandTree } from '@community/filter';
import { sql } from 'kysely';
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
import { accessCondition, compileContext, selectColumns } from '../rules/access';
import { ROW, type RecordContext } from './context';
import { decodeRow, type RecordData } from './record';
import type { RequestInfo } from '../rules/request-info';

/** A record with what was expanded under it, by path segment. */
export interface ExpandedRecord {
  collection: Collection;
  data: RecordData;
  expand?: Record<string, ExpandedRecord | ExpandedRecord[]>;
}

const MAX_BACK_RELATED = 1000;

async function fetchVisible(
  ctx: RecordContext,
  collection: Collection,
  where: ReturnType<typeof sql>,
  request: RequestInfo,
  limit: number,
): Promise<RecordData[]> {
  const expandRequest: RequestInfo = { ...request, context: 'expand' };
  let rule;
  const compile = compileContext(ctx, expandRequest);
  try {
    rule = accessCondition(compile, collection, collection.viewRule);
  } catch (error) {
    if (error instanceof ApiError) return []; // a superusers-only view rule hides the whole path
    throw error;
  }
  const conditions = rule ? sql`${where} AND ${rule}` : where;
  const rows = await sql<
    Record<string, unknown>
  >`SELECT ${selectColumns(compile, collection)} FROM ${sql.table(collection.name)} AS ${sql.id(ROW)} WHERE ${conditions} LIMIT ${limit}`.execute(
    ctx.db.reader,
  );
  return rows.rows.map((row) => decodeRow(collection, row));
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
  request: RequestInfo,
): Promise<Map<string, ExpandedRecord[]>> {
  const ids = [...new Set(nodes.map((node) => String(node.data.id)))];
  const column = sql.ref(`${ROW}.${field.name}`);
  const pointingAt = (targets: string[]) =>
    isMultiValued(field)
      ? sql`EXISTS (SELECT 1 FROM ${ctx.db.flavor.jsonEach(column, 'je')} WHERE ${sql.ref('je.value')} IN (${sql.join(targets)}))`
      : sql`${column} IN (${sql.join(targets)})`;
  const limit = MAX_BACK_RELATED * ids.length;
  const found = await fetchVisible(ctx, source, pointingAt(ids), request, limit);
  const related = new Map<string, ExpandedRecord[]>(ids.map((id) => [id, []]));
  if (found.length >= limit && ids.length > 1) {
    for (const id of ids) {
      const own = await fetchVisible(ctx, source, pointingAt([id]), request, MAX_BACK_RELATED);
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
): Promise<ExpandedRecord[]> {
  const nodes: ExpandedRecord[] = records.map((data) => ({ collection, data }));
  if (!expand?.trim() || records.length === 0) return nodes;
  await expandLevel(ctx, nodes, parsedExpand(expand), request);
  return nodes;
}

const MAX_PARSED_EXPANDS = 500;

/** `?expand=` parsed once per text (pages ask the same few); the trees are only ever read. */
const parsedExpand = memoByText(MAX_PARSED_EXPANDS, parseExpand);

async function expandLevel(
  ctx: RecordContext,
  nodes: ExpandedRecord[],
  tree: ExpandTree,
  request: RequestInfo,
): Promise<void> {
  if (nodes.length === 0) return;
  const collection = nodes[0]!.collection;
  for (const [segment, subtree] of tree) {
    const field = findField(collection, segment);
    if (field?.type === 'relation') {
      const target = ctx.registry.find(field.collectionId);
      if (!target) continue;
      const ids = [...new Set(nodes.flatMap((n) => asList(n.data[field.name])))];
      if (ids.length === 0) continue;
      const found = await fetchVisible(
        ctx,
        target,
        sql`${sql.ref(`${ROW}.id`)} IN (${sql.join(ids)})`,
        request,
        ids.length,
      );
      const children = new Map(found.map((data) => [String(data.id), { collection: target, data }]));
      await expandLevel(ctx, [...children.values()], subtree, request);
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
    const back = parseBackRelation(segment);
    const source = back ? ctx.registry.find(back.collection) : undefined;
    const backField = findField(source, back?.field);
    if (!source || backField?.type !== 'relation' || backField.collectionId !== collection.id) continue;
    const related = await fetchBackRelated(ctx, nodes, source, backField, request);
    const children = [...new Set([...related.values()].flat())];
    await expandLevel(ctx, children, subtree, request);
    for (const node of nodes) {
      const found = related.get(String(node.data.id));
      if (!found?.length) continue;
      node.expand ??= {};
      node.expand[segment] = found;
    }
  }
}
