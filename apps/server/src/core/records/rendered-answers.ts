/**
 * What every remembered rendered answer does once it knows what names it (a list's, a view's, the
 * records a search chose): look it up as this caller gets it, else take the versions of everything it
 * reads, render it, and keep it, for every caller it does not mention or for this caller alone
 * (list-cache.ts `storeRendered`). The answers differ only in what chooses their records; how they
 * are kept is the same, and lives here once.
 */
import type { Collection } from '../collections/model';
import { callerIdOf } from '../rules/implied';
import type { RequestInfo } from '../rules/request-info';
import { rememberAddress, type AddressNote } from './answer-addresses';
import type { ExpandShape, ExpandedRecord } from './expand';
import { MAX_MENTION, recordKeys, type JsonBody, type ListCache } from './list-cache';

/** An answer as sent, with the records it shows (their values decide whom it mentions). */
export interface Rendered {
  json: string;
  nodes: ExpandedRecord[];
}

export interface AnswerToRemember {
  /** The kind of answer and what names its records exactly, beside the expand's shape. */
  key: readonly string[];
  /** The collection of the records shown at the top level. */
  collection: Collection;
  /** The expand's shape for this caller (records/expand.ts `expandShape`). */
  shape: ExpandShape;
  /** What chose the records read (list-cache keys), beyond what the answer shows. */
  reads?: Iterable<string> | undefined;
  /** Where the request keeps the answer's key, for the next request alike (records/answer-addresses.ts). */
  address?: AddressNote | undefined;
}

/**
 * Whether this caller's answers can be remembered: only with a cache, and only for a caller whose id
 * could be found among the texts an answer records (a collection's id field may allow longer ids).
 */
export function remembers(cache: ListCache | undefined, request: RequestInfo): cache is ListCache {
  return cache !== undefined && (callerIdOf(request)?.length ?? 0) <= MAX_MENTION;
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

/** The answer from memory, or rendered now and remembered. */
export async function rememberedAnswer<Body extends JsonBody>(
  cache: ListCache,
  request: RequestInfo,
  answer: AnswerToRemember,
  render: () => Promise<Rendered>,
  encode: (json: string) => Body,
): Promise<Body> {
  const { collection, shape } = answer;
  const key = [...answer.key, request.auth?.isSuperuser ? 'superuser' : '', shape.key].join('\u0002');
  if (answer.address) rememberAddress(cache, answer.address, key);
  const caller = callerIdOf(request);
  const remembered = cache.getRendered(key, caller);
  // The keys of text answers (search's records) and of bytes (lists, views) never meet.
  if (remembered) return remembered.json as Body;

  // Versions taken before anything is read: a write that commits meanwhile makes this answer unusable.
  const taken = cache.snapshot([
    ...(answer.reads ?? []),
    ...shape.reads,
    ...[collection, ...shape.collections].flatMap(recordKeys),
  ]);
  const { json, nodes } = await render();
  const body = encode(json);
  cache.storeRendered(key, { json: body, mentions: mentionsOf(nodes) }, caller, taken);
  return body;
}
