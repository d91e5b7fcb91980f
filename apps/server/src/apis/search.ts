/** `GET /api/search/stories?q=&page=`: ranked story search, answered in PocketBase's list shape. */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Core } from '../core';
import { decodeRow } from '../core/records/record';
import { blockedBy, storiesByAuthors } from '../site/blocks';
import { SEARCH_PAGE_SIZE, searchStories } from '../site/search';
import { ApiError } from '../tools/api-error';
import { queryInt, queryString, type Query } from './query-params';
import { renderRecords } from '../core/records/render';

export function registerSearchRoutes(app: FastifyInstance, core: Core): void {
  app.get('/api/search/stories', async (request) => {
    if (!request.info.auth) throw new ApiError(401, 'The request requires valid record authorization token.');
    const query = request.query as Query;
    const page = Math.max(1, queryInt(query, 'page', 1));
    const perPage = Math.min(Math.max(1, queryInt(query, 'perPage', SEARCH_PAGE_SIZE)), 100);
    // The stories of members the caller blocked are not found (PRODUCT.md §14).
    const auth = request.info.auth;
    const caller = auth.isSuperuser ? '' : String(auth.record.id);
    const hidden = storiesByAuthors(core, await blockedBy(core.db.reader, caller));
    const found = await searchStories(
      core.db.reader,
      core.db.dialect,
      queryString(query, 'q') ?? '',
      page,
      perPage,
      core.records.counts,
      hidden,
    );
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
    };
  });
}
