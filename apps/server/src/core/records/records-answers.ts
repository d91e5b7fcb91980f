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
import { expandRecords, expandShape } from './expand';
import type { RecordData } from './record';
import { renderNodes } from './render';
import { rememberedAnswer, remembers, type Rendered } from './rendered-answers';

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
  const render = async (): Promise<Rendered> => {
    const nodes = await expandRecords(ctx, collection, await chosen.load(), expand, request);
    return { json: JSON.stringify(renderNodes(nodes, request, Boolean(expand?.trim()))), nodes };
  };
  const cache = ctx.lists;
  if (!remembers(cache, request)) return (await render()).json;
  return rememberedAnswer(
    cache,
    request,
    {
      key: ['records', collection.id, chosen.key, expand ?? ''],
      collection,
      shape: expandShape(ctx, collection, expand, request),
    },
    render,
    (json) => json,
  );
}
