/**
 * Rules and client filters to SQL. Parsed ASTs are cached per text, so a collection's rule is parsed
 * once; the SQL is built per request because it binds that request's values (`@request.*`).
 */
import { FilterSyntaxError, parseFilter, type Expr } from '@community/filter';
import { sql, type RawBuilder } from 'kysely';
import { ApiError } from '../../tools/api-error';
import { compileFilter } from '../../tools/search/compiler';
import type { SqlFlavor } from '../../tools/search/flavor';
import { FilterResolveError } from '../../tools/search/operand';
import type { Collection } from '../collections/model';
import type { CollectionRegistry } from '../collections/registry';
import { relatedFacts, ruleGivenFilter } from './implied';
import { RecordFieldResolver } from './record-resolver';
import { isSuperuser, type RequestInfo } from './request-info';

const MAX_CACHED = 2000;
const parsed = new Map<string, Expr>();

/** Parses with a bounded cache (rules repeat on every request; client filters mostly do too). */
export function parseCached(text: string): Expr {
  let expr = parsed.get(text);
  if (!expr) {
    expr = parseFilter(text);
    if (parsed.size >= MAX_CACHED) parsed.delete(parsed.keys().next().value!);
    parsed.set(text, expr);
  }
  return expr;
}

export interface CompileContext {
  registry: CollectionRegistry;
  flavor: SqlFlavor;
  request: RequestInfo;
  counter?: { next: number };
  /** Collects what the compiled SQL reads (see `ResolverOptions.reads`). */
  reads?: Set<string>;
}

/** An API rule as SQL against `alias` (rules may read hidden fields and join any collection). */
export function ruleSql(
  ctx: CompileContext,
  collection: Collection,
  rule: string | Expr,
  alias: string,
): RawBuilder<unknown> {
  const resolver = new RecordFieldResolver({
    ...ctx,
    collection,
    alias,
    client: false,
    counter: (ctx.counter ??= { next: 0 }),
  });
  return compileFilter(typeof rule === 'string' ? parseCached(rule) : rule, resolver, ctx.flavor);
}

/**
 * A caller's `filter` as SQL. Hidden fields are off limits, and every collection the filter reaches
 * must allow the caller to list the rows it reads (PocketBase ≥ 0.32).
 */
export function clientFilterSql(
  ctx: CompileContext,
  collection: Collection,
  filter: string,
  alias: string,
): RawBuilder<unknown> {
  const counter = (ctx.counter ??= { next: 0 });
  const superuser = isSuperuser(ctx.request);
  const expr = parseCached(filter);
  const resolver = new RecordFieldResolver({
    ...ctx,
    collection,
    alias,
    counter,
    client: !superuser,
    facts: relatedFacts(ctx.registry, collection, expr),
    readGuard: (owner, field, fieldAlias) =>
      field.readRule ? ruleSql({ ...ctx, counter }, owner, field.readRule, fieldAlias) : sql`1 = 1`,
    gate: (joined, joinedAlias, given) => {
      if (joined.listRule === null) throw new FilterResolveError(`${joined.name} cannot be filtered by`);
      if (joined.listRule === '') return null;
      const rule = parseCached(joined.listRule);
      const needed = given.length ? ruleGivenFilter(ctx.registry, joined, rule, given) : rule;
      return needed === true ? null : ruleSql({ ...ctx, counter }, joined, needed, joinedAlias);
    },
  });
  return compileFilter(expr, resolver, ctx.flavor);
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

export const TRUE_SQL = sql`1 = 1`;
