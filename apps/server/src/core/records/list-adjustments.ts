import type { Core } from '..';
import type { Collection } from '../collections/model';
import type { RequestInfo } from '../rules/request-info';
import type { ListNarrower, ListNarrowing, ListParams } from './read';
import type { ExistsReads } from './remembered-exists';

/** What the site changes in a list for one caller. */
export interface ListAdjustments extends Pick<ListParams, 'narrowings' | 'listRules'> {
  /**
   * Cheaper equivalents of view rules for the same caller, for the list's expands: the shortcuts'
   * equivalence ("these rows, for this caller") holds for any rule with the same parts, and without
   * them an expanded post's view rule would name every caller.
   */
  viewRules: ReadonlyMap<string, string> | undefined;
}

/** The narrowings that apply to this request, in the order the site registered them. */
async function narrowingsOf(
  narrowers: readonly ListNarrower[],
  request: RequestInfo,
  io: ExistsReads,
): Promise<ListNarrowing[]> {
  const narrowings: ListNarrowing[] = [];
  for (const narrower of narrowers) {
    const narrowing = await narrower(request, io);
    if (narrowing) narrowings.push(narrowing);
  }
  return narrowings;
}

/** Every collection's rule of one kind, as the site's shortcuts leave it for this caller (only those changed). */
async function shortened(
  core: Pick<Core, 'listRuleShortcuts' | 'registry'>,
  request: RequestInfo,
  io: ExistsReads,
  ownRule: (collection: Collection) => string | null,
): Promise<ReadonlyMap<string, string> | undefined> {
  const rules = new Map<string, string>();
  const ruleOf = (name: string) => {
    const collection = core.registry.find(name);
    return rules.get(name) ?? (collection ? ownRule(collection) : null) ?? undefined;
  };
  for (const shortcut of core.listRuleShortcuts) {
    for (const [name, rule] of await shortcut(request, ruleOf, io)) rules.set(name, rule);
  }
  return rules.size ? rules : undefined;
}

/**
 * What the site changes in a list for this caller: the narrowings it adds (muted tags, blocked
 * members' work) and cheaper
 * equivalents of the list rules (blocks, drafts) and of the view rules its expands apply. The list
 * endpoint and the bench's replay both use it, so the bench measures the queries the server runs.
 * The shortcuts' questions about the caller are remembered (records/remembered-exists.ts), so asking
 * them for both kinds of rule costs no second look-up. Every look-up goes through `io`, which notes
 * what they read when it has a trace.
 */
export async function listAdjustments(
  core: Pick<Core, 'listNarrowers' | 'listRuleShortcuts' | 'registry'>,
  collection: Collection,
  request: RequestInfo,
  io: ExistsReads,
): Promise<ListAdjustments> {
  return {
    narrowings: await narrowingsOf(core.listNarrowers.get(collection.name) ?? [], request, io),
    listRules: await shortened(core, request, io, (c) => c.listRule),
    viewRules: await shortened(core, request, io, (c) => c.viewRule),
  };
}

/** Adds a narrower for lists of `collection`, applied after those already there. */
export function addListNarrower(
  core: Pick<Core, 'listNarrowers'>,
  collection: string,
  narrower: ListNarrower,
): void {
  core.listNarrowers.set(collection, [...(core.listNarrowers.get(collection) ?? []), narrower]);
}
