/**
 * The view endpoint's answer (one record, expanded and picked) as JSON text, remembered like a list's
 * whole answer (records/list-answers.ts, docs/adr/0015-answer-addresses.md): keyed by the statement
 * the view compiles to for its caller (the record's id, the view rule, the columns with their read
 * flags asked as a stand-in caller) and the expand's shape, shared by every caller for whom those are
 * the same, and rendered again after any write to what it shows or its rule reads. A request finds it
 * at its address (the record's id, the query string and the caller's account) without compiling.
 * Nothing that fails is remembered: a missing or hidden record is a 404 every time, a superusers-only
 * rule a 403.
 */
import type { Core } from '..';
import type { Collection } from '../collections/model';
import type { RequestInfo } from '../rules/request-info';
import { pickFields } from '../../tools/picker';
import { answerAddress, answerAt, rememberAddress } from './answer-addresses';
import { expandRecords, expandShape, type ExpandedRecord } from './expand';
import { MAX_MENTION, queryKey, recordKeys } from './list-cache';
import { callerIdOf, mentionsOf } from './list-answers';
import { prepareView } from './read';
import { renderNodes } from './render';

export interface ViewRequest {
  expand?: string | undefined;
  fields?: string | undefined;
}

export async function answerView(
  core: Pick<Core, 'records' | 'registry'>,
  collection: Collection,
  id: string,
  asked: ViewRequest,
  request: RequestInfo,
): Promise<string> {
  const ctx = core.records;
  const cache = ctx.lists;
  const caller = callerIdOf(request);
  const address = cache && answerAddress(core.registry, collection, request, id);
  const known = address ? answerAt(cache, address, request) : undefined;
  if (known !== undefined) return known;
  // Taken before anything is compiled: the view asks no look-up first, so only a clear or a change
  // of the definitions could make its statement differ meanwhile.
  const since = cache?.changeCount ?? 0;

  const view = prepareView(ctx, collection, id, request);
  const render = async (): Promise<{ json: string; nodes: ExpandedRecord[] }> => {
    const nodes = await expandRecords(ctx, collection, [await view.find()], asked.expand, request);
    const [json] = renderNodes(nodes, request, Boolean(asked.expand?.trim()));
    return { json: JSON.stringify(pickFields(json!, asked.fields)), nodes };
  };
  if (!cache || (caller?.length ?? 0) > MAX_MENTION) return (await render()).json;

  const shape = expandShape(ctx, collection, asked.expand, request);
  const key = [
    'view',
    request.auth?.isSuperuser ? 'superuser' : '',
    queryKey(view.statement.compile(ctx.db.reader)),
    shape.key,
    asked.expand ?? '',
    asked.fields ?? '',
  ].join('\u0002');
  if (address) rememberAddress(cache, { address, trace: new Set(), since }, key);
  const remembered = cache.getRendered(key, caller);
  if (remembered) return remembered.json;

  const taken = cache.snapshot([
    ...view.reads,
    ...shape.reads,
    ...[collection, ...shape.collections].flatMap(recordKeys),
  ]);
  const { json, nodes } = await render();
  cache.storeRendered(key, { json, mentions: mentionsOf(nodes) }, caller, taken);
  return json;
}
