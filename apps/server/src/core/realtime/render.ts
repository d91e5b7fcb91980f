/**
 * A record as one viewer receives it in a realtime message: expanded with the viewer's rights
 * (related collections' view rules), reduced to what the viewer may read (hidden fields, emails,
 * `readRule` fields), then `fields`-picked. The same steps, in the same order, as a record in a
 * list or view response.
 */
import type { Collection } from '../collections/model';
import type { RecordContext } from '../records/context';
import { expandRecords, type ExpandedRecord } from '../records/expand';
import type { RecordData } from '../records/record';
import { serializeRecord, type RecordJson } from '../records/serialize';
import type { RequestInfo } from '../rules/request-info';
import { pickFields } from '../../tools/picker';

function toJson(node: ExpandedRecord, request: RequestInfo, withExpand: boolean): RecordJson {
  const json = serializeRecord(node.collection, node.data, { request });
  if (withExpand || node.expand) {
    const expand: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node.expand ?? {})) {
      expand[key] = Array.isArray(value)
        ? value.map((item) => toJson(item, request, false))
        : toJson(value, request, false);
    }
    json.expand = expand;
  }
  return json;
}

export async function renderForViewer(
  ctx: RecordContext,
  collection: Collection,
  record: RecordData,
  request: RequestInfo,
): Promise<unknown> {
  const expand = request.query.expand;
  const [node] = await expandRecords(ctx, collection, [record], expand, request);
  const json = toJson(node!, request, Boolean(expand?.trim()));
  return pickFields(json, request.query.fields);
}
