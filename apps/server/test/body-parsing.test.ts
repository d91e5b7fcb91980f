import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from './support/app';
import { createTestDatabase, type TestDatabase } from './support/databases';

describe('request bodies', () => {
  let testDb: TestDatabase;
  let server: FastifyInstance;

  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite');
    // A probe route that echoes what the body parser produced.
    server = await createTestServer(testDb.db, {
      extend: (app) => {
        app.post('/api/__echo', (request) => ({ body: request.body ?? null }));
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await testDb.drop();
  });

  it('reads an empty body sent as JSON as no data, like the SDK’s bodiless POSTs need', async () => {
    const res = await server.inject({
      method: 'POST',
      url: '/api/__echo',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ body: {} });
  });

  it('answers malformed JSON with a PocketBase 400', async () => {
    const res = await server.inject({
      method: 'POST',
      url: '/api/__echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ data: {}, message: 'Failed to read the submitted data.', status: 400 });
  });

  it('answers an unsupported content type with a PocketBase 400', async () => {
    const res = await server.inject({
      method: 'POST',
      url: '/api/__echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Unsupported Content-Type.', status: 400 });
  });
});
