/**
 * `GET /api/epub/stories/:id` and `GET /api/epub/series/:id`: a story, or a series with its chapters,
 * as an EPUB 3 download (PRODUCT.md §14), streamed as it is written. Members only, under the view
 * rules (site/epub.ts decides what goes in and who is refused); limited per member (rate-limits.ts),
 * as each book reads and renders every chapter and image.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Core } from '../core';
import { bookFileName, seriesBook, storyBook } from '../site/epub';
import type { Book } from '../tools/epub/book';
import { writeBook } from '../tools/epub/book';

function sendBook(reply: FastifyReply, book: Book) {
  const name = bookFileName(book.title);
  reply
    .header('Content-Type', 'application/epub+zip')
    .header('Content-Disposition', `attachment; filename="${name}"`)
    .header('Cache-Control', 'private, no-store');
  return reply.send(writeBook(book));
}

export function registerEpubRoutes(app: FastifyInstance, core: Core): void {
  app.get<{ Params: { id: string } }>('/api/epub/stories/:id', async (request, reply) =>
    sendBook(reply, await storyBook(core, request.params.id, request.info)),
  );
  app.get<{ Params: { id: string } }>('/api/epub/series/:id', async (request, reply) =>
    sendBook(reply, await seriesBook(core, request.params.id, request.info)),
  );
}
