/**
 * Records as one viewer receives them, in lists, views, write answers and realtime messages alike:
 * expanded with the viewer's rights (each related collection's view rule), then reduced to what the
 * viewer may read (hidden fields, emails, `readRule` fields). `expand` appears on the top-level
 * records when asked for, and below only where something was expanded.
 */
import type { Collection } from '../collections/model';
import type { RequestInfo } from '../rules/request-info';
import type { RecordContext } from './context';
import { expandRecords, type ExpandedRecord } from './expand';
import type { RecordData } from './record';
import { serializeRecord, type RecordJson } from './serialize';

function toJson(node: ExpandedRecord, request: RequestInfo, withExpand: boolean): RecordJson {
  const json = serializeRecord(node.collection, node.data, { request });
  if (withExpand || node.expand) {
    const expand: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node.expand ?? {})) {
      expand[key] = Array.isArray(value)
        ? value.map((v) => toJson(v, request, false))
        : toJson(value, request, false);
    }
    json.expand = expand;
  }
  return json;
}

export async function renderRecords(
  ctx: RecordContext,
  collection: Collection,
  records: RecordData[],
  request: RequestInfo,
  expand: string | undefined,
  viewRules?: ReadonlyMap<string, string>,
): Promise<RecordJson[]> {
  const nodes = await expandRecords(ctx, collection, records, expand, request, viewRules);
  return renderNodes(nodes, request, Boolean(expand?.trim()));
}

/** Expanded records as JSON; `withExpand` when an expand was asked for (then even an empty one shows). */
export function renderNodes(
  nodes: ExpandedRecord[],
  request: RequestInfo,
  withExpand: boolean,
): RecordJson[] {
  return nodes.map((node) => toJson(node, request, withExpand));
}
