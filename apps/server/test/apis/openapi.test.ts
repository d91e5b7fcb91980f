/**
 * docs/openapi.json describes the routes this server adds to PocketBase's API. Checked against the
 * routes a server really registers: every documented operation exists, and every route outside
 * PocketBase's own protocol is documented, so neither can drift from the other.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { routeTable } from '../../src/server';
import { createTestServer } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/databases';

/** PocketBase's own routes (its apis/*.go), as this server registers them. */
const POCKETBASE_ROUTES = new Set([
  'GET /api/health',
  'GET /api/settings',
  'PATCH /api/settings',
  'GET /api/collections',
  'POST /api/collections',
  'PUT /api/collections/import',
  'GET /api/collections/:collection',
  'PATCH /api/collections/:collection',
  'DELETE /api/collections/:collection',
  'DELETE /api/collections/:collection/truncate',
  'GET /api/collections/:collection/records',
  'POST /api/collections/:collection/records',
  'GET /api/collections/:collection/records/:id',
  'PATCH /api/collections/:collection/records/:id',
  'DELETE /api/collections/:collection/records/:id',
  'GET /api/collections/:collection/auth-methods',
  'POST /api/collections/:collection/auth-refresh',
  'POST /api/collections/:collection/auth-with-password',
  'POST /api/collections/:collection/auth-with-oauth2',
  'POST /api/collections/:collection/request-otp',
  'POST /api/collections/:collection/auth-with-otp',
  'POST /api/collections/:collection/request-password-reset',
  'POST /api/collections/:collection/confirm-password-reset',
  'POST /api/collections/:collection/request-verification',
  'POST /api/collections/:collection/confirm-verification',
  'POST /api/collections/:collection/request-email-change',
  'POST /api/collections/:collection/confirm-email-change',
  'POST /api/collections/:collection/impersonate/:id',
  'GET /api/oauth2-redirect',
  'POST /api/oauth2-redirect',
  'GET /api/realtime',
  'POST /api/realtime',
  'POST /api/batch',
  'POST /api/files/token',
  'GET /api/files/:collection/:recordId/:filename',
  'GET /api/logs',
  'GET /api/logs/stats',
  'GET /api/logs/:id',
  'GET /api/crons',
  'POST /api/crons/:id',
  'GET /api/backups',
  'POST /api/backups',
  'POST /api/backups/upload',
  'GET /api/backups/:key',
  'DELETE /api/backups/:key',
  'POST /api/backups/:key/restore',
]);

interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
}

const document = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../../docs/openapi.json'), 'utf8'),
) as OpenApi;

/** `/api/epub/stories/{id}` as Fastify writes it: `/api/epub/stories/:id`. */
const fastifyPath = (openApiPath: string) => openApiPath.replace(/\{(\w+)\}/g, ':$1');

describe('the OpenAPI description of the extensions', () => {
  let testDb: TestDatabase;
  let server: FastifyInstance;
  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite');
    server = await createTestServer(testDb.db);
  });
  afterAll(async () => {
    await server?.close();
    await testDb?.drop();
  });

  const documented = () =>
    Object.entries(document.paths).flatMap(([route, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${fastifyPath(route)}`),
    );

  it('is OpenAPI 3.1 with responses for every operation', () => {
    expect(document.openapi).toBe('3.1.0');
    for (const operations of Object.values(document.paths))
      for (const operation of Object.values(operations))
        expect(Object.keys(operation.responses).length).toBeGreaterThan(0);
  });

  it('documents only routes the server has', () => {
    const registered = new Set(routeTable(server));
    const missing = documented().filter((operation) => !registered.has(operation));
    expect(missing).toEqual([]);
  });

  it("documents every route the server adds to PocketBase's", () => {
    const extensions = routeTable(server).filter(
      (route) => /^(GET|POST|PUT|PATCH|DELETE) \/api\//.test(route) && !POCKETBASE_ROUTES.has(route),
    );
    expect(extensions.length).toBeGreaterThan(5);
    const described = new Set(documented());
    expect(extensions.filter((route) => !described.has(route))).toEqual([]);
  });

  it("knows every PocketBase route it leaves out (the list above is the server's own)", () => {
    const registered = new Set(routeTable(server));
    expect([...POCKETBASE_ROUTES].filter((route) => !registered.has(route))).toEqual([]);
  });
});
