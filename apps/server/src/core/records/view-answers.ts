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
import { answerAddress, answerAt } from './answer-addresses';
import { expandRecords, expandShape } from './expand';
import { queryKey, utf8, type JsonBody } from './list-cache';
import { prepareView } from './read';
import { renderNodes } from './render';
import { rememberedAnswer, remembers, type Rendered } from './rendered-answers';
import { verifiedAnswer, withoutMemory } from './verified-answers';

export interface ViewRequest {
  expand?: string | undefined;
  fields?: string | undefined;
}

type ViewCore = Pick<Core, 'records' | 'registry'>;

/** The view endpoint's answer; in the verifying mode, checked against one with nothing remembered. */
export async function answerView(
  core: ViewCore,
  collection: Collection,
  id: string,
  asked: ViewRequest,
  request: RequestInfo,
): Promise<JsonBody> {
  if (!core.records.lists?.verifying) return rememberedView(core, collection, id, asked, request);
  return verifiedAnswer(
    `GET ${collection.name}/${id} ${JSON.stringify(asked)}`,
    () => rememberedView(core, collection, id, asked, request),
    () => rememberedView(withoutMemory(core), collection, id, asked, request),
  );
}

async function rememberedView(
  core: ViewCore,
  collection: Collection,
  id: string,
  asked: ViewRequest,
  request: RequestInfo,
): Promise<JsonBody> {
  const ctx = core.records;
  const cache = ctx.lists;
  const address = cache && answerAddress(core.registry, collection, request, id);
  const known = address ? answerAt(cache, address, request) : undefined;
  if (known !== undefined) return known;
  // Taken before anything is compiled: the view asks no look-up first, so only a clear or a change
  // of the definitions could make its statement differ meanwhile.
  const since = cache?.changeCount ?? 0;

  const view = prepareView(ctx, collection, id, request);
  const render = async (): Promise<Rendered> => {
    const nodes = await expandRecords(ctx, collection, [await view.find()], asked.expand, request);
    const [json] = renderNodes(nodes, request, Boolean(asked.expand?.trim()));
    return { json: JSON.stringify(pickFields(json!, asked.fields)), nodes };
  };
  if (!remembers(cache, request)) return (await render()).json;
  return rememberedAnswer(
    cache,
    request,
    {
      key: ['view', queryKey(view.statement.compile(ctx.db.reader)), asked.expand ?? '', asked.fields ?? ''],
      collection,
      shape: expandShape(ctx, collection, asked.expand, request),
      reads: view.reads,
      address: address ? { address, trace: new Set(), since } : undefined,
    },
    render,
    utf8,
  );
}
