import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from './support/app';
import { createTestDatabase, type TestDatabase } from './support/databases';

describe('serving the web app', () => {
  let testDb: TestDatabase;
  let server: FastifyInstance;
  let webDist: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'community-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root">app shell</div>');
    fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg/>');
    testDb = await createTestDatabase('sqlite');
    server = await createTestServer(testDb.db, { config: { webDist } });
  });
  afterAll(async () => {
    await server.close();
    await testDb.drop();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it.each(['/', '/stories/abc', '/profiles/me/likes?x=1'])(
    'answers %s with index.html, revalidated',
    async (url) => {
      const res = await server.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('app shell');
    },
  );

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await server.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other static files but has them revalidated', async () => {
    const res = await server.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with 404 instead of the page', async () => {
    const res = await server.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(res.statusCode).toBe(404);
  });

  // Issue 47: addresses whose last part has a full stop, opened directly as a browser opens them.
  it.each(['/profiles/newbie.one', '/stories/abc.def', '/viewstory.php?sid=12', '/help/x.txt'])(
    'answers %s opened in the browser with the app',
    async (url) => {
      const res = await server.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('app shell');
    },
  );

  it('answers a missing file a script or image asks for with 404, even outside /assets', async () => {
    for (const url of ['/missing-123.js', '/images/gone.png']) {
      const res = await server.inject({ method: 'GET', url, headers: { accept: '*/*' } });
      expect(res.statusCode).toBe(404);
    }
    const asset = await server.inject({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: 'text/html' },
    });
    expect(asset.statusCode).toBe(404);
  });

  it('never answers an API path with the page', async () => {
    const res = await server.inject({ method: 'GET', url: '/api/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404 });
  });

  it('does not let a path escape the web directory', async () => {
    const res = await server.inject({ method: 'GET', url: '/../../etc/passwd' });
    expect(res.body).not.toContain('root:');
  });

  /** The policy as directive name -> its sources. */
  const directives = (header: string | string[] | number | undefined) =>
    new Map(
      String(header)
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name = '', ...sources]) => [name, sources]),
    );

  it.each(['/', '/stories/abc', '/assets/index-abc123.js'])(
    'serves %s with a Content-Security-Policy allowing only our own scripts',
    async (url) => {
      const res = await server.inject({ method: 'GET', url });
      const policy = directives(res.headers['content-security-policy']);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      // Mantine renders <style> elements at run time; scripts get no such allowance.
      expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(policy.get('connect-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    },
  );

  it('sends the usual security headers with the page', async () => {
    const res = await server.inject({ method: 'GET', url: '/' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['permissions-policy']).toContain('camera=()');
  });
});
