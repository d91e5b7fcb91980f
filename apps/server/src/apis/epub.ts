/**
 * `GET /api/epub/stories/:id` and `GET /api/epub/series/:id`: a story, or a series with its chapters,
 * as an EPUB 3 download (PRODUCT.md §14), streamed as it is written. Members only, under the view
 * rules (site/epub.ts decides what goes in and who is refused); limited per member (rate-limits.ts),
 * as each book reads and renders every chapter and image. The chapters are rendered in worker
 * threads (site/epub.ts `bookStream`), so a long or costly story never holds up other requests.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Core } from '../core';
import { bookFileName, bookStream, seriesBook, storyBook } from '../site/epub';
import type { Book } from '../tools/epub/book';

/** Aborts when the client goes away before the book is sent, which stops its rendering. */
function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

async function sendBook(request: FastifyRequest, reply: FastifyReply, core: Core, book: Book) {
  const stream = await bookStream(core, book, request.info, clientGone(reply));
  reply
    .header('Content-Type', 'application/epub+zip')
    .header('Content-Disposition', `attachment; filename="${bookFileName(book.title)}"`)
    .header('Cache-Control', 'private, no-store');
  return reply.send(stream);
}

export function registerEpubRoutes(app: FastifyInstance, core: Core): void {
  app.get<{ Params: { id: string } }>('/api/epub/stories/:id', async (request, reply) =>
    sendBook(request, reply, core, await storyBook(core, request.params.id, request.info)),
  );
  app.get<{ Params: { id: string } }>('/api/epub/series/:id', async (request, reply) =>
    sendBook(request, reply, core, await seriesBook(core, request.params.id, request.info)),
  );
}
