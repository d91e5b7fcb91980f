// The typed AST produced by parseFilter. The resolver and SQL builder are written against
// these shapes, so changes here are breaking changes for every consumer.

export type ComparisonOperator =
  | '='
  | '!='
  | '>'
  | '>='
  | '<'
  | '<='
  | '~'
  | '!~'
  | '?='
  | '?!='
  | '?>'
  | '?>='
  | '?<'
  | '?<='
  | '?~'
  | '?!~';

/**
 * A field path, request/collection reference or macro, e.g. `author.name:lower`
 * -> segments ['author', 'name'], modifier 'lower'. Only a `:x` on the LAST segment is a
 * modifier; `@collection.users:u.name` keeps 'users:u' as a segment (it is an alias).
 */
export interface IdentifierOperand {
  kind: 'identifier';
  raw: string;
  segments: string[];
  modifier: string | null;
}

/** A quoted literal, already decoded (JSON-style escapes). */
export interface TextOperand {
  kind: 'text';
  value: string;
}

export interface NumberOperand {
  kind: 'number';
  value: number;
}

/**
 * The bare words null/true/false (any letter case). `raw` is kept because PocketBase first
 * tries such a word as a field name and only falls back to the literal when no field matches.
 */
export interface NullOperand {
  kind: 'null';
  raw: string;
}

export interface BoolOperand {
  kind: 'bool';
  value: boolean;
  raw: string;
}

/** geoDistance(...) or strftime(...); arity and argument kinds are checked by the parser. */
export interface FunctionOperand {
  kind: 'function';
  name: string;
  args: Operand[];
}

export type Operand =
  IdentifierOperand | TextOperand | NumberOperand | NullOperand | BoolOperand | FunctionOperand;

export interface ComparisonExpr {
  kind: 'comparison';
  left: Operand;
  op: ComparisonOperator;
  right: Operand;
}

/** Always at least two items: a group with a single item collapses to that item. */
export interface AndExpr {
  kind: 'and';
  items: Expr[];
}

/** Always at least two items: a group with a single item collapses to that item. */
export interface OrExpr {
  kind: 'or';
  items: Expr[];
}

export type Expr = ComparisonExpr | AndExpr | OrExpr;

export const COMPARISON_OPERATORS: readonly ComparisonOperator[] = [
  '=',
  '!=',
  '>',
  '>=',
  '<',
  '<=',
  '~',
  '!~',
  '?=',
  '?!=',
  '?>',
  '?>=',
  '?<',
  '?<=',
  '?~',
  '?!~',
];

export function isComparisonOperator(value: string): value is ComparisonOperator {
  return (COMPARISON_OPERATORS as readonly string[]).includes(value);
}
