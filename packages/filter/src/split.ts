// Comma splitting that respects parentheses and quotes, for lists whose items may carry
// arguments, such as `fields=id,body:excerpt(200,true)`.
import { FilterSyntaxError } from './errors';

export interface ListItem {
  text: string;
  /** Offset of the item's first character in the original input. */
  offset: number;
}

export function splitTopLevel(input: string, separator = ','): ListItem[] {
  const items: ListItem[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  let openAt = -1;
  for (let i = 0; i < input.length; i++) {
    const ch = input[i];
    if (quote !== null) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
      continue;
    }
    if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === '(') {
      if (depth === 0) openAt = i;
      depth++;
    } else if (ch === ')') {
      if (depth === 0) throw new FilterSyntaxError('unbalanced parentheses: unexpected ")"', i);
      depth--;
    } else if (ch === separator && depth === 0) {
      items.push({ text: input.slice(start, i), offset: start });
      start = i + 1;
    }
  }
  if (quote !== null)
    throw new FilterSyntaxError(`unterminated quoted text: missing closing ${quote}`, start);
  if (depth > 0) throw new FilterSyntaxError('unbalanced parentheses: missing ")"', openAt);
  items.push({ text: input.slice(start), offset: start });
  return items;
}
