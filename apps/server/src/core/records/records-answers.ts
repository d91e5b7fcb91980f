/**
 * Records chosen by something other than a list statement (the stories a search found, in its order),
 * expanded and rendered as the JSON text of an `items` array, and remembered like a list's whole
 * answer (records/list-answers.ts): keyed by what chose them and the expand's shape for this caller,
 * shared by every caller with that shape, and rendered again after any write to a collection it shows
 * or to what the expand's rules read. As there, an answer that shows a caller's own id is kept for that
 * caller alone.
 *
 * The caller decides which records may be shown; only the expands apply view rules here.
 */
import type { Collection } from '../collections/model';
import type { RequestInfo } from '../rules/request-info';
import type { RecordContext } from './context';
import { expandRecords, expandShape, type ExpandedRecord } from './expand';
import { callerIdOf, mentionsOf } from './list-answers';
import { MAX_MENTION, recordKeys } from './list-cache';
import type { RecordData } from './record';
import { renderNodes } from './render';

export interface ChosenRecords {
  /** Names the records and their order exactly (for a search: the page's ids). */
  key: string;
  /** Reads them, in the order to show. */
  load: () => Promise<RecordData[]>;
}

export async function recordsAnswer(
  ctx: RecordContext,
  collection: Collection,
  chosen: ChosenRecords,
  request: RequestInfo,
  expand: string | undefined,
): Promise<string> {
  const render = async (): Promise<{ json: string; nodes: ExpandedRecord[] }> => {
    const nodes = await expandRecords(ctx, collection, await chosen.load(), expand, request);
    return { json: JSON.stringify(renderNodes(nodes, request, Boolean(expand?.trim()))), nodes };
  };
  const cache = ctx.lists;
  const caller = callerIdOf(request);
  if (!cache || (caller?.length ?? 0) > MAX_MENTION) return (await render()).json;

  const shape = expandShape(ctx, collection, expand, request);
  const key = [
    'records',
    request.auth?.isSuperuser ? 'superuser' : '',
    collection.id,
    chosen.key,
    shape.key,
    expand ?? '',
  ].join('\u0002');
  const remembered = cache.getRendered(key, caller);
  if (remembered) return remembered.json;

  // Versions taken before anything is read: a write that commits meanwhile makes this answer unusable.
  const taken = cache.snapshot([...shape.reads, ...[collection, ...shape.collections].flatMap(recordKeys)]);
  const { json, nodes } = await render();
  cache.storeRendered(key, { json, mentions: mentionsOf(nodes) }, caller, taken);
  return json;
}
