import type { RawBuilder } from 'kysely';

/** The type of an operand's values, as far as the compiler needs it to pick comparisons and casts. */
export type ValueType = 'text' | 'number' | 'bool' | 'json' | 'unknown';

/** Rows a multi-valued operand ranges over: `FROM <from> WHERE <where…>`, correlated to the outer row. */
export interface RowSource {
  from: RawBuilder<unknown>;
  where: Array<RawBuilder<unknown>>;
  /** How the rows are tied to the outer row, when that is one equality (see `Anchor`). */
  anchor?: Anchor | undefined;
  /** Whether the operand's value identifies at most one row of its collection (its id, a unique field). */
  unique?: boolean;
}

/**
 * The one condition tying a path's rows to the row being tested: `inner = outer`, where `outer` is a
 * column of that row that is never NULL and `correlation` is that condition as it stands in `where`.
 * It lets "any of the related values equals X" be asked the other way round, as
 * `outer IN (SELECT inner FROM … WHERE <value> = X)`: starting from X (an index lookup when the value
 * is unique) instead of testing every outer row. Both forms are true for exactly the same rows.
 */
export interface Anchor {
  outer: RawBuilder<unknown>;
  inner: RawBuilder<unknown>;
  correlation: RawBuilder<unknown>;
}

/**
 * What an identifier or literal resolves to:
 * - `static`: a value known before the query runs (literals, `@request.*`, macros); bound as a parameter;
 * - `statics`: several known values (`@request.body.tags:each`); compared one by one;
 * - `sql`: one value per row (a column, or a scalar subquery over single relations);
 * - `multi`: many values per row, ranging over `source` (multiple relations, back-relations, `@collection`).
 */
export type Resolved =
  | { kind: 'static'; value: string | number | boolean | null; type?: ValueType }
  | { kind: 'statics'; values: Array<string | number | boolean | null> }
  | {
      kind: 'sql';
      expr: RawBuilder<unknown>;
      type: ValueType;
      membership?: Membership;
      /** A stored column of the row itself: never NULL (every record column is NOT NULL). */
      notNull?: boolean;
      /** For a json field or path: the value as `SqlFlavor.jsonValue` gives it (see `Side.json`). */
      json?: RawBuilder<unknown>;
    }
  | {
      kind: 'multi';
      expr: RawBuilder<unknown>;
      type: ValueType;
      source: RowSource;
      json?: RawBuilder<unknown>;
    };

/**
 * A value read through one single relation (`author.username`): `column` holds the related id, and
 * `expr` is the value on a row of `from`. An equality with a known value on a unique related field
 * can then be asked as `column IN (SELECT id FROM from WHERE …)`: the subquery is one index lookup
 * giving at most one id, and the outer rows are found through `column`'s index. For any other
 * comparison (`post.published != ''`) the subquery would list a large share of the related table on
 * every request, so the value is read per row instead, which lets the outer query walk its own
 * sort index and stop at the page's end.
 */
export interface Membership {
  column: RawBuilder<unknown>;
  /** `<table> AS <alias>` of the related collection. */
  from: RawBuilder<unknown>;
  /** The related row's id column. */
  id: RawBuilder<unknown>;
  /** Conditions on the related row that the path already carried (a client filter's list-rule gate). */
  where: Array<RawBuilder<unknown>>;
  expr: RawBuilder<unknown>;
  /** Whether `expr` is a field with at most one record per value (the id or a unique index). */
  unique: boolean;
}

export class FilterResolveError extends Error {
  override name = 'FilterResolveError';
}
