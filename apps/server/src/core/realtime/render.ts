/** A record in a realtime message: rendered like a list item for that viewer, then `fields`-picked. */
import type { Collection } from '../collections/model';
import type { RecordContext } from '../records/context';
import type { RecordData } from '../records/record';
import { renderRecords } from '../records/render';
import type { RequestInfo } from '../rules/request-info';
import { pickFields } from '../../tools/picker';

export async function renderForViewer(
  ctx: RecordContext,
  collection: Collection,
  record: RecordData,
  request: RequestInfo,
): Promise<unknown> {
  const [json] = await renderRecords(ctx, collection, [record], request, request.query.expand);
  return pickFields(json, request.query.fields);
}
