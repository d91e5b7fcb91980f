import { expect, it } from 'vitest';
import { startApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/tools/logger';
import { describeEachDialect } from '../support/databases';

describeEachDialect(
  'first start seeding',
  (getDb) => {
    const start = (env: Record<string, string> = {}) => {
      const { dataDir, databaseUrl } = getDb();
      const config = loadConfig(
        {
          LOG_LEVEL: 'silent',
          LOAD_SHED_DELAY_MS: '0',
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
          ...env,
        },
        { http: '127.0.0.1:0', dir: dataDir },
      );
      return startApp({ ...config, webDist: '/nonexistent' }, createLogger('silent'));
    };

    it('a fresh install seeds the pages and the demo content, and reports an admin sign-in', async () => {
      const app = await start();
      try {
        expect(app.seeded?.pages).toBe(14);
        expect(app.seeded?.admin?.email).toBe('admin@example.com');
        const res = await fetch(`${app.url}/api/collections/users/auth-with-password`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ identity: 'admin', password: app.seeded!.admin!.password }),
        });
        expect(res.status).toBe(200);
        const signedIn = (await res.json()) as { token: string; record: { profile: string } };
        const token = signedIn.token;
        // The admin has a linked profile from the start, like every member.
        expect(signedIn.record.profile).toMatch(/^\w{15}$/);
        const stories = await fetch(`${app.url}/api/collections/stories/records?expand=post`, {
          headers: { authorization: token },
        });
        expect(((await stories.json()) as { totalItems: number }).totalItems).toBe(4);
        const rules = await fetch(
          `${app.url}/api/collections/pages/records?filter=${encodeURIComponent("slug = 'rules'")}`,
        );
        expect(JSON.stringify(await rules.json())).toContain('Adults only.');
      } finally {
        await app.close();
      }
    });

    it('a later start seeds nothing and keeps what is there', async () => {
      const app = await start();
      try {
        expect(app.seeded).toBeNull();
      } finally {
        await app.close();
      }
    });
  },
  { migrate: false },
);

describeEachDialect(
  'first start seeding in production',
  (getDb) => {
    it('seeds the pages only', async () => {
      const { dataDir, databaseUrl } = getDb();
      const config = loadConfig(
        {
          LOG_LEVEL: 'silent',
          LOAD_SHED_DELAY_MS: '0',
          NODE_ENV: 'production',
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        },
        { http: '127.0.0.1:0', dir: dataDir },
      );
      const app = await startApp({ ...config, webDist: '/nonexistent' }, createLogger('silent'));
      try {
        expect(app.seeded).toEqual({ pages: 14, admin: null });
        const users = await app.db.kysely.selectFrom('users').select('id').execute();
        expect(users).toHaveLength(0);
      } finally {
        await app.close();
      }
    });
  },
  { migrate: false },
);
