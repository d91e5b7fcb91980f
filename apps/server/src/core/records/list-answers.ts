/**
 * A list request's whole answer, rendered: the page, its total, the expanded records and the `fields`
 * picked, as the JSON text the client receives. It is remembered in the list cache and shared by every
 * caller for whom the request compiles to the same statements, until something those statements or
 * the rendered records read changes (docs/adr/0014-remembered-list-answers.md).
 *
 * Why sharing is exact: everything a caller changes in an answer passes through one of
 *   - the list's statements (the rule as it applies to this caller, the filter, the sort, the page,
 *     the totals, the columns with their per-field read flags), compiled with the caller's values bound;
 *   - each expanded collection's view rule and columns, compiled the same way (records/expand.ts
 *     `expandShape`);
 *   - serialisation, which shows hidden fields to superusers (part of the key) and an account's email to
 *     its owner.
 * Two callers whose compiled statements are equal get equal answers from equal data. The statements
 * are compiled for the key as a stand-in caller would ask them where a read flag only compares the
 * caller's id with the row's own values ("my own birthday", rules/caller-on-row.ts), so that members
 * share answers that show other members; an answer is then never shared with a caller whose id is
 * among the values of the records it shows (which covers their own account and email): one rendered
 * for such a caller is kept for them alone (`ListCache.storeRendered`).
 * The answer's dependency keys are what those statements read plus every column of every collection
 * it shows, so any write to a shown record, or to anything a rule read, makes the next request render
 * again.
 */
import type { Core } from '..';
import type { Collection } from '../collections/model';
import type { RequestInfo } from '../rules/request-info';
import { pickFields } from '../../tools/picker';
import type { RecordContext } from './context';
import { expandRecords, expandShape } from './expand';
import { answerAddress, answerAt, type AddressNote } from './answer-addresses';
import { listAdjustments } from './list-adjustments';
import { utf8, type JsonBody } from './list-cache';
import { prepareList, type ListParams } from './read';
import { readerOf } from './remembered-exists';
import { renderNodes } from './render';
import { rememberedAnswer, remembers, type Rendered } from './rendered-answers';
import { verifiedAnswer, withoutMemory } from './verified-answers';

export interface ListAnswerOptions {
  expand?: string | undefined;
  fields?: string | undefined;
  /** The site's cheaper equivalents of view rules for this caller, for the expands. */
  viewRules?: ReadonlyMap<string, string> | undefined;
  /** Where the request keeps the answer's key, for the next request alike (records/answer-addresses.ts). */
  address?: AddressNote | undefined;
}

/** The list as the JSON text of the list endpoint's answer, remembered where it can be shared. */
export async function listAnswer(
  ctx: RecordContext,
  collection: Collection,
  params: ListParams,
  request: RequestInfo,
  options: ListAnswerOptions = {},
): Promise<JsonBody> {
  const list = await prepareList(ctx, collection, params, request);
  const render = async (): Promise<Rendered> => {
    const result = await list.run();
    const { expand, fields, viewRules } = options;
    const nodes = await expandRecords(ctx, collection, result.items, expand, request, viewRules);
    const items = renderNodes(nodes, request, Boolean(expand?.trim()));
    const json = JSON.stringify({ ...result, items: items.map((item) => pickFields(item, fields)) });
    return { json, nodes };
  };
  const cache = ctx.lists;
  if (!list.rememberable || !remembers(cache, request)) return (await render()).json;
  return rememberedAnswer(
    cache,
    request,
    {
      key: ['answer', list.key(), options.expand ?? '', options.fields ?? ''],
      collection,
      shape: expandShape(ctx, collection, options.expand, request, options.viewRules),
      reads: list.reads,
      address: options.address,
    },
    render,
    utf8,
  );
}

/** What a list request asks, as the list endpoint reads it from the query string. */
export interface ListRequest extends Pick<ListParams, 'page' | 'perPage' | 'sort' | 'filter' | 'skipTotal'> {
  expand?: string | undefined;
  fields?: string | undefined;
}

type ListCore = Pick<Core, 'records' | 'registry' | 'listNarrowers' | 'listRuleShortcuts'>;

/**
 * The list endpoint's answer: at the request's address when one is remembered (nothing compiled),
 * else with the site's adjustments for this caller, compiled and remembered. In the verifying mode,
 * checked against the same list computed with nothing remembered (`@random` orders differ anyway).
 */
export async function answerList(
  core: ListCore,
  collection: Collection,
  asked: ListRequest,
  request: RequestInfo,
): Promise<JsonBody> {
  if (!core.records.lists?.verifying || asked.sort?.includes('@random'))
    return rememberedList(core, collection, asked, request);
  return verifiedAnswer(
    `GET ${collection.name} list ${JSON.stringify(asked)}`,
    () => rememberedList(core, collection, asked, request),
    () => rememberedList(withoutMemory(core), collection, asked, request),
  );
}

async function rememberedList(
  core: ListCore,
  collection: Collection,
  asked: ListRequest,
  request: RequestInfo,
): Promise<JsonBody> {
  const cache = core.records.lists;
  const address = cache && answerAddress(core.registry, collection, request);
  const known = address ? answerAt(cache, address, request) : undefined;
  if (known !== undefined) return known;

  const trace = new Set<string>();
  const since = cache?.changeCount ?? 0;
  const { expand, fields, ...params } = asked;
  const { viewRules, ...adjustments } = await listAdjustments(
    core,
    collection,
    request,
    readerOf(core.records, trace),
  );
  return listAnswer(core.records, collection, { ...params, ...adjustments, trace }, request, {
    expand,
    fields,
    viewRules,
    address: address ? { address, trace, since } : undefined,
  });
}
