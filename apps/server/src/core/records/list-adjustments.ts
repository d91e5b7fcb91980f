import type { Core } from '..';
import type { Collection } from '../collections/model';
import type { RequestInfo } from '../rules/request-info';
import type { ListParams } from './read';

/**
 * What the site changes in a list for this caller: the narrowing it adds (muted tags) and a cheaper
 * equivalent of the list rule (blocks). The list endpoint and the bench's replay both use it, so the
 * bench measures the queries the server runs.
 */
export async function listAdjustments(
  core: Pick<Core, 'listNarrowers' | 'listRuleShortcuts' | 'registry'>,
  collection: Collection,
  request: RequestInfo,
): Promise<Pick<ListParams, 'narrowing' | 'listRules'>> {
  const listRules = new Map<string, string>();
  const ruleOf = (name: string) => listRules.get(name) ?? core.registry.find(name)?.listRule ?? undefined;
  for (const shortcut of core.listRuleShortcuts) {
    for (const [name, rule] of await shortcut(request, ruleOf)) listRules.set(name, rule);
  }
  return {
    narrowing: await core.listNarrowers.get(collection.name)?.(request),
    listRules: listRules.size ? listRules : undefined,
  };
}
