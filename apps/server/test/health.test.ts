import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from './support/app';
import { createTestDatabase, type TestDatabase } from './support/databases';
import { describeWithFixture } from './support/fixture';
import { runScenarios } from './support/scenarios';

describe('health and the API fallback', () => {
  let testDb: TestDatabase;
  let server: FastifyInstance;

  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite');
    server = await createTestServer(testDb.db);
  });
  afterAll(async () => {
    await server.close();
    await testDb.drop();
  });

  it('GET /api/health answers in PocketBase’s shape', async () => {
    const res = await server.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'API is healthy.', code: 200, data: {} });
  });

  it('HEAD /api/health answers 200 with no body', async () => {
    const res = await server.inject({ method: 'HEAD', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });

  it.each([
    ['GET', '/api/unknown'],
    ['GET', '/api'],
    ['POST', '/api/health'],
    ['PUT', '/api/health'],
  ] as const)('%s %s is a PocketBase-shaped JSON 404', async (method, url) => {
    const res = await server.inject({ method, url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ data: {}, message: "The requested resource wasn't found.", status: 404 });
  });

  it('adds the security headers and a request id to every response', async () => {
    const res = await server.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-xss-protection']).toBe('1; mode=block');
    expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
  });

  it('keeps a well-formed incoming request id and replaces a hostile one', async () => {
    const kept = await server.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await server.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'a b\u0000<script>' },
    });
    expect(replaced.headers['x-request-id']).not.toContain('<');
  });

  it('allows any origin, as PocketBase does by default', async () => {
    const res = await server.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://example.test' },
    });
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });
});

// PocketBase: healthCheck in apis/health.go ("health status returned as superuser" and the guest and
// regular-user cases of apis/health_test.go): extra data for superusers only, `{}` for everyone else.
describeWithFixture('health data', (fixture) => {
  runScenarios(fixture, [
    {
      name: 'guest gets empty data',
      method: 'GET',
      url: '/api/health',
      headers: { 'CF-Connecting-IP': '1.2.3.4' },
      status: 200,
      contains: ['{"message":"API is healthy.","code":200,"data":{}}'],
    },
    {
      name: 'regular member gets empty data',
      method: 'GET',
      url: '/api/health',
      as: 'alice',
      status: 200,
      contains: ['"data":{}'],
      notContains: ['canBackup', 'realIP'],
    },
    {
      name: 'superuser gets canBackup, realIP and no proxy header',
      method: 'GET',
      url: '/api/health',
      as: 'superuser',
      status: 200,
      contains: ['"data":{"canBackup":true,"realIP":"127.0.0.1","possibleProxyHeader":""}'],
    },
    {
      name: 'superuser behind a proxy: the first common proxy header present is named',
      method: 'GET',
      url: '/api/health',
      as: 'superuser',
      headers: { 'Fly-Client-IP': '5.6.7.8', 'CF-Connecting-IP': '1.2.3.4' },
      status: 200,
      contains: ['"possibleProxyHeader":"CF-Connecting-IP"'],
    },
    {
      name: 'superuser behind Fly',
      method: 'GET',
      url: '/api/health',
      as: 'superuser',
      headers: { 'Fly-Client-IP': '5.6.7.8' },
      status: 200,
      contains: ['"possibleProxyHeader":"Fly-Client-IP"'],
    },
  ]);
});
