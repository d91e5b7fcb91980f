import { sql } from 'kysely';
import type { SqlFlavor } from '../../tools/search/flavor';

/** SQLite strftime codes -> PostgreSQL to_char patterns (the common ones). */
const STRFTIME_TO_CHAR: Record<string, string> = {
  '%Y': 'YYYY',
  '%m': 'MM',
  '%d': 'DD',
  '%H': 'HH24',
  '%M': 'MI',
  '%S': 'SS',
  '%j': 'DDD',
  '%w': 'D',
  '%%': '%',
};

function toCharPattern(format: string): string {
  let out = '';
  for (let i = 0; i < format.length; i++) {
    const code = format.slice(i, i + 2);
    const mapped = STRFTIME_TO_CHAR[code];
    if (mapped !== undefined) {
      out += mapped;
      i++;
    } else {
      // Literal text goes in double quotes so to_char does not read it as a pattern.
      out += `"${format[i] === '"' ? '\\"' : format[i]}"`;
    }
  }
  return out;
}

/** A `#>`/`#>>` path literal: `{"a","0"}`. */
const pgPath = (path: Array<string | number>) =>
  `{${path.map((p) => `"${String(p).replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

export const postgresFlavor: SqlFlavor = {
  name: 'postgres',
  jsonEach: (expr, alias) =>
    sql`jsonb_array_elements_text(CASE WHEN jsonb_typeof(${expr}::jsonb) = 'array' THEN ${expr}::jsonb ELSE '[]'::jsonb END) AS ${sql.id(alias)}(value)`,
  jsonArrayLength: (expr) =>
    sql`(CASE WHEN jsonb_typeof(${expr}::jsonb) = 'array' THEN jsonb_array_length(${expr}::jsonb) WHEN ${expr} IS NULL OR ${expr}::text IN ('', '""', 'null') THEN 0 ELSE 1 END)`,
  jsonExtract: (expr, path) => sql`(${expr}::jsonb #>> ${pgPath(path)})`,
  jsonValue: (expr, path) => sql`(${expr}::jsonb #> ${pgPath(path)})`,
  // A jsonb column stays itself; text becomes a JSON string, numbers and booleans JSON scalars.
  anyAsJson: (expr) => sql`to_jsonb(${expr})`,
  jsonIs: (value, literal) => {
    if (literal === null) return sql`(${value} IS NULL OR jsonb_typeof(${value}) = 'null')`;
    if (typeof literal === 'string') return sql`COALESCE(${value} = to_jsonb(${literal}::text), FALSE)`;
    // Numbers compare by value (1 = 1.0); as in SQLite, JSON true and false are the numbers 1 and 0.
    const n = typeof literal === 'boolean' ? (literal ? 1 : 0) : literal;
    const asBool =
      n === 1 ? sql` OR ${value} = 'true'::jsonb` : n === 0 ? sql` OR ${value} = 'false'::jsonb` : sql``;
    return sql`COALESCE(${value} = to_jsonb(${n}::numeric)${asBool}, FALSE)`;
  },
  like: (left, right, negate) =>
    negate
      ? sql`${left}::text NOT ILIKE ${right} ESCAPE '\\'`
      : sql`${left}::text ILIKE ${right} ESCAPE '\\'`,
  bool: (value) => sql.raw(value ? 'TRUE' : 'FALSE'),
  random: () => sql`RANDOM()`,
  strftime: (format, value) =>
    sql`to_char(${value}::timestamptz AT TIME ZONE 'UTC', ${toCharPattern(format)})`,
  asText: (expr) => sql`CAST(${expr} AS TEXT)`,
};
