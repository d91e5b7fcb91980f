/**
 * `?fields=`: keeps only the listed keys of a JSON response (at any depth, `*` for all keys of a
 * level), and shortens text with `:excerpt(max[, withEllipsis])`.
 */
import { parseFields, type FieldSelector } from '@community/filter';
import { ApiError } from './api-error';
import { withoutRawTextElements, withoutTags } from './html-text';

type Json = unknown;

interface PickNode {
  all: boolean;
  excerpt: FieldSelector['modifier'];
  children: Map<string, PickNode>;
}

function buildTree(selectors: FieldSelector[]): PickNode {
  const root: PickNode = { all: false, excerpt: null, children: new Map() };
  for (const selector of selectors) {
    let node = root;
    selector.path.forEach((key, i) => {
      if (key === '*') {
        node.all = true;
        return;
      }
      let child = node.children.get(key);
      if (!child) {
        child = { all: false, excerpt: null, children: new Map() };
        node.children.set(key, child);
      }
      if (i === selector.path.length - 1) child.excerpt = selector.modifier;
      node = child;
    });
  }
  return root;
}

/** Strips tags (and the contents of script/style and similar), collapses whitespace, cuts to `max` characters. */
export function excerpt(text: string, max: number, withEllipsis: boolean): string {
  const plain = withoutTags(withoutRawTextElements(text)).replace(/\s+/g, ' ').trim();
  // The first `max` characters (code points), read no further than they go.
  let end = 0;
  for (let count = 0; end < plain.length && count < max; count++) {
    end += plain.codePointAt(end)! > 0xffff ? 2 : 1;
  }
  if (end >= plain.length) return plain;
  const cut = plain.slice(0, end).trim();
  return withEllipsis ? `${cut}...` : cut;
}

function pickValue(value: Json, node: PickNode): Json {
  if (node.excerpt && typeof value === 'string')
    return excerpt(value, node.excerpt.maxLength, node.excerpt.withEllipsis);
  if (node.children.size === 0 && !node.excerpt) return value;
  if (Array.isArray(value)) return value.map((item) => pickValue(item, node));
  if (value === null || typeof value !== 'object') return value;
  const source = value as Record<string, Json>;
  const out: Record<string, Json> = {};
  if (node.all) Object.assign(out, source);
  for (const [key, child] of node.children) {
    if (key in source)
      out[key] =
        child.children.size || child.excerpt || child.all ? pickValue(source[key], child) : source[key];
  }
  return out;
}

function parse(fields: string): FieldSelector[] {
  try {
    return parseFields(fields).fields;
  } catch {
    throw new ApiError(400, 'Something went wrong while processing your request.', {});
  }
}

/** Checks `?fields=` up front, so a write never succeeds only to fail when its answer is built. */
export function assertValidFields(fields: string | undefined): void {
  if (fields?.trim()) parse(fields);
}

export function pickFields(value: Json, fields: string | undefined): Json {
  if (!fields?.trim()) return value;
  const tree = buildTree(parse(fields));
  if (tree.children.size === 0 && !tree.all) return value;
  return pickValue(value, tree);
}
