/**
 * How large a JSON or url-encoded body each route reads (multipart bodies are streamed with their
 * own per-file and per-request budgets: server.ts, record-body.ts). Reading and parsing a body runs
 * on the event loop every request shares, so each route reads only what its largest honest request
 * needs, and a larger body is refused with a 413 before it is parsed:
 * - a record's create or update: its largest field (a story's 2 MiB of text) as JSON, with room for
 *   escaping;
 * - a realtime subscribe: PocketBase's own form limits, 1000 subscriptions of 2500 characters;
 * - a batch and a collections import, which superusers (or the batch settings) already bound;
 * - everything else (sign-ins, account mails, settings, collections, tokens): 1 MiB.
 */
import type { FastifyInstance } from 'fastify';

const MiB = 1024 * 1024;

/** Bodies of routes with no entry below. */
export const DEFAULT_BODY_LIMIT = 1 * MiB;

/** Route (Fastify's url pattern) -> the bytes of JSON or url-encoded body it reads. */
export const ROUTE_BODY_LIMITS: Readonly<Record<string, number>> = {
  '/api/collections/:collection/records': 6 * MiB,
  '/api/collections/:collection/records/:id': 6 * MiB,
  '/api/realtime': 3 * MiB,
  '/api/batch': 32 * MiB,
  '/api/collections/import': 32 * MiB,
};

/** Gives every route registered after it the limit above (a route may still set its own). */
export function registerBodyLimits(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= ROUTE_BODY_LIMITS[route.url] ?? DEFAULT_BODY_LIMIT;
  });
}
