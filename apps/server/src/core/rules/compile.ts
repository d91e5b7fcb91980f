/**
 * Rules and client filters to SQL. Parsed ASTs are cached per text, so a collection's rule is parsed
 * once. A rule's SQL binds the request's values (`@request.*`), so it is remembered per caller and
 * definitions (rule-cache.ts); client filters are compiled per request.
 */
import { FilterSyntaxError, parseFilter, type Expr } from '@community/filter';
import { sql, type RawBuilder } from 'kysely';
import { ApiError } from '../../tools/api-error';
import { compileFilter } from '../../tools/search/compiler';
import { memoByText } from '../../tools/memo';
import { flattenSql } from '../../tools/search/flatten-sql';
import type { SqlFlavor } from '../../tools/search/flavor';
import { FilterResolveError } from '../../tools/search/operand';
import type { Collection } from '../collections/model';
import type { CollectionRegistry } from '../collections/registry';
import { relatedFacts, callerIdOf, ruleGivenFilter } from './implied';
import { RecordFieldResolver, type PinnedRows } from './record-resolver';
import { ruleCacheSlot, ruleNeeds } from './rule-cache';
import { isSuperuser, type RequestInfo } from './request-info';

const MAX_CACHED = 2000;

/** Parses with a bounded cache (rules repeat on every request; client filters mostly do too). */
export const parseCached: (text: string) => Expr = memoByText(MAX_CACHED, parseFilter);

export interface CompileContext {
  registry: CollectionRegistry;
  flavor: SqlFlavor;
  request: RequestInfo;
  counter?: { next: number };
  /** Collects what the compiled SQL reads (see `ResolverOptions.reads`). */
  reads?: Set<string>;
  /** This caller's cheaper equivalents of list rules, by collection (records/read.ts `ListParams`). */
  listRules?: ReadonlyMap<string, string> | undefined;
  /** For a list's filter: the relation fields whose gate is known to hold (`ResolverOptions.openGates`). */
  openGates?: ReadonlySet<string> | undefined;
  /** For a list's own statements: the relations its filter pins (`ResolverOptions.pinned`). */
  pinned?: PinnedRows | undefined;
  /** For a list's filter: rule conditions the site's narrowings settle (`ResolverOptions.settled`). */
  settled?: ReadonlyMap<string, readonly Expr[]> | undefined;
}

/** The list rule that applies to this caller: the collection's, or the equivalent the site supplied. */
export function listRuleOf(ctx: CompileContext, collection: Collection): string | null {
  const own = collection.listRule;
  return own ? (ctx.listRules?.get(collection.name) ?? own) : own;
}

/** An API rule as SQL against `alias` (rules may read hidden fields and join any collection). */
export function ruleSql(
  ctx: CompileContext,
  collection: Collection,
  rule: string | Expr,
  alias: string,
): RawBuilder<unknown> {
  const counter = (ctx.counter ??= { next: 0 });
  if (typeof rule !== 'string') {
    // A rule simplified for one filter (implied.ts): small, and not worth a cache entry per filter.
    const resolver = new RecordFieldResolver({ ...ctx, collection, alias, client: false, counter });
    return compileFilter(rule, resolver, ctx.flavor);
  }
  const expr = parseCached(rule);
  // Rules are compiled several times per request (view rule, field read rules, each expanded
  // collection) and the resolver walk was the largest share of a simple view's CPU; see rule-cache.
  const needs = ruleNeedsCached(rule);
  const slot = needs
    ? ruleCacheSlot({
        registry: ctx.registry,
        flavor: ctx.flavor.name,
        collection,
        rule,
        alias,
        counterBefore: counter.next,
        request: ctx.request,
        needs,
      })
    : null;
  const hit = slot?.get();
  if (hit) {
    counter.next = hit.counterAfter;
    for (const key of hit.reads) ctx.reads?.add(key);
    return hit.sql;
  }
  // Compiled with its own `reads`, so a cache entry knows exactly what this rule added. A rule's text
  // is compiled without pins, whether remembered or not: the same text serves statements that do not
  // hold them (a page's rows read again by id, a look-up in another table).
  const reads = new Set<string>();
  const resolver = new RecordFieldResolver({
    ...ctx,
    pinned: undefined,
    reads,
    collection,
    alias,
    client: false,
    counter,
  });
  const compiled = compileFilter(expr, resolver, ctx.flavor);
  for (const key of reads) ctx.reads?.add(key);
  if (!slot) return compiled;
  // Flattened once here, so every query embedding the remembered rule compiles it cheaply.
  const flat = flattenSql(compiled, ctx.flavor.name);
  slot.set({ sql: flat, counterAfter: counter.next, reads: [...reads] });
  return flat;
}

/** What each rule text reads from the request (rule-cache.ts), worked out once per text. */
const ruleNeedsCached = memoByText(MAX_CACHED, (rule) => ruleNeeds(parseCached(rule)));

/**
 * The one read guard for what a caller writes into a query (PRODUCT.md §15): the resolver behind both
 * `filter` and `sort`. Hidden fields are off limits; a field with a `readRule` reads as empty where
 * the caller may not read it; every collection a path reaches must let the caller list the rows it
 * reads (PocketBase ≥ 0.32). A sort on a private or related value therefore orders by what the
 * caller could see anyway, and reveals nothing a filter would not.
 */
export function clientResolver(
  ctx: CompileContext,
  collection: Collection,
  alias: string,
  expr?: Expr,
): RecordFieldResolver {
  const counter = (ctx.counter ??= { next: 0 });
  return new RecordFieldResolver({
    ...ctx,
    collection,
    alias,
    counter,
    client: !isSuperuser(ctx.request),
    ...(expr ? { facts: relatedFacts(ctx.registry, collection, expr) } : {}),
    readGuard: (owner, field, fieldAlias) =>
      field.readRule ? ruleSql({ ...ctx, counter }, owner, field.readRule, fieldAlias) : sql`1 = 1`,
    gate: (joined, joinedAlias, given, settled) => {
      const listRule = listRuleOf(ctx, joined);
      if (listRule === null) throw new FilterResolveError(`${joined.name} cannot be filtered by`);
      if (listRule === '') return null;
      const rule = parseCached(listRule);
      const needed =
        given.length || settled.length
          ? ruleGivenFilter(ctx.registry, joined, rule, given, callerIdOf(ctx.request), settled)
          : rule;
      return needed === true ? null : ruleSql({ ...ctx, counter }, joined, needed, joinedAlias);
    },
  });
}

/** A caller's `filter` as SQL, through the read guard (`clientResolver`). */
export function clientFilterSql(
  ctx: CompileContext,
  collection: Collection,
  filter: string,
  alias: string,
): RawBuilder<unknown> {
  const expr = parseCached(filter);
  return compileFilter(expr, clientResolver(ctx, collection, alias, expr), ctx.flavor);
}

/** Runs `build` and turns filter syntax and resolution errors into PocketBase's generic 400. */
export function asBadRequest<T>(build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (error instanceof FilterSyntaxError || error instanceof FilterResolveError) {
      throw new ApiError(400, 'Something went wrong while processing your request.', {});
    }
    throw error;
  }
}
