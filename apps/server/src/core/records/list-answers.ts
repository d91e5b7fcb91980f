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
import { expandRecords, expandShape, type ExpandedRecord } from './expand';
import { answerAddress, answerAt, rememberAddress, type AddressNote } from './answer-addresses';
import { listAdjustments } from './list-adjustments';
import { MAX_MENTION, recordKeys } from './list-cache';
import { prepareList, type ListParams } from './read';
import { readerOf } from './remembered-exists';
import { renderNodes } from './render';

export interface ListAnswerOptions {
  expand?: string | undefined;
  fields?: string | undefined;
  /** The site's cheaper equivalents of view rules for this caller, for the expands. */
  viewRules?: ReadonlyMap<string, string> | undefined;
  /** Where the request keeps the answer's key, for the next request alike (records/answer-addresses.ts). */
  address?: AddressNote | undefined;
}

/**
 * Every short text value (or text in a list) of the records shown, top level and expanded, as read
 * from the database, hidden fields included: a caller whose id is not among them reads every row as
 * the stand-in caller does.
 */
export function mentionsOf(nodes: ExpandedRecord[]): Set<string> {
  const mentions = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === 'string' && value.length <= MAX_MENTION) mentions.add(value);
  };
  const visit = (node: ExpandedRecord) => {
    for (const value of Object.values(node.data)) {
      if (Array.isArray(value)) value.forEach(add);
      else add(value);
    }
    for (const related of Object.values(node.expand ?? {}))
      for (const child of Array.isArray(related) ? related : [related]) visit(child);
  };
  nodes.forEach(visit);
  return mentions;
}

export const callerIdOf = (request: RequestInfo): string | undefined =>
  request.auth ? String(request.auth.record.id) : undefined;

/** The list as the JSON text of the list endpoint's answer, remembered where it can be shared. */
export async function listAnswer(
  ctx: RecordContext,
  collection: Collection,
  params: ListParams,
  request: RequestInfo,
  options: ListAnswerOptions = {},
): Promise<string> {
  const list = await prepareList(ctx, collection, params, request);
  const render = async (): Promise<{ json: string; nodes: ExpandedRecord[] }> => {
    const result = await list.run();
    const { expand, fields, viewRules } = options;
    const nodes = await expandRecords(ctx, collection, result.items, expand, request, viewRules);
    const items = renderNodes(nodes, request, Boolean(expand?.trim()));
    const json = JSON.stringify({ ...result, items: items.map((item) => pickFields(item, fields)) });
    return { json, nodes };
  };
  const caller = callerIdOf(request);
  const cache = ctx.lists;
  // An id longer than the texts an answer records could never be found among them (a collection's
  // id field may allow more): such a caller always gets an answer of their own.
  if (!cache || !list.rememberable || (caller?.length ?? 0) > MAX_MENTION) return (await render()).json;

  const shape = expandShape(ctx, collection, options.expand, request, options.viewRules);
  const key = [
    'answer',
    request.auth?.isSuperuser ? 'superuser' : '',
    list.key(),
    shape.key,
    options.expand ?? '',
    options.fields ?? '',
  ].join('\u0002');
  if (options.address) rememberAddress(cache, options.address, key);
  const remembered = cache.getRendered(key, caller);
  if (remembered) return remembered.json;

  const reads = [...list.reads, ...shape.reads, ...[collection, ...shape.collections].flatMap(recordKeys)];
  // Versions taken before anything is read: a write that commits meanwhile makes this answer unusable.
  const taken = cache.snapshot(reads);
  const { json, nodes } = await render();
  cache.storeRendered(key, { json, mentions: mentionsOf(nodes) }, caller, taken);
  return json;
}

/** What a list request asks, as the list endpoint reads it from the query string. */
export interface ListRequest extends Pick<ListParams, 'page' | 'perPage' | 'sort' | 'filter' | 'skipTotal'> {
  expand?: string | undefined;
  fields?: string | undefined;
}

/**
 * The list endpoint's answer: at the request's address when one is remembered (nothing compiled),
 * else with the site's adjustments for this caller, compiled and remembered.
 */
export async function answerList(
  core: Pick<Core, 'records' | 'registry' | 'listNarrowers' | 'listRuleShortcuts'>,
  collection: Collection,
  asked: ListRequest,
  request: RequestInfo,
): Promise<string> {
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
