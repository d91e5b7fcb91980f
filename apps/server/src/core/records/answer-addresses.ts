/**
 * Where a caller's list request finds its remembered answer without compiling anything.
 *
 * A remembered answer (records/list-answers.ts) is found by the statements the request compiles to
 * for its caller, so finding it costs the compile: the site's shortcuts and the pinned look-ups, the
 * rule and filter compiled, the statements printed. On a remembered comment page that is most of the
 * request (docs/adr/0015-answer-addresses.md). Yet for one caller the statements are a function of
 *   - the definitions (the list cache forgets everything when one changes; their version is part of
 *     the address as well);
 *   - the request: what the rules read of it, which is the caller's account and the query string
 *     (`@request.auth.*`, `@request.query.*`), when no rule reads more (see `readsOnlyCallerAndQuery`);
 *   - and the look-ups made before compiling (blocks, drafts, mutes, pinned records), each of which
 *     notes the list-cache keys it read (`ExistsReads.trace`).
 * So the address of a request is the first two written out, and it keeps the answer's key while
 * nothing the look-ups read changes. The answer itself is then taken under its key as before: shared,
 * and never served to a caller it mentions.
 */
import type { Collection } from '../collections/model';
import type { CollectionRegistry } from '../collections/registry';
import type { RequestInfo } from '../rules/request-info';
import { MAX_MENTION, type JsonBody, type ListCache } from './list-cache';
import { readFlagColumns } from './record';

/** A rule part reading the request beyond the caller and the query (headers, body...), or the clock. */
const READS_MORE = /@(?!request\.auth\b|request\.query\b|collection\.)/;

const scanned = new WeakMap<CollectionRegistry, { version: number; onlyCallerAndQuery: boolean }>();

/**
 * Whether every list, view and field read rule reads of the request only the caller and the query,
 * and nothing of the clock: then two requests alike in those compile alike. Scanned once per version
 * of the definitions.
 */
function readsOnlyCallerAndQuery(registry: CollectionRegistry): boolean {
  const known = scanned.get(registry);
  if (known?.version === registry.version) return known.onlyCallerAndQuery;
  const onlyCallerAndQuery = registry
    .all()
    .flatMap((c) => [c.listRule, c.viewRule, ...readFlagColumns(c).map((flag) => flag.rule)])
    .every((rule) => !rule || !READS_MORE.test(rule));
  scanned.set(registry, { version: registry.version, onlyCallerAndQuery });
  return onlyCallerAndQuery;
}

/**
 * The address of a list request: what its statements depend on besides the look-ups. Undefined when
 * it cannot have one: a rule reads more of the request, the filter or sort names a macro (`@now`,
 * `@random`...), or the caller's id is longer than the texts an answer records.
 */
export function answerAddress(
  registry: CollectionRegistry,
  collection: Collection,
  request: RequestInfo,
  /** What else names the request besides its query string: a viewed record's id. */
  target = '',
): string | undefined {
  const { filter, sort } = request.query;
  if (filter?.includes('@') || sort?.includes('@')) return undefined;
  const auth = request.auth;
  if (auth && String(auth.record.id).length > MAX_MENTION) return undefined;
  if (!readsOnlyCallerAndQuery(registry)) return undefined;
  const asked = [
    collection.id,
    target,
    registry.version,
    request.method,
    request.context,
    request.query,
    auth ? [auth.collection.id, auth.isSuperuser, auth.record] : null,
  ];
  return `address\u0002${JSON.stringify(asked)}`;
}

/** The remembered answer at `address`, when the address and the answer are both still valid for this caller. */
export function answerAt(cache: ListCache, address: string, request: RequestInfo): JsonBody | undefined {
  const answerKey = cache.getAddress(address);
  if (answerKey === undefined) return undefined;
  return cache.getRendered(answerKey, request.auth ? String(request.auth.record.id) : undefined)?.json;
}

/** A request's address with what its look-ups read, and the list cache's change count before them. */
export interface AddressNote {
  address: string;
  trace: ReadonlySet<string>;
  since: number;
}

/**
 * Keeps `answerKey` at the request's address while nothing its look-ups read changes. When anything
 * changed since the look-ups started, their versions now may not be the ones they saw: nothing is kept.
 */
export function rememberAddress(cache: ListCache, note: AddressNote, answerKey: string): void {
  if (cache.changeCount !== note.since) return;
  cache.store(note.address, { answerKey }, cache.snapshot(note.trace));
}
