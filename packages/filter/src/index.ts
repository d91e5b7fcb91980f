// Public API of @community/filter: the PocketBase filter language front end (tokenizer,
// parser, AST) plus the sort / expand / fields query syntaxes and the pb.filter() formatter.
export type {
  AndExpr,
  BoolOperand,
  ComparisonExpr,
  ComparisonOperator,
  Expr,
  FunctionOperand,
  IdentifierOperand,
  NullOperand,
  NumberOperand,
  Operand,
  OrExpr,
  TextOperand,
} from './ast';
export { COMPARISON_OPERATORS, isComparisonOperator } from './ast';
export { FilterSyntaxError } from './errors';
export { tokenize, type Token, type TokenKind } from './tokenizer';
export { parseFilter } from './parser';
export { DEFAULT_FILTER_LIMITS, type FilterLimits } from './limits';
export { FUNCTION_NAMES } from './functions';
export { identifierProblem, toIdentifierOperand } from './identifier';
export { DEFAULT_MAX_SORT_FIELDS, parseSort, type SortDirection, type SortField } from './sort';
export { MAX_EXPAND_DEPTH, normalizeExpandPaths, parseExpand, type ExpandTree } from './expand';
export {
  parseFields,
  type ExcerptModifier,
  type FieldModifier,
  type FieldSelector,
  type FieldsSpec,
} from './fields';
export { formatFilter, serializeParam } from './format';
