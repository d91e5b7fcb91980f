// The `sort` query parameter (protocol §4): `-created,+title,@random`.
import type { IdentifierOperand } from './ast';
import { FilterSyntaxError } from './errors';
import { identifierProblem, toIdentifierOperand } from './identifier';

export const DEFAULT_MAX_SORT_FIELDS = 8;

export type SortDirection = 'ASC' | 'DESC';

export interface SortField {
  /** `@random` becomes its own kind; `@rowid` and macros stay identifiers for the resolver. */
  field: IdentifierOperand | { kind: 'random' };
  direction: SortDirection;
}

/**
 * Parses a comma list of sort fields. A blank input means "no sort" and yields []. Each item
 * is trimmed; a `-` prefix means DESC, a `+` prefix or none means ASC. Only identifiers are
 * accepted (PocketBase resolves sort items as plain fields, never as function calls).
 */
export function parseSort(input: string, maxFields: number = DEFAULT_MAX_SORT_FIELDS): SortField[] {
  if (input.trim() === '') return [];
  const items = input.split(',');
  if (items.length > maxFields) {
    throw new FilterSyntaxError(`too many sort fields (max ${maxFields})`, 0);
  }
  const result: SortField[] = [];
  let offset = 0;
  for (const item of items) {
    result.push(parseSortItem(item, offset));
    offset += item.length + 1; // +1 for the comma
  }
  return result;
}

function parseSortItem(item: string, offset: number): SortField {
  const trimmed = item.trim();
  const position = offset + item.indexOf(trimmed);
  if (trimmed === '') {
    throw new FilterSyntaxError('empty sort field', offset);
  }
  let direction: SortDirection = 'ASC';
  let name = trimmed;
  if (trimmed.startsWith('-')) {
    direction = 'DESC';
    name = trimmed.slice(1);
  } else if (trimmed.startsWith('+')) {
    name = trimmed.slice(1);
  }
  if (name === '@random') {
    return { field: { kind: 'random' }, direction };
  }
  const problem = name === '' ? 'missing field name' : identifierProblem(name);
  if (problem !== null) {
    throw new FilterSyntaxError(`invalid sort field ${JSON.stringify(trimmed)}: ${problem}`, position);
  }
  return { field: toIdentifierOperand(name), direction };
}
