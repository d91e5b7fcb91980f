/**
 * Remembers what an API rule compiled to, so a rule is not walked through the resolver again on every
 * request. Compiling the same rule for the same caller gives the same SQL and the same bound values:
 * the resolver reads only the collection definitions, the flavor, the alias, the alias counter and
 * the parts of `@request` the rule names. The cache key is exactly those, so a hit returns what a
 * fresh compile would have built.
 *
 * A rule is compiled afresh (never cached) when it names anything else that may change between two
 * requests of the same caller: `@request.body`, `@request.query`, `@request.headers`, or a datetime
 * macro such as `@now`. Definitions are covered by the registry's version (any change of any
 * collection empties the cache) and by the identity of the collection objects involved.
 */
import type { Expr, Operand } from '@community/filter';
import type { RawBuilder } from 'kysely';
import type { Collection } from '../collections/model';
import type { CollectionRegistry } from '../collections/registry';
import type { RequestInfo } from './request-info';

/** What of the request a rule's compiled SQL depends on; null when it may not be cached at all. */
export interface RuleNeeds {
  auth: boolean;
  /** The caller's fields the rule names (`roles` of `@request.auth.roles`): they are bound values. */
  authFields: string[];
  context: boolean;
  method: boolean;
}

/** Finds what a parsed rule reads from the request, or null when the rule is not cacheable. */
export function ruleNeeds(expr: Expr): RuleNeeds | null {
  const needs: RuleNeeds = { auth: false, authFields: [], context: false, method: false };
  const visitOperand = (operand: Operand): boolean => {
    if (operand.kind === 'function') return operand.args.every(visitOperand);
    if (operand.kind !== 'identifier') return true;
    const [head, area] = operand.segments;
    if (head === '@request') {
      if (area === 'auth') {
        needs.auth = true;
        const field = operand.segments[2]?.split(':')[0];
        if (field && !needs.authFields.includes(field)) needs.authFields.push(field);
      } else if (area === 'context') needs.context = true;
      else if (area === 'method') needs.method = true;
      else return false; // body, query, headers: they differ per request
      return true;
    }
    // `@collection.*` reads definitions only; other `@` names are macros of the current time.
    return head === '@collection' || !head?.startsWith('@');
  };
  const visit = (node: Expr): boolean =>
    node.kind === 'comparison'
      ? visitOperand(node.left) && visitOperand(node.right)
      : node.items.every(visit);
  return visit(expr) ? needs : null;
}

export interface CompiledRule {
  sql: RawBuilder<unknown>;
  /** The alias counter after compiling, so later aliases in the same query stay what they were. */
  counterAfter: number;
  /** What the compile added to `CompileContext.reads` (list-cache keys). */
  reads: string[];
}

/**
 * Entries per registry, the oldest dropped first. An entry is a few kilobytes (the stories view rule
 * is about 5 KB), so this bounds the cache near 20 MB; a page view fills about five per caller.
 */
const MAX_ENTRIES = 4_000;

const objectIds = new WeakMap<object, number>();
let nextObjectId = 0;

/** A number per object, so keys can tell a replaced definition object from the one it replaced. */
function objectId(value: object): number {
  let id = objectIds.get(value);
  if (id === undefined) {
    id = ++nextObjectId;
    objectIds.set(value, id);
  }
  return id;
}

interface RegistryCache {
  version: number;
  entries: Map<string, CompiledRule>;
}

const caches = new WeakMap<CollectionRegistry, RegistryCache>();

/** The entries for the registry as it is now; null when it has no version (a temporary view). */
function entriesFor(registry: CollectionRegistry): Map<string, CompiledRule> | null {
  const version = (registry as { version?: unknown }).version;
  if (typeof version !== 'number') return null;
  let cache = caches.get(registry);
  if (!cache || cache.version !== version) {
    cache = { version, entries: new Map() };
    caches.set(registry, cache);
  }
  return cache.entries;
}

function requestKey(request: RequestInfo, needs: RuleNeeds): string {
  const parts: unknown[] = [];
  if (needs.auth) {
    const auth = request.auth;
    parts.push(
      auth
        ? [
            objectId(auth.collection),
            auth.isSuperuser,
            // The caller's fields are bound as values (request-operands.ts), so the ones the rule
            // names are part of the key: a changed role compiles afresh. Deeper paths are joined
            // from the caller's row by id.
            auth.record.id,
            auth.record.email,
            auth.record.emailVisibility,
            auth.record.verified,
            needs.authFields.map((field) => auth.record[field] ?? null),
          ]
        : null,
    );
  }
  if (needs.context) parts.push(request.context);
  if (needs.method) parts.push(request.method);
  return JSON.stringify(parts);
}

export interface RuleCacheInput {
  registry: CollectionRegistry;
  flavor: string;
  collection: Collection;
  rule: string;
  alias: string;
  counterBefore: number;
  request: RequestInfo;
  needs: RuleNeeds;
}

/** The cache slot of one compile, or null when this compile must not be cached. */
export function ruleCacheSlot(input: RuleCacheInput): {
  get(): CompiledRule | undefined;
  set(value: CompiledRule): void;
} | null {
  const entries = entriesFor(input.registry);
  if (!entries) return null;
  const key = [
    input.flavor,
    objectId(input.collection),
    input.alias,
    input.counterBefore,
    requestKey(input.request, input.needs),
    input.rule,
  ].join('\u0000');
  return {
    get: () => entries.get(key),
    set(value) {
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, value);
    },
  };
}
