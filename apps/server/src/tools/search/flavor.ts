import type { RawBuilder } from 'kysely';

/** The SQL pieces that differ between SQLite and PostgreSQL, as the filter compiler needs them. */
export interface SqlFlavor {
  readonly name: 'sqlite' | 'postgres';
  /** A FROM item yielding one row per element of a JSON array expression, with the column `value` (text). */
  jsonEach(arrayExpr: RawBuilder<unknown>, alias: string): RawBuilder<unknown>;
  /** Number of elements of a JSON array expression; a scalar or empty value counts as documented per dialect. */
  jsonArrayLength(arrayExpr: RawBuilder<unknown>): RawBuilder<unknown>;
  /** A value inside a JSON column at a path of keys and array indexes, as text. */
  jsonExtract(jsonExpr: RawBuilder<unknown>, path: Array<string | number>): RawBuilder<unknown>;
  /**
   * Any column's value as JSON: JSON as itself, anything else (plain text, a number) as a JSON scalar.
   * A view's undeclared column holds whatever its query selects, and compares by its plain value.
   */
  anyAsJson(expr: RawBuilder<unknown>): RawBuilder<unknown>;
  /** The same value as the dialect types it (SQLite: json_extract's SQL value; PostgreSQL: jsonb). */
  jsonValue(jsonExpr: RawBuilder<unknown>, path: Array<string | number>): RawBuilder<unknown>;
  /**
   * Whether a `jsonValue` IS a literal, with SQLite's json_extract semantics that PocketBase compares
   * by: JSON true/false are 1/0, JSON null and a missing key are NULL, text equals only text. Never NULL.
   */
  jsonIs(value: RawBuilder<unknown>, literal: string | number | boolean | null): RawBuilder<unknown>;
  /** Case-insensitive LIKE with `\` as the escape character. */
  like(left: RawBuilder<unknown>, right: RawBuilder<unknown>, negate: boolean): RawBuilder<unknown>;
  /** Boolean literal in the dialect's storage form. */
  bool(value: boolean): RawBuilder<unknown>;
  random(): RawBuilder<unknown>;
  /** strftime with SQLite's format codes (PostgreSQL translates the common ones). */
  strftime(format: string, value: RawBuilder<unknown>): RawBuilder<unknown>;
  /** Casts an expression to text, so text comparisons work on any column type. */
  asText(expr: RawBuilder<unknown>): RawBuilder<unknown>;
}
