/**
 * Full-text search over published stories (PRODUCT.md §8): title, description and story text; a
 * title match above a description match above a text match, then newest first; 20 per page with a
 * total. Hooks keep the index in the same transaction as the story or post write.
 *
 * Ranking as tiers. A story's tier is the smallest group of columns that holds the whole query:
 *   tier 0: the title alone;  tier 1: title and description;  tier 2: title, description and text.
 * Within a tier, newest first. The tiers are nested sets (a story found in its title is also found
 * in title plus description), so "tier 1" is "found in title+description, not found in the title".
 *
 * Why tiers and not a relevance score: a score has to be computed for every match before the first
 * page can be cut, so a common word (most of 100k stories) cost seconds. A tier is a set the index
 * can answer directly, and each tier is read in date order from an index that is itself kept in
 * date order, so a page reads about `offset + 20` entries whatever the number of matches. The sort
 * key lives in the search index, so ordering never joins to `stories`.
 *
 * - SQLite: one FTS5 table; its rowid *is* the sort key (creation time in ms, times 1024, plus a
 *   tie-breaker), so `ORDER BY rowid DESC LIMIT` streams a column-filtered MATCH newest first
 *   (prefix indexes keep that true for the prefix words of a query, see `SQLITE_TABLE`).
 * - PostgreSQL: one row per story with three tsvectors (title; title+description; everything), a
 *   GIN index on each, and a btree on the creation time. A tier page first walks the btree newest
 *   first for a bounded number of rows, testing each (enough when the tier is a fair share of the
 *   stories: a common word); when that does not fill the page the tier is rare, and its matches
 *   come from the GIN index and are sorted. Both plans are spelt out in the SQL, so the planner's
 *   estimate for a tsquery (poor for several words) cannot pick a scan of the table instead.
 *
 * Size filters, muted tags and labels and blocked authors are facet tokens in each entry
 * (site/search-facets.ts), matched by the index like words.
 *
 * Totals are exact (the page shows "page n of m"). A COUNT of a MATCH or a GIN search still reads
 * every match, so the total (and a tier's size, needed only when a page starts past that tier) goes
 * through the list cache, keyed on the index's own dependency key, which every index write marks
 * as changed. The story ids of a page are remembered the same way.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Core } from '../core';
import type { RecordEvent } from '../core/hooks';
import { queryKey, rowsKey, type ListCache } from '../core/records/list-cache';
import { inWriteScope, rawWrite, type WriteScope } from '../core/records/scope';
import type { AnyKysely, Database, DialectName } from '../db/types';
import {
  FACET_COLUMNS,
  facetsOf,
  postgresFacetCondition,
  sqliteFacetQuery,
  type FacetFilter,
  type FacetSource,
} from './search-facets';
import { text } from './values';
import { withoutTags } from '../tools/html-text';

export const SEARCH_PAGE_SIZE = 20;

/** The list-cache dependency key of the search index: every write to it marks this key changed. */
export const SEARCH_INDEX_KEY = rowsKey('_story_search');
/** What every write of the index changes: its remembered totals and pages are computed again. */
const INDEX_ROWS = { rows: '_story_search' };

/** Stories sharing one creation millisecond get consecutive sort keys (SQLite rowids). */
const KEYS_PER_MS = 1024;

/** Words only: the query language of neither database ever sees the member's punctuation. */
export function searchTerms(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12);
}

/**
 * The first sort key of a creation time (SQLite): milliseconds since 1970 times `KEYS_PER_MS`. Kept
 * in SQL so the hooks and the bench generator compute the very same number.
 */
export function sqliteTimeKey(created: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`(COALESCE(CAST(round(unixepoch(${created}, 'subsec') * 1000) AS INTEGER), 0) * ${sql.lit(KEYS_PER_MS)})`;
}

/**
 * The SQLite index. SQLite keeps this text as written, so any other text is an older shape.
 * - `created` is kept (unindexed) to find an entry's rowid range again when it is rewritten.
 * - Every query word is a prefix (`"giant"*`). Without a prefix index FTS5 answers a prefix by
 *   merging the doclists of every term that starts with it into one list in memory, which reads all
 *   matches before the first row (about 5 ms per statement for a common word at 100k stories). With
 *   prefix indexes for 2 to 10 characters such a prefix is one doclist that is read lazily, newest
 *   first, like a whole word (well under 1 ms); longer words have few terms to merge.
 * - `facets`: the entry's facet tokens, space-separated (site/search-facets.ts).
 * - `detail=column`: nothing here needs word positions (no phrases: every quoted string is one
 *   token, and ranking is by column), and dropping them keeps the prefix indexes about half the size.
 */
const SQLITE_TABLE =
  "CREATE VIRTUAL TABLE _story_search USING fts5(story_id UNINDEXED, created UNINDEXED, title, description, content, facets, tokenize = 'porter unicode61', detail = column, prefix = '2 3 4 5 6 7 8 9 10')";

/** The statements that create the index in its current shape. */
function createStatements(dialect: DialectName): RawBuilder<unknown>[] {
  if (dialect === 'sqlite') return [sql.raw(SQLITE_TABLE)];
  return [
    sql`CREATE TABLE _story_search (story_id TEXT PRIMARY KEY, created TEXT NOT NULL, title TSVECTOR NOT NULL, head TSVECTOR NOT NULL, document TSVECTOR NOT NULL, facets TEXT[] NOT NULL)`,
    sql`CREATE INDEX idx__story_search_title ON _story_search USING GIN (title)`,
    sql`CREATE INDEX idx__story_search_head ON _story_search USING GIN (head)`,
    sql`CREATE INDEX idx__story_search_document ON _story_search USING GIN (document)`,
    sql`CREATE INDEX idx__story_search_created ON _story_search (created, story_id)`,
    sql`CREATE INDEX idx__story_search_facets ON _story_search USING GIN (facets)`,
  ];
}

/** 'missing', 'old' (an earlier shape, e.g. without facets) or 'current'. */
async function indexShape(db: AnyKysely, dialect: DialectName): Promise<'missing' | 'old' | 'current'> {
  if (dialect === 'sqlite') {
    const row = (
      await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE name = '_story_search'`.execute(db)
    ).rows[0];
    if (!row) return 'missing';
    return row.sql === SQLITE_TABLE ? 'current' : 'old';
  }
  const columns = (
    await sql<{ column_name: string }>`SELECT column_name FROM information_schema.columns
      WHERE table_name = '_story_search' AND table_schema = current_schema()`.execute(db)
  ).rows.map((r) => r.column_name);
  if (columns.length === 0) return 'missing';
  return ['head', 'created', 'facets'].every((column) => columns.includes(column)) ? 'current' : 'old';
}

/**
 * Makes the index table in its current shape. An index of an earlier shape is dropped and made
 * again. Answers true when the table is new, so the caller fills it from the stories once.
 */
export async function ensureSearchIndex(db: AnyKysely, dialect: DialectName): Promise<boolean> {
  const shape = await indexShape(db, dialect);
  if (shape === 'current') return false;
  if (shape === 'old') await sql`DROP TABLE _story_search`.execute(db);
  for (const statement of createStatements(dialect)) await statement.execute(db);
  return true;
}

/** Removes a story's entry. On SQLite the rowid range of its creation time finds it without a scan. */
async function removeEntry(
  scope: WriteScope,
  dialect: DialectName,
  storyId: string,
  created: string,
): Promise<void> {
  if (dialect === 'sqlite') {
    const first = sqliteTimeKey(sql`${created}`);
    await rawWrite(
      scope,
      INDEX_ROWS,
      sql`DELETE FROM _story_search WHERE rowid BETWEEN ${first} AND ${first} + ${KEYS_PER_MS - 1}
      AND story_id = ${storyId}`,
    );
  } else {
    await rawWrite(scope, INDEX_ROWS, sql`DELETE FROM _story_search WHERE story_id = ${storyId}`);
  }
}

/** Rewrites one story's entry: present while its post is published, absent otherwise. */
async function reindexStory(scope: WriteScope, dialect: DialectName, storyId: string): Promise<void> {
  const row = (
    await sql<IndexedStory & { published: string }>`
      SELECT s.id AS id, p.title AS title, p.description AS description, s.content AS content,
        s.created AS created, p.published AS published, ${FACET_COLUMNS}
      FROM stories s JOIN posts p ON p.id = s.post WHERE s.id = ${storyId}`.execute(scope.db)
  ).rows[0];
  if (!row) return;
  await removeEntry(scope, dialect, storyId, row.created);
  if (row.published === '') return;
  const content = plainText(row.content);
  if (dialect === 'sqlite') {
    // The next free key of the creation millisecond: newer writes of the same ms sort first.
    const first = sqliteTimeKey(sql`${row.created}`);
    await rawWrite(
      scope,
      INDEX_ROWS,
      sql`INSERT INTO _story_search (rowid, story_id, created, title, description, content, facets)
      SELECT COALESCE(MAX(rowid) + 1, ${first}), ${storyId}, ${row.created}, ${row.title}, ${row.description},
        ${content}, ${facetsOf(row).join(' ')}
      FROM _story_search WHERE rowid BETWEEN ${first} AND ${first} + ${KEYS_PER_MS - 1}`,
    );
  } else {
    await rawWrite(
      scope,
      INDEX_ROWS,
      sql`INSERT INTO _story_search (story_id, created, title, head, document, facets)
      VALUES ${postgresEntry(row)}`,
    );
  }
}

/** A story as its index entry is made from it. */
interface IndexedStory extends FacetSource {
  id: string;
  created: string;
  title: string;
  description: string;
  content: string;
}

const plainText = withoutTags;

/** One PostgreSQL entry's values: the three nested documents and the facets. */
function postgresEntry(row: IndexedStory): RawBuilder<unknown> {
  const title = sql`to_tsvector('english', ${row.title})`;
  const head = sql`${title} || to_tsvector('english', ${row.description})`;
  const facets = facetsOf(row);
  return sql`(${row.id}, ${row.created}, ${title}, ${head}, ${head} || to_tsvector('english', ${plainText(row.content)}),
    ${facets.length ? sql`ARRAY[${sql.join(facets)}]::text[]` : sql`'{}'::text[]`})`;
}

/** Published stories read per statement when the SQLite index is rebuilt. */
const REBUILD_BATCH = 500;

/**
 * Fills the index from scratch from the stories (an empty or old-shaped index at start, and the
 * bench generator) in batches of multi-row inserts, so 100k stories take seconds rather than one
 * round of statements per story.
 */
export async function reindexAllStories(
  records: { db: Database; lists?: ListCache | undefined },
  dialect: DialectName,
): Promise<void> {
  await inWriteScope(records, undefined, (scope) => refillIndex(scope, dialect));
}

async function refillIndex(scope: WriteScope, dialect: DialectName): Promise<void> {
  await rawWrite(scope, INDEX_ROWS, sql`DELETE FROM _story_search`);
  // In creation order, so stories of one millisecond take consecutive keys, as the hooks give them.
  let after = { created: '', id: '' };
  let previousFirst = -1;
  let next = 0;
  for (;;) {
    const rows = (
      await sql<IndexedStory & { first: number }>`
        SELECT s.id AS id, s.created AS created, p.title AS title, p.description AS description,
          s.content AS content, ${FACET_COLUMNS},
          ${dialect === 'sqlite' ? sqliteTimeKey(sql.ref('s.created')) : sql`0`} AS first
        FROM stories s JOIN posts p ON p.id = s.post
        WHERE p.published != '' AND (s.created > ${after.created} OR (s.created = ${after.created} AND s.id > ${after.id}))
        ORDER BY s.created, s.id LIMIT ${REBUILD_BATCH}`.execute(scope.db)
    ).rows;
    if (rows.length === 0) return;
    if (dialect === 'postgres') {
      await rawWrite(
        scope,
        INDEX_ROWS,
        sql`INSERT INTO _story_search (story_id, created, title, head, document, facets)
        VALUES ${sql.join(rows.map(postgresEntry))}`,
      );
    } else {
      const values = rows.map((row) => {
        next = row.first === previousFirst ? next + 1 : row.first;
        previousFirst = row.first;
        return sql`(${next}, ${row.id}, ${row.created}, ${row.title}, ${row.description}, ${plainText(row.content)}, ${facetsOf(row).join(' ')})`;
      });
      await rawWrite(
        scope,
        INDEX_ROWS,
        sql`INSERT INTO _story_search (rowid, story_id, created, title, description, content, facets)
        VALUES ${sql.join(values)}`,
      );
    }
    const last = rows[rows.length - 1]!;
    after = { created: last.created, id: last.id };
  }
}

export interface SearchPage {
  storyIds: string[];
  totalItems: number;
}

/** How a dialect names the three nested tiers, counts them and reads one page of one tier. */
interface TierReader {
  /** Matches of the query within the columns of tiers 0..tier (nested: non-decreasing in tier). */
  countUpTo(tier: number): RawBuilder<{ n: number | string }>;
  /** Story ids of `tier` only, newest first. */
  page(tier: number, limit: number, offset: number): Promise<string[]>;
}

/** `filter`: the facets an entry must have and must not have (search-facets.ts), or null. */
function sqliteTiers(db: AnyKysely, terms: string[], filter: FacetFilter | null): TierReader {
  const all = terms.map((t) => `"${t}"*`).join(' ');
  // Column filters over the whole query: every word must be in the named columns (never the facets).
  const within = [
    '{title} : (' + all + ')',
    '{title description} : (' + all + ')',
    '{title description content} : (' + all + ')',
  ];
  const tierMatch = (tier: number) => (tier === 0 ? within[0]! : `${within[tier]} NOT ${within[tier - 1]}`);
  return {
    countUpTo: (tier) =>
      sql`SELECT COUNT(*) AS n FROM _story_search WHERE _story_search MATCH ${sqliteFacetQuery(within[tier]!, filter)}`,
    async page(tier, limit, offset) {
      // FTS5 walks the doclists in rowid order, so this reads offset + limit matches and stops.
      const rows = await sql<{ story_id: string }>`SELECT story_id FROM _story_search
        WHERE _story_search MATCH ${sqliteFacetQuery(tierMatch(tier), filter)}
        ORDER BY rowid DESC LIMIT ${limit} OFFSET ${offset}`.execute(db);
      return rows.rows.map((r) => r.story_id);
    },
  };
}

/** Newest entries a PostgreSQL walk looks at per wanted row, and at most in all, before giving up. */
const WALK_ROWS_PER_RESULT = 50;
const WALK_ROWS_MAX = 5000;

function postgresTiers(db: AnyKysely, terms: string[], filter: FacetFilter | null): TierReader {
  const query = sql`to_tsquery('english', ${terms.map((t) => `${t}:*`).join(' & ')})`;
  const columns = ['title', 'head', 'document'];
  const facets = postgresFacetCondition(filter);
  const and = facets ? sql` AND ${facets}` : sql``;
  const inTier = (tier: number) =>
    tier === 0
      ? sql`${sql.ref(columns[0]!)} @@ ${query}${and}`
      : sql`${sql.ref(columns[tier]!)} @@ ${query} AND NOT (${sql.ref(columns[tier - 1]!)} @@ ${query})${and}`;
  return {
    countUpTo: (tier) =>
      sql`SELECT COUNT(*) AS n FROM _story_search WHERE ${sql.ref(columns[tier]!)} @@ ${query}${and}`,
    async page(tier, limit, offset) {
      // First walk the date btree from the newest entry, testing each: when the tier is a fair share
      // of the stories (a common word) the page is found within a few hundred rows. The walk is
      // bounded, and the test sits in a select list under a LIMIT, so the planner can neither turn
      // it into a scan of the table nor estimate it away.
      const window = Math.min(WALK_ROWS_MAX, WALK_ROWS_PER_RESULT * (offset + limit));
      const walked = await sql<{ story_id: string }>`SELECT story_id FROM (
          SELECT story_id, created, COALESCE(${inTier(tier)}, false) AS hit FROM _story_search
          ORDER BY created DESC, story_id DESC LIMIT ${window}) newest
        WHERE hit ORDER BY created DESC, story_id DESC LIMIT ${limit} OFFSET ${offset}`.execute(db);
      if (walked.rows.length === limit) return walked.rows.map((r) => r.story_id);
      // A rare tier (or a deep page): take the tier's matches from the GIN index and sort them.
      // `created || ''` cannot be read from the btree, so this plan is not mistaken for the walk.
      const found = await sql<{ story_id: string }>`SELECT story_id FROM _story_search WHERE ${inTier(tier)}
        ORDER BY created || '' DESC, story_id DESC LIMIT ${limit} OFFSET ${offset}`.execute(db);
      return found.rows.map((r) => r.story_id);
    },
  };
}

/** Runs a COUNT, answered from the list cache while the index has not changed. */
async function countOf(
  db: AnyKysely,
  counts: ListCache | undefined,
  query: RawBuilder<{ n: number | string }>,
): Promise<number> {
  const run = async () => Number((await query.execute(db)).rows[0]?.n ?? 0);
  if (!counts) return run();
  const key = `search\u0000${queryKey(query.compile(db))}`;
  const remembered = counts.get(key);
  if (remembered !== undefined) return remembered;
  return counts.once(key, [SEARCH_INDEX_KEY], run);
}

/**
 * One page of matches: tier 0 newest first, then tier 1, then tier 2. `counts` (the core's count
 * cache) is optional; pass it only with a reader outside any write transaction.
 *
 * Only the total is always counted. A tier's size is needed only when a page starts beyond that
 * tier's end; it is found without counting whenever the page starts inside the tier.
 *
 * `filter` leaves stories out of pages and totals alike: size filters, muted tags and labels
 * (site/mutes.ts), the stories of members the caller blocked (site/blocks.ts). It is part of the
 * index's own query, so its totals are kept on the index's key like the others: a change to a post's
 * sizes, tags, labels or authors rewrites its stories' entries.
 */
export async function searchStories(
  db: AnyKysely,
  dialect: DialectName,
  query: string,
  page: number,
  perPage = SEARCH_PAGE_SIZE,
  counts?: ListCache,
  filter: FacetFilter | null = null,
): Promise<SearchPage> {
  const terms = searchTerms(query);
  if (terms.length === 0) return { storyIds: [], totalItems: 0 };
  const tiers = tierReader(db, dialect, terms, filter);
  const totalItems = await countOf(db, counts, tiers.countUpTo(2));
  if ((page - 1) * perPage >= totalItems) return { storyIds: [], totalItems };
  const upTo = (tier: number) => (tier < 0 ? Promise.resolve(0) : countOf(db, counts, tiers.countUpTo(tier)));
  const readPage = async () => {
    const storyIds: string[] = [];
    let skip = (page - 1) * perPage;
    for (let tier = 0; tier < 3 && storyIds.length < perPage; tier++) {
      const found = await tiers.page(tier, perPage - storyIds.length, skip);
      storyIds.push(...found);
      if (found.length > 0 || skip === 0) skip = 0;
      else skip -= (await upTo(tier)) - (await upTo(tier - 1));
    }
    return storyIds;
  };
  if (!counts) return { storyIds: await readPage(), totalItems };
  // A page is remembered like a total: on the index's key, so any write to the index forgets it.
  const key = `search-page\u0000${JSON.stringify([dialect, terms, filter, page, perPage])}`;
  const storyIds = counts.getPage(key) ?? (await counts.once(key, [SEARCH_INDEX_KEY], readPage));
  return { storyIds: [...storyIds], totalItems };
}

function tierReader(
  db: AnyKysely,
  dialect: DialectName,
  terms: string[],
  filter: FacetFilter | null,
): TierReader {
  return dialect === 'sqlite' ? sqliteTiers(db, terms, filter) : postgresTiers(db, terms, filter);
}

/** How many stories match the query under `filter` (for "N hidden by your filters"). */
export async function searchTotal(
  db: AnyKysely,
  dialect: DialectName,
  query: string,
  counts: ListCache | undefined,
  filter: FacetFilter | null,
): Promise<number> {
  const terms = searchTerms(query);
  if (terms.length === 0) return 0;
  return countOf(db, counts, tierReader(db, dialect, terms, filter).countUpTo(2));
}

export function registerSearch(core: Core): void {
  const dialect = core.db.dialect;
  const byStory = async (event: RecordEvent) => {
    await reindexStory(event.scope, dialect, text(event.record.id));
  };
  const byPost = async (event: RecordEvent) => {
    const stories = await sql<{
      id: string;
    }>`SELECT id FROM stories WHERE post = ${text(event.record.id)}`.execute(event.db);
    for (const { id } of stories.rows) await reindexStory(event.scope, dialect, id);
  };
  core.hooks.on('afterCreate', byStory, 'stories');
  core.hooks.on('afterUpdate', byStory, 'stories');
  core.hooks.on(
    'afterDelete',
    async (event) => {
      await removeEntry(event.scope, dialect, text(event.record.id), text(event.record.created));
    },
    'stories',
  );
  core.hooks.on('afterUpdate', byPost, 'posts');
}
