/**
 * `GET /api/search/stories?q=&page=`: ranked story search, answered in PocketBase's list shape.
 * `larger`, `smaller`, `change` filter by size metadata; `muted=hide` leaves out the caller's muted tags
 * and labels and answers `hidden` (site/mutes.ts).
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Core } from '../core';
import { decodeRow } from '../core/records/record';
import { recordsAnswer } from '../core/records/records-answers';
import { blockedBy } from '../site/blocks';
import { SEARCH_PAGE_SIZE, searchStories, searchTotal } from '../site/search';
import { facetFilter } from '../site/search-facets';
import { mutesToHide } from '../site/mutes';
import { ApiError } from '../tools/api-error';
import { queryInt, queryString, type Query } from './query-params';

export function registerSearchRoutes(app: FastifyInstance, core: Core): void {
  app.get('/api/search/stories', async (request, reply) => {
    if (!request.info.auth) throw new ApiError(401, 'The request requires valid record authorization token.');
    const query = request.query as Query;
    const page = Math.max(1, queryInt(query, 'page', 1));
    const perPage = Math.min(Math.max(1, queryInt(query, 'perPage', SEARCH_PAGE_SIZE)), 100);
    // The stories of members the caller blocked are not found (PRODUCT.md §14), nor counted as hidden.
    const auth = request.info.auth;
    const blocked = await blockedBy(core.db.reader, auth.isSuperuser ? '' : String(auth.record.id));
    const text = queryString(query, 'q') ?? '';
    const sizes = {
      larger: queryString(query, 'larger'),
      smaller: queryString(query, 'smaller'),
      change: queryString(query, 'change'),
    };
    const muted = await mutesToHide(core.db.reader, request.info);
    const filter = facetFilter(sizes, muted, blocked);
    const { reader, dialect } = core.db;
    const counts = core.records.lists;
    const found = await searchStories(reader, dialect, text, page, perPage, counts, filter);
    const hidden = muted
      ? (await searchTotal(reader, dialect, text, counts, facetFilter(sizes, null, blocked))) -
        found.totalItems
      : undefined;
    const stories = core.registry.find('stories')!;
    const load = async () => {
      if (found.storyIds.length === 0) return [];
      const rows = (
        await sql<
          Record<string, unknown>
        >`SELECT * FROM stories WHERE id IN (${sql.join(found.storyIds)})`.execute(core.db.reader)
      ).rows;
      const byId = new Map(rows.map((row) => [String(row.id), decodeRow(stories, row)]));
      return found.storyIds.map((id) => byId.get(id)).filter((r) => r !== undefined);
    };
    // The items, rendered and remembered by the ids of the page (the search decided who may see them).
    const items = await recordsAnswer(
      core.records,
      stories,
      { key: found.storyIds.join(','), load },
      request.info,
      queryString(query, 'expand') ?? 'post',
    );
    const head = JSON.stringify({
      page,
      perPage,
      totalItems: found.totalItems,
      totalPages: Math.ceil(found.totalItems / perPage),
      ...(hidden === undefined ? {} : { hidden: Math.max(0, hidden) }),
    });
    return reply.type('application/json; charset=utf-8').send(`${head.slice(0, -1)},"items":${items}}`);
  });
}
