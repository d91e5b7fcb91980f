import { sql } from 'kysely';
import type { SqlFlavor } from '../../tools/search/flavor';

const jsonPath = (path: Array<string | number>) =>
  '$' + path.map((p) => (typeof p === 'number' ? `[${p}]` : `."${p.replace(/"/g, '""')}"`)).join('');

export const sqliteFlavor: SqlFlavor = {
  name: 'sqlite',
  // json_each over a non-array (a scalar or '') would yield that scalar; wrapping keeps "[]" semantics.
  jsonEach: (expr, alias) =>
    sql`json_each(CASE WHEN json_valid(${expr}) AND json_type(${expr}) = 'array' THEN ${expr} ELSE '[]' END) AS ${sql.id(alias)}`,
  jsonArrayLength: (expr) =>
    sql`(CASE WHEN json_valid(${expr}) AND json_type(${expr}) = 'array' THEN json_array_length(${expr}) WHEN COALESCE(${expr}, '') = '' THEN 0 ELSE 1 END)`,
  jsonExtract: (expr, path) => sql`json_extract(${expr}, ${jsonPath(path)})`,
  jsonValue: (expr, path) => sql`json_extract(${expr}, ${jsonPath(path)})`,
  anyAsJson: (expr) => sql`(CASE WHEN json_valid(${expr}) THEN ${expr} ELSE json_quote(${expr}) END)`,
  jsonIs: (value, literal) =>
    literal === null
      ? sql`(${value} IS NULL)`
      : sql`(${value} IS ${typeof literal === 'boolean' ? (literal ? 1 : 0) : literal})`,
  // SQLite's LIKE is case-insensitive for ASCII already.
  like: (left, right, negate) =>
    negate ? sql`${left} NOT LIKE ${right} ESCAPE '\\'` : sql`${left} LIKE ${right} ESCAPE '\\'`,
  bool: (value) => sql.raw(value ? '1' : '0'),
  random: () => sql`RANDOM()`,
  strftime: (format, value) => sql`strftime(${format}, ${value})`,
  asText: (expr) => sql`CAST(${expr} AS TEXT)`,
};
