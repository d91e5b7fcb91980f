/**
 * The fields a logs filter or sort may name, as PocketBase's logs API allows them: `id`, `created`,
 * `level`, `message`, `data` and any path inside `data` (`data.status`, `data.auth`). Nothing else
 * resolves, so a filter can never reach another table or column.
 */
import type { ComparisonExpr, Operand } from '@community/filter';
import { sql, type RawBuilder } from 'kysely';
import type { FilterResolver } from '../../tools/search/compiler';
import { FilterResolveError, type Resolved } from '../../tools/search/operand';
import type { SqlFlavor } from '../../tools/search/flavor';
import { macroValue } from '../rules/macros';

type Identifier = Extract<Operand, { kind: 'identifier' }>;

const COLUMNS: Record<string, 'text' | 'number' | 'json'> = {
  id: 'text',
  created: 'text',
  level: 'number',
  message: 'text',
  data: 'json',
};

/** A key inside `data`, as PocketBase's `^data\.[\w.:]*\w+$` allows. */
const DATA_KEY = /^[\w:]+$/;

export class LogFieldResolver implements FilterResolver {
  constructor(private readonly flavor: SqlFlavor) {}

  resolveIdentifier(operand: Identifier, comparison?: ComparisonExpr): Resolved {
    const [name, ...path] = operand.segments;
    if (operand.modifier) throw new FilterResolveError(`modifiers are not allowed on logs: ${operand.raw}`);
    if (name?.startsWith('@') && path.length === 0) {
      const value = macroValue(name);
      if (value === undefined) throw new FilterResolveError(`unknown macro ${name}`);
      return { kind: 'static', value };
    }
    const type = name ? COLUMNS[name] : undefined;
    if (!type) throw new FilterResolveError(`unknown log field ${operand.raw}`);
    const column = sql.ref(name!);
    if (type !== 'json') return { kind: 'sql', expr: column, type, notNull: true };
    if (path.length === 0)
      return { kind: 'sql', expr: column, type: 'json', json: this.flavor.jsonValue(column, []) };
    if (!path.every((key) => DATA_KEY.test(key)))
      throw new FilterResolveError(`invalid data path ${operand.raw}`);
    // A number on the other side (`data.status > 200`) compares as numbers, as SQLite's json_extract
    // gives PocketBase; anything else compares the value's text.
    if (comparedWithNumber(comparison))
      return { kind: 'sql', expr: this.numberAt(column, path), type: 'number' };
    return {
      kind: 'sql',
      expr: this.flavor.jsonExtract(column, path),
      type: 'unknown',
      json: this.flavor.jsonValue(column, path),
    };
  }

  resolveFunction(operand: Extract<Operand, { kind: 'function' }>): Resolved {
    throw new FilterResolveError(`${operand.name}() is not supported on logs`);
  }

  /** The number at `path`, or NULL when the value there is not a number (never a cast error). */
  private numberAt(column: RawBuilder<unknown>, path: string[]): RawBuilder<unknown> {
    if (this.flavor.name === 'sqlite') {
      const at = this.flavor.jsonValue(column, path);
      return sql`(CASE WHEN typeof(${at}) IN ('integer', 'real') THEN ${at} END)`;
    }
    const at = this.flavor.jsonValue(column, path);
    return sql`(CASE WHEN jsonb_typeof(${at}) = 'number' THEN (${at})::text::float8 END)`;
  }
}

function comparedWithNumber(comparison: ComparisonExpr | undefined): boolean {
  if (!comparison) return false;
  return comparison.left.kind === 'number' || comparison.right.kind === 'number';
}
