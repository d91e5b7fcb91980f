/**
 * What a story search can be narrowed by besides its words (PRODUCT.md §14): size classes and change,
 * the searcher's muted tags and labels, the authors they blocked. Each story's search entry carries
 * these as facet tokens, one per value, so the index itself answers "with these sizes, without these
 * tags or authors" the way it answers the words: by its postings, never by reading each match's story
 * and post. A search for a common word with a size filter counted 94,000 matches one story at a time
 * (1.3 s at 100k stories); as postings it is an intersection.
 *
 * Tokens are letters and digits only, one letter for the kind and a final digit, so neither database's
 * tokenizer splits or stems them (SQLite's porter stemmer changes only endings made of letters), and
 * they cannot collide with one another. They live in their own column and are never matched by words.
 */
import { sql, type RawBuilder } from 'kysely';
import { idList } from './series-chapters';
import { text } from './values';

/** A value as it may appear inside a token; anything else becomes a value no story has. */
const tokenValue = (value: string) => (/^[a-z0-9]+$/i.test(value) ? value.toLowerCase() : 'none0none');

export const facet = {
  larger: (size: string) => `l${tokenValue(size)}0`,
  smaller: (size: string) => `s${tokenValue(size)}0`,
  change: (change: string) => `c${tokenValue(change)}0`,
  tag: (id: string) => `t${tokenValue(id)}0`,
  label: (id: string) => `b${tokenValue(id)}0`,
  author: (id: string) => `a${tokenValue(id)}0`,
};

/** The post fields a story's facets come from, as read from its row. */
export interface FacetSource {
  larger_size: unknown;
  smaller_size: unknown;
  size_change: unknown;
  tags: unknown;
  labels: unknown;
  contributors: unknown;
}

/** The SQL select list that reads a `FacetSource` from posts aliased `p`. */
export const FACET_COLUMNS = sql`p.larger_size AS larger_size, p.smaller_size AS smaller_size,
  p.size_change AS size_change, p.tags AS tags, p.labels AS labels, p.contributors AS contributors`;

/** A story's facet tokens, from its post. */
export function facetsOf(post: FacetSource): string[] {
  const tokens: string[] = [];
  if (text(post.larger_size)) tokens.push(facet.larger(text(post.larger_size)));
  if (text(post.smaller_size)) tokens.push(facet.smaller(text(post.smaller_size)));
  if (text(post.size_change)) tokens.push(facet.change(text(post.size_change)));
  for (const id of idList(post.tags)) tokens.push(facet.tag(id));
  for (const id of idList(post.labels)) tokens.push(facet.label(id));
  for (const id of idList(post.contributors)) tokens.push(facet.author(id));
  return tokens;
}

/** A search's narrowing: every `required` token present, no `excluded` token present. */
export interface FacetFilter {
  required: string[];
  excluded: string[];
}

/** Size filters of a search (PRODUCT.md §14): exact size classes and change, any left empty. */
export interface SizeFilter {
  larger?: string | undefined;
  smaller?: string | undefined;
  change?: string | undefined;
}

/** The filter for sizes, muted tags and labels and blocked authors; null when there is nothing to filter. */
export function facetFilter(
  sizes: SizeFilter,
  muted: { tags: readonly string[]; labels: readonly string[] } | null,
  blockedAuthors: readonly string[],
): FacetFilter | null {
  const required: string[] = [];
  if (sizes.larger) required.push(facet.larger(sizes.larger));
  if (sizes.smaller) required.push(facet.smaller(sizes.smaller));
  if (sizes.change) required.push(facet.change(sizes.change));
  const excluded = [
    ...(muted?.tags ?? []).map(facet.tag),
    ...(muted?.labels ?? []).map(facet.label),
    ...blockedAuthors.map(facet.author),
  ];
  return required.length || excluded.length ? { required, excluded } : null;
}

/**
 * SQLite: the filter as FTS5 query text around `words` (a query over the word columns):
 * `((words) AND {facets} : (a AND b)) NOT {facets} : (x OR y)`.
 */
export function sqliteFacetQuery(words: string, filter: FacetFilter | null): string {
  if (!filter) return words;
  const quoted = (tokens: string[]) => tokens.map((token) => `"${token}"`);
  let query = `(${words})`;
  if (filter.required.length) query = `(${query} AND {facets} : (${quoted(filter.required).join(' AND ')}))`;
  if (filter.excluded.length) query = `${query} NOT {facets} : (${quoted(filter.excluded).join(' OR ')})`;
  return query;
}

/** PostgreSQL: the filter as a condition on the entry's `facets` array (GIN-indexed), or null. */
export function postgresFacetCondition(filter: FacetFilter | null): RawBuilder<unknown> | null {
  if (!filter) return null;
  const parts: RawBuilder<unknown>[] = [];
  if (filter.required.length) parts.push(sql`facets @> ARRAY[${sql.join(filter.required)}]::text[]`);
  if (filter.excluded.length) parts.push(sql`NOT (facets && ARRAY[${sql.join(filter.excluded)}]::text[])`);
  return sql.join(parts, sql` AND `);
}
