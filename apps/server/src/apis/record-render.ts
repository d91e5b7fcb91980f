/** Records to response JSON: expand, visibility (serialize) and `?fields=`, in that order. */
import type { Core } from '../core';
import type { Collection } from '../core/collections/model';
import { expandRecords, type ExpandedRecord } from '../core/records/expand';
import type { RecordData } from '../core/records/record';
import { serializeRecord, type RecordJson } from '../core/records/serialize';
import type { RequestInfo } from '../core/rules/request-info';

/** `expand` appears on the top-level records when asked for, and below only where something was expanded. */
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
  core: Core,
  collection: Collection,
  records: RecordData[],
  request: RequestInfo,
  expand: string | undefined,
): Promise<RecordJson[]> {
  const nodes = await expandRecords(core.records, collection, records, expand, request);
  const withExpand = Boolean(expand?.trim());
  return nodes.map((node) => toJson(node, request, withExpand));
}
