/**
 * Compiles a parsed filter into one parameterised SQL boolean expression. Identifiers are resolved by
 * a `FilterResolver` (the record layer knows collections; this module does not). Values never enter
 * the SQL text: every literal is a bound parameter.
 *
 * Multi-valued operands (PocketBase §3.6) become correlated subqueries instead of joins, so no row is
 * ever duplicated and no DISTINCT is needed:
 *   any-of (`?=` …):  EXISTS (SELECT 1 FROM src WHERE cond)
 *                     [OR (NOT EXISTS (SELECT 1 FROM src) AND cond[NULL])], when cond[NULL] can hold
 *   all-of (`=` …):   NOT EXISTS (SELECT 1 FROM src WHERE NOT cond)
 *                     AND (EXISTS (SELECT 1 FROM src WHERE cond) OR (NOT EXISTS (SELECT 1 FROM src) AND cond[NULL]))
 * The NULL clauses reproduce PocketBase's LEFT JOIN: with no related rows (or values) the value is NULL.
 */
import type { ComparisonExpr, Expr, Operand } from '@community/filter';
import { sql, type RawBuilder } from 'kysely';
import { compareSides, staticCompare, type Scalar, type Side } from './compare';
import type { SqlFlavor } from './flavor';
import { FilterResolveError, type Resolved, type RowSource } from './operand';

export interface FilterResolver {
  /**
   * Resolves an identifier operand (field path, `@request.*`, `@collection.*`, macro); `comparison`
   * is the comparison it stands in, for resolvers that can use what it implies.
   */
  resolveIdentifier(operand: Extract<Operand, { kind: 'identifier' }>, comparison?: ComparisonExpr): Resolved;
  /** Resolves `strftime(...)` and other functions; may throw FilterResolveError. */
  resolveFunction(operand: Extract<Operand, { kind: 'function' }>): Resolved;
}

export function resolveOperand(
  operand: Operand,
  resolver: FilterResolver,
  comparison?: ComparisonExpr,
): Resolved {
  switch (operand.kind) {
    case 'text':
      return { kind: 'static', value: operand.value };
    case 'number':
      return { kind: 'static', value: operand.value };
    case 'null':
      return { kind: 'static', value: null };
    case 'bool':
      return { kind: 'static', value: operand.value };
    case 'identifier':
      return resolver.resolveIdentifier(operand, comparison);
    case 'function':
      return resolver.resolveFunction(operand);
  }
}

export function compileFilter(expr: Expr, resolver: FilterResolver, flavor: SqlFlavor): RawBuilder<unknown> {
  switch (expr.kind) {
    case 'and':
      return sql`(${sql.join(
        expr.items.map((item) => compileFilter(item, resolver, flavor)),
        sql` AND `,
      )})`;
    case 'or':
      return sql`(${sql.join(
        expr.items.map((item) => compileFilter(item, resolver, flavor)),
        sql` OR `,
      )})`;
    case 'comparison':
      return compileComparison(expr, resolver, flavor);
  }
}

function compileComparison(
  expr: ComparisonExpr,
  resolver: FilterResolver,
  flavor: SqlFlavor,
): RawBuilder<unknown> {
  const left = resolveOperand(expr.left, resolver, expr);
  const right = resolveOperand(expr.right, resolver, expr);
  const anyOf = expr.op.startsWith('?');

  // Known lists (`@request.body.x:each`) expand into one comparison per value.
  if (left.kind === 'statics' || right.kind === 'statics') {
    const [lefts, rights] = [expandStatics(left), expandStatics(right)];
    const parts = lefts.flatMap((l) => rights.map((r) => compileComparisonResolved(expr, l, r, flavor)));
    if (parts.length === 0) return flavor.bool(!anyOf);
    return sql`(${sql.join(parts, anyOf ? sql` OR ` : sql` AND `)})`;
  }
  return compileComparisonResolved(expr, left, right, flavor);
}

function expandStatics(resolved: Resolved): Resolved[] {
  return resolved.kind === 'statics'
    ? resolved.values.map((value) => ({ kind: 'static', value }))
    : [resolved];
}

function side(resolved: Resolved): Side {
  if (resolved.kind === 'static') return { value: resolved.value };
  if (resolved.kind === 'statics') throw new FilterResolveError('a list of values cannot be compared here');
  const json = resolved.json ? { json: resolved.json } : {};
  return resolved.kind === 'sql' && resolved.notNull
    ? { expr: resolved.expr, type: resolved.type, notNull: true, ...json }
    : { expr: resolved.expr, type: resolved.type, ...json };
}

const nullSide = (resolved: Resolved): Side => (resolved.kind === 'multi' ? { value: null } : side(resolved));

/**
 * `rel.field = value` as `rel IN (SELECT id FROM related WHERE field = value)`, when `field` is unique
 * on the related collection (see `Membership`), and only when the comparison is false for a missing
 * related row (NULL), because that is what IN gives for one.
 */
function asMembership(
  expr: ComparisonExpr,
  left: Resolved,
  right: Resolved,
  flavor: SqlFlavor,
): RawBuilder<unknown> | null {
  const forward = left.kind === 'sql' && left.membership !== undefined && right.kind === 'static';
  const backward = right.kind === 'sql' && right.membership !== undefined && left.kind === 'static';
  if (!forward && !backward) return null;
  const via = (forward ? left : right) as Extract<Resolved, { kind: 'sql' }>;
  const literal = (forward ? right : left) as Extract<Resolved, { kind: 'static' }>;
  if (expr.op !== '=' || !via.membership!.unique) return null;
  const holdsForMissing = forward
    ? staticCompare(expr.op, null, literal.value)
    : staticCompare(expr.op, literal.value, null);
  if (holdsForMissing) return null;
  const m = via.membership!;
  const related: Side = { expr: m.expr, type: via.type };
  const cond = forward
    ? compareSides(expr.op, related, { value: literal.value }, flavor)
    : compareSides(expr.op, { value: literal.value }, related, flavor);
  return sql`${m.column} IN (SELECT ${m.id} FROM ${m.from} WHERE ${sql.join([...m.where, cond], sql` AND `)})`;
}

function compileComparisonResolved(
  expr: ComparisonExpr,
  left: Resolved,
  right: Resolved,
  flavor: SqlFlavor,
): RawBuilder<unknown> {
  const membership = asMembership(expr, left, right, flavor);
  if (membership) return membership;
  const cond = compareSides(expr.op, side(left), side(right), flavor);
  const sources = [left, right]
    .filter((r): r is Extract<Resolved, { kind: 'multi' }> => r.kind === 'multi')
    .map((r) => r.source);
  if (sources.length === 0) return cond;

  const select = (where: RawBuilder<unknown> | null) => subquery(sources, where);
  const reversed = asAnchoredMembership(expr, left, right, cond);
  if (reversed) return reversed;
  const whenEmpty = isLike(expr)
    ? flavor.bool(false)
    : compareSides(expr.op, nullSide(left), nullSide(right), flavor);
  if (expr.op.startsWith('?')) {
    // PostgreSQL may turn an EXISTS under an OR (the rules' "published, or mine, or staff") into a
    // hashed ANY that reads the whole related table on every request, even for a page of ten.
    // `OFFSET 0` keeps it a per-row check (it changes nothing else): a page walks its sort index.
    const fence = flavor.name === 'postgres' ? sql` OFFSET 0` : sql``;
    const any = sql`EXISTS (${select(cond)}${fence})`;
    // PocketBase LEFT JOINs the values, so no values is one NULL value (`tags:each ?!= "a"` holds
    // for a record without tags). Most comparisons are false for NULL, and then nothing is added.
    if (isFalse(expr, left, right)) return any;
    return sql`(${any} OR (NOT EXISTS (${select(null)}${fence}) AND ${whenEmpty}))`;
  }
  return sql`(NOT EXISTS (${select(sql`NOT (${cond})`)}) AND (EXISTS (${select(cond)}) OR (NOT EXISTS (${select(null)}) AND ${whenEmpty})))`;
}

/** `~`/`!~` (and their `?` forms): SQL's LIKE on the NULL value is NULL, so never a match. */
const isLike = (expr: ComparisonExpr) => expr.op.replace('?', '').endsWith('~');

/** Whether the comparison is known to be false when every multi-valued side is NULL. */
function isFalse(expr: ComparisonExpr, left: Resolved, right: Resolved): boolean {
  if (isLike(expr)) return true;
  const known = (r: Resolved) => (r.kind === 'multi' ? { value: null } : r.kind === 'static' ? r : null);
  const [a, b] = [known(left), known(right)];
  return a !== null && b !== null && !staticCompare(expr.op, a.value, b.value);
}

/**
 * `rel.id ?= X` (any related record is X) asked from X's side: `outer IN (SELECT inner FROM … WHERE
 * value = X)`, see `Anchor`. Only for an equality with a known value on a unique field of the related
 * collection, where the subquery is an index lookup yielding few rows; for anything broader it
 * could list most of a table, and testing each outer row (EXISTS) is the cheaper plan.
 */
function asAnchoredMembership(
  expr: ComparisonExpr,
  left: Resolved,
  right: Resolved,
  cond: RawBuilder<unknown>,
): RawBuilder<unknown> | null {
  if (expr.op !== '?=') return null;
  const [multi, known] = left.kind === 'multi' ? [left, right] : [right, left];
  if (multi.kind !== 'multi' || known.kind !== 'static' || known.value === null) return null;
  const { anchor, unique } = multi.source;
  if (!anchor || !unique) return null;
  const rest = multi.source.where.filter((condition) => condition !== anchor.correlation);
  return sql`${anchor.outer} IN (SELECT ${anchor.inner} FROM ${multi.source.from} WHERE ${sql.join([...rest, cond], sql` AND `)})`;
}

function subquery(sources: RowSource[], condition: RawBuilder<unknown> | null): RawBuilder<unknown> {
  const from = sql.join(
    sources.map((s) => s.from),
    sql`, `,
  );
  const where = [...sources.flatMap((s) => s.where), ...(condition ? [condition] : [])];
  return where.length
    ? sql`SELECT 1 FROM ${from} WHERE ${sql.join(where, sql` AND `)}`
    : sql`SELECT 1 FROM ${from}`;
}

export type { Scalar };
