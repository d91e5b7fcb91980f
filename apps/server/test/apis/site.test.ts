/** `GET /api/site`: the deployment's settings the web app reads when it starts (PRODUCT.md §13). */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { createTestDatabase } from '../support/databases';
import { createTestServer } from '../support/app';

describe('site settings from the environment', () => {
  it('answers anyone with the title, theme and footer links the server was started with', async () => {
    const testDb = await createTestDatabase('sqlite');
    const config = loadConfig({
      SITE_TITLE: 'Tiny Tales',
      PATRON_URL: 'https://patrons.example.org/tiny',
      DEFAULT_THEME: 'dark',
    });
    const server = await createTestServer(testDb.db, {
      config: { siteTitle: config.siteTitle, site: config.site },
    });
    try {
      const res = await server.inject({ method: 'GET', url: '/api/site' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.json()).toEqual({
        title: 'Tiny Tales',
        patronUrl: 'https://patrons.example.org/tiny',
        chatUrl: '',
        defaultTheme: 'dark',
      });
    } finally {
      await server.close();
      await testDb.drop();
    }
  });

  it('refuses links that are not web addresses and unknown themes at start', () => {
    expect(() => loadConfig({ PATRON_URL: 'javascript:alert(1)' })).toThrow(ConfigError);
    expect(() => loadConfig({ CHAT_URL: 'ftp://chat.example.org' })).toThrow(/CHAT_URL/);
    expect(() => loadConfig({ DEFAULT_THEME: 'purple' })).toThrow(/DEFAULT_THEME/);
    expect(loadConfig({}).site).toEqual({ patronUrl: undefined, chatUrl: undefined, defaultTheme: 'auto' });
  });
});
