/**
 * Every rule of the community's collections, compiled through the rule cache (remembered and
 * flattened, core/rules/rule-cache.ts and tools/search/flatten-sql.ts), gives the same SQL text and
 * the same bound values as a compile that bypasses the cache, on both databases and for several
 * callers: the cache may only make rules cheaper, never different.
 */
import type { RawBuilder } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CollectionRegistry } from '../../src/core/collections/registry';
import { ruleSql } from '../../src/core/rules/compile';
import { guestRequest, type RequestInfo } from '../../src/core/rules/request-info';
import { buildCommunity, type Community, type Role } from '../support/community';
import { describeEachDialect } from '../support/databases';

const RULES = ['listRule', 'viewRule', 'createRule', 'updateRule', 'deleteRule', 'manageRule'] as const;
const CALLERS: Role[] = ['guest', 'bob', 'mod', 'admin'];

describeEachDialect('cached community rules', (getDb) => {
  let community: Community;
  beforeAll(async () => {
    community = await buildCommunity(getDb());
  });
  afterAll(async () => {
    await community.server.close();
  });

  it('compile exactly as an uncached compile does', async () => {
    const { core } = community;
    // A registry without a version is never cached (as for rule validation): the reference compile.
    const uncached = {
      find: (idOrName: string) => core.registry.find(idOrName),
      all: () => core.registry.all(),
    } as unknown as CollectionRegistry;
    const text = (builder: RawBuilder<unknown>) => {
      const { sql, parameters } = builder.compile(core.db.kysely);
      return { sql, parameters: [...parameters] };
    };
    let compared = 0;
    for (const role of CALLERS) {
      const token = community.token(role);
      const auth = token ? await core.tokens.authenticate(core.records, token) : null;
      const requests: RequestInfo[] = [guestRequest({ auth }), guestRequest({ auth, context: 'expand' })];
      for (const request of requests) {
        for (const collection of core.registry.all()) {
          const rules = [
            ...RULES.map((name) => collection[name]),
            ...collection.fields.map((field) => field.readRule),
          ].filter((rule): rule is string => Boolean(rule));
          for (const rule of rules) {
            const compile = (registry: CollectionRegistry, start: number) =>
              text(
                ruleSql(
                  { registry, flavor: core.db.flavor, request, counter: { next: start } },
                  collection,
                  rule,
                  '_r',
                ),
              );
            for (const start of [0, 3]) {
              const expected = compile(uncached, start);
              // The first call fills the cache, the second is served from it.
              expect(compile(core.registry, start)).toEqual(expected);
              expect(compile(core.registry, start)).toEqual(expected);
              compared++;
            }
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });
});
