/**
 * One comparison between two single values, with PocketBase's semantics: `null` and `''` are equal
 * under `=`/`!=`, `~` means "contains" unless the pattern has its own `%`, and literals are coerced to
 * the other side's type so PostgreSQL's strict typing sees well-typed SQL.
 */
import type { ComparisonOperator } from '@community/filter';
import { sql, type RawBuilder } from 'kysely';
import type { SqlFlavor } from './flavor';
import type { ValueType } from './operand';

export type Scalar = string | number | boolean | null;

/** One side of a comparison: a known value, or an SQL expression of a known type. */
export type Side =
  | { value: Scalar }
  | {
      expr: RawBuilder<unknown>;
      type: ValueType;
      notNull?: boolean;
      /** A json field or path as the dialect types it: `=`/`!=` with a literal is PocketBase's IS / IS NOT. */
      json?: RawBuilder<unknown>;
    };

const isStatic = (side: Side): side is { value: Scalar } => 'value' in side;
const isEmpty = (v: Scalar) => v === null || v === '';

/** Coerces a literal to the column's type where that keeps its meaning; otherwise says "compare as text". */
function coerce(value: Scalar, type: ValueType): { value: Scalar; asText: boolean } {
  if (value === null) return { value, asText: false };
  switch (type) {
    case 'number': {
      if (typeof value === 'number') return { value, asText: false };
      if (typeof value === 'boolean') return { value: value ? 1 : 0, asText: false };
      const n = Number(value);
      return value.trim() !== '' && Number.isFinite(n)
        ? { value: n, asText: false }
        : { value, asText: true };
    }
    case 'bool':
      if (typeof value === 'boolean') return { value, asText: false };
      if (value === 1 || value === 0) return { value: value === 1, asText: false };
      if (value === 'true' || value === 'false') return { value: value === 'true', asText: false };
      return { value: String(value), asText: true };
    case 'text':
      return { value: typeof value === 'string' ? value : String(value), asText: false };
    default:
      return { value: typeof value === 'string' ? value : String(value), asText: true };
  }
}

function bind(value: Scalar, flavor: SqlFlavor): RawBuilder<unknown> {
  if (value === null) return sql`NULL`;
  if (typeof value === 'boolean') return flavor.bool(value);
  return sql`${value}`;
}

/** Escapes LIKE wildcards in a literal unless the caller wrote their own `%` (then they control matching). */
function likePattern(value: string): string {
  if (/(^|[^\\])%/.test(value)) return value;
  return `%${value.replace(/\\(?![%_\\])/g, '\\\\').replace(/(^|[^\\])([%_])/g, '$1\\$2')}%`;
}

export function staticCompare(op: ComparisonOperator, a: Scalar, b: Scalar): boolean {
  const base = op.replace('?', '');
  if (base === '=' || base === '!=') {
    const equal = (isEmpty(a) && isEmpty(b)) || (a !== null && b !== null && String(a) === String(b));
    return base === '=' ? equal : !equal;
  }
  if (base === '~' || base === '!~') {
    const contains =
      String(b ?? '') === ''
        ? true
        : String(a ?? '')
            .toLowerCase()
            .includes(
              String(b ?? '')
                .replace(/%/g, '')
                .toLowerCase(),
            );
    return base === '~' ? contains : !contains;
  }
  if (a === null || b === null) return false;
  const [x, y] =
    typeof a === 'number' || typeof b === 'number' ? [Number(a), Number(b)] : [String(a), String(b)];
  return base === '>' ? x > y : base === '>=' ? x >= y : base === '<' ? x < y : x <= y;
}

export function compareSides(
  op: ComparisonOperator,
  left: Side,
  right: Side,
  flavor: SqlFlavor,
): RawBuilder<unknown> {
  if (isStatic(left) && isStatic(right)) return flavor.bool(staticCompare(op, left.value, right.value));
  const base = op.replace('?', '');

  // `'abc' ~ title` is allowed: the literal is the haystack.
  if (base === '~' || base === '!~') {
    const negate = base === '!~';
    if (isStatic(right)) {
      const expr = isStatic(left) ? bind(left.value, flavor) : left.expr;
      return flavor.like(expr, sql`${likePattern(String(right.value ?? ''))}`, negate);
    }
    const haystack = isStatic(left) ? sql`${String(left.value ?? '')}` : flavor.asText(left.expr);
    return flavor.like(haystack, sql`('%' || ${flavor.asText(right.expr)} || '%')`, negate);
  }

  if (isStatic(left) || isStatic(right)) {
    const swapped = isStatic(left);
    const column = (swapped ? right : left) as Exclude<Side, { value: Scalar }>;
    const literal = (swapped ? left : right) as { value: Scalar };
    if (column.json && (base === '=' || base === '!=')) {
      // PocketBase compares json values without a null fallback: `x IS v` / `x IS NOT v`.
      const same = flavor.jsonIs(column.json, literal.value);
      return base === '=' ? same : sql`(NOT ${same})`;
    }
    const { value, asText } = coerce(literal.value, column.type);
    const expr = asText ? flavor.asText(column.expr) : column.expr;
    if ((base === '=' || base === '!=') && isEmpty(value)) {
      // A NOT NULL column is blank only as '': without the `IS NULL` branch an index on it still applies.
      const text = column.type === 'text' || asText;
      // COALESCE names the value once: a related field is a subquery, which `x = '' OR x IS NULL`
      // would run twice for every row tested.
      const blank =
        text && column.notNull
          ? sql`${expr} = ''`
          : text
            ? sql`COALESCE(${expr}, '') = ''`
            : sql`(${expr} IS NULL)`;
      return base === '=' ? blank : sql`(NOT ${blank})`;
    }
    const param = bind(value, flavor);
    if (base === '=') return sql`${expr} = ${param}`;
    if (base === '!=') return sql`${expr} IS DISTINCT FROM ${param}`;
    const sqlOp = sql.raw(swapped ? mirror(base) : base);
    return sql`${expr} ${sqlOp} ${param}`;
  }

  // Two expressions: compare as the same type, or as text when the types differ.
  const sameType = left.type === right.type && left.type !== 'json' && left.type !== 'unknown';
  const a = sameType ? left.expr : flavor.asText(left.expr);
  const b = sameType ? right.expr : flavor.asText(right.expr);
  const textual = !sameType || left.type === 'text';
  if (base === '=' || base === '!=') {
    const eq = textual ? sql`COALESCE(${a}, '') = COALESCE(${b}, '')` : sql`${a} IS NOT DISTINCT FROM ${b}`;
    return base === '=' ? eq : sql`(NOT (${eq}))`;
  }
  return sql`${a} ${sql.raw(base)} ${b}`;
}

function mirror(op: string): string {
  return op === '>' ? '<' : op === '>=' ? '<=' : op === '<' ? '>' : op === '<=' ? '>=' : op;
}
