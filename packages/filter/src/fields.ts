// The `fields` query parameter (protocol §4): `*,expand.author.name,body:excerpt(200,true)`.
import { FilterSyntaxError } from './errors';
import { splitTopLevel } from './split';

/** `:excerpt(maxLength[, withEllipsis])`: plain-text excerpt of a string value. */
export interface ExcerptModifier {
  name: 'excerpt';
  maxLength: number;
  withEllipsis: boolean;
}

export type FieldModifier = ExcerptModifier;

export interface FieldSelector {
  /** The dotted key as written, e.g. 'expand.author.name' or '*'. */
  key: string;
  /** Key split on dots; a '*' segment keeps every key at that level. */
  path: string[];
  modifier: FieldModifier | null;
}

export interface FieldsSpec {
  /** In first-seen order; a repeated key keeps its first place but takes the last modifier. */
  fields: FieldSelector[];
}

const MODIFIER = /^([A-Za-z_][A-Za-z0-9_]*)\s*(?:\(([\s\S]*)\))?$/;

// Go's strconv.ParseBool vocabulary, which is what PocketBase uses for these flags.
const TRUE_WORDS = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);
const FALSE_WORDS = new Set(['0', 'f', 'F', 'FALSE', 'false', 'False']);

/**
 * Parses a comma list of field keys. Blank input and empty items are ignored (PocketBase
 * treats them as keys that match nothing), so `parseFields('')` selects nothing in particular
 * and callers should skip picking when `fields` is empty.
 */
export function parseFields(input: string): FieldsSpec {
  const byKey = new Map<string, FieldSelector>();
  for (const item of splitTopLevel(input)) {
    const text = item.text.trim();
    if (text === '') continue;
    const selector = parseSelector(text, item.offset + item.text.indexOf(text));
    // Map.set on an existing key keeps the original insertion position.
    byKey.set(selector.key, selector);
  }
  return { fields: [...byKey.values()] };
}

function parseSelector(text: string, position: number): FieldSelector {
  const colon = text.indexOf(':');
  const key = (colon === -1 ? text : text.slice(0, colon)).trim();
  if (key === '') {
    throw new FilterSyntaxError(`missing field name in ${JSON.stringify(text)}`, position);
  }
  const path = key.split('.');
  if (path.includes('')) {
    throw new FilterSyntaxError(`invalid field path ${JSON.stringify(key)}: empty segment`, position);
  }
  const modifier = colon === -1 ? null : parseModifier(text.slice(colon + 1).trim(), position + colon + 1);
  return { key, path, modifier };
}

function parseModifier(raw: string, position: number): FieldModifier {
  const match = MODIFIER.exec(raw);
  const name = match?.[1];
  if (match === null || name === undefined) {
    throw new FilterSyntaxError(`invalid field modifier ${JSON.stringify(raw)}`, position);
  }
  if (name !== 'excerpt') {
    throw new FilterSyntaxError(
      `unknown field modifier ${JSON.stringify(name)} (available: excerpt)`,
      position,
    );
  }
  const argText = match[2]?.trim() ?? '';
  const args = argText === '' ? [] : argText.split(',').map((arg) => arg.trim());
  return parseExcerptArgs(args, position);
}

function parseExcerptArgs(args: string[], position: number): ExcerptModifier {
  const [maxArg, ellipsisArg] = args;
  if (maxArg === undefined) {
    throw new FilterSyntaxError(
      'excerpt: the max length argument is required: excerpt(max[, withEllipsis])',
      position,
    );
  }
  if (args.length > 2) {
    throw new FilterSyntaxError(
      'excerpt: too many arguments, expected excerpt(max[, withEllipsis])',
      position,
    );
  }
  const maxLength = /^[0-9]+$/.test(maxArg) ? Number(maxArg) : NaN;
  if (!Number.isSafeInteger(maxLength) || maxLength <= 0) {
    throw new FilterSyntaxError(
      `excerpt: max length must be a positive integer, got ${JSON.stringify(maxArg)}`,
      position,
    );
  }
  let withEllipsis = false;
  if (ellipsisArg !== undefined) {
    if (TRUE_WORDS.has(ellipsisArg)) withEllipsis = true;
    else if (!FALSE_WORDS.has(ellipsisArg)) {
      throw new FilterSyntaxError(
        `excerpt: withEllipsis must be true or false, got ${JSON.stringify(ellipsisArg)}`,
        position,
      );
    }
  }
  return { name: 'excerpt', maxLength, withEllipsis };
}
