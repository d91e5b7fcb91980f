import type { RawBuilder } from 'kysely';

/** The type of an operand's values, as far as the compiler needs it to pick comparisons and casts. */
export type ValueType = 'text' | 'number' | 'bool' | 'json' | 'unknown';

/** Rows a multi-valued operand ranges over: `FROM <from> WHERE <where…>`, correlated to the outer row. */
export interface RowSource {
  from: RawBuilder<unknown>;
  where: Array<RawBuilder<unknown>>;
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
  | { kind: 'sql'; expr: RawBuilder<unknown>; type: ValueType }
  | { kind: 'multi'; expr: RawBuilder<unknown>; type: ValueType; source: RowSource };

export class FilterResolveError extends Error {
  override name = 'FilterResolveError';
}
