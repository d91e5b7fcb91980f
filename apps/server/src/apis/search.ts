/**
 * `GET /api/search/stories?q=&page=`: ranked story search, answered in PocketBase's list shape.
 * `larger`, `smaller`, `change` filter by size metadata; `muted=hide` leaves out the caller's muted tags
 * and labels and answers `hidden` (site/mutes.ts).
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Core } from '../core';
import { decodeRow } from '../core/records/record';
import { blockedBy, storiesByAuthors } from '../site/blocks';
import {
  bothRestrictions,
  SEARCH_PAGE_SIZE,
  searchStories,
  searchTotal,
  sizeCondition,
} from '../site/search';
import { MUTE_READS, mutedPostCondition, mutesToHide } from '../site/mutes';
import { columnKey, rowsKey } from '../core/records/count-cache';
import { ApiError } from '../tools/api-error';
import { queryInt, queryString, type Query } from './query-params';
import { renderRecords } from '../core/records/render';

/** What leaving out the stories of blocked authors reads: stories, their posts' contributors. */
const BLOCKED_READS = [
  rowsKey('stories'),
  columnKey('stories', 'post'),
  rowsKey('posts'),
  columnKey('posts', 'contributors'),
];
/** What leaving out muted stories reads, besides the posts' tags and labels: each story's post. */
const MUTED_STORY_READS = [...MUTE_READS, rowsKey('stories'), columnKey('stories', 'post')];

export function registerSearchRoutes(app: FastifyInstance, core: Core): void {
  app.get('/api/search/stories', async (request) => {
    if (!request.info.auth) throw new ApiError(401, 'The request requires valid record authorization token.');
    const query = request.query as Query;
    const page = Math.max(1, queryInt(query, 'page', 1));
    const perPage = Math.min(Math.max(1, queryInt(query, 'perPage', SEARCH_PAGE_SIZE)), 100);
    // The stories of members the caller blocked are not found (PRODUCT.md §14), nor counted as hidden.
    const auth = request.info.auth;
    const caller = auth.isSuperuser ? '' : String(auth.record.id);
    const blockedStories = storiesByAuthors(core, await blockedBy(core.db.reader, caller));
    const notBlocked = blockedStories
      ? { condition: sql`story_id NOT IN (${blockedStories})`, reads: BLOCKED_READS }
      : null;
    const text = queryString(query, 'q') ?? '';
    const sizes = sizeCondition({
      larger: queryString(query, 'larger'),
      smaller: queryString(query, 'smaller'),
      change: queryString(query, 'change'),
    });
    const base = bothRestrictions(sizes, notBlocked);
    const muted = await mutesToHide(core.db.reader, request.info);
    const hide = muted
      ? {
          condition: mutedPostCondition(
            core,
            sql`(SELECT post FROM stories WHERE stories.id = story_id)`,
            muted,
          ),
          reads: MUTED_STORY_READS,
        }
      : null;
    const restrict = bothRestrictions(base, hide);
    const found = await searchStories(
      core.db.reader,
      core.db.dialect,
      text,
      page,
      perPage,
      core.records.counts,
      restrict,
    );
    const hidden = hide
      ? (await searchTotal(core.db.reader, core.db.dialect, text, core.records.counts, base)) -
        found.totalItems
      : undefined;
    const stories = core.registry.find('stories')!;
    const rows = found.storyIds.length
      ? (
          await sql<
            Record<string, unknown>
          >`SELECT * FROM stories WHERE id IN (${sql.join(found.storyIds)})`.execute(core.db.reader)
        ).rows
      : [];
    const byId = new Map(rows.map((row) => [String(row.id), decodeRow(stories, row)]));
    const ordered = found.storyIds.map((id) => byId.get(id)).filter((r) => r !== undefined);
    const items = await renderRecords(
      core.records,
      stories,
      ordered,
      request.info,
      queryString(query, 'expand') ?? 'post',
    );
    return {
      page,
      perPage,
      totalItems: found.totalItems,
      totalPages: Math.ceil(found.totalItems / perPage),
      items,
      ...(hidden === undefined ? {} : { hidden: Math.max(0, hidden) }),
    };
  });
}
