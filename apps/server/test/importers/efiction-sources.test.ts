/**
 * Where an eFiction archive's text comes from (the chapters table, or files when `settings.store` is
 * `files`), a table prefix of one's own, and every way the source can be wrong: each a clear error that
 * names the problem, never repeats the password, and leaves the site as it was.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { importEfiction } from '../../src/importers/efiction/import';
import { ImportError } from '../../src/importers/efiction/source';
import { describeEachDialect } from '../support/databases';
import { createTestMariadb, mariadbAvailable, type TestMariadb } from '../support/mariadb';
import { apiCaller, buildCommunity, type Community } from '../support/community';
import { TEXTS, loadEfictionArchive } from './efiction-fixture';

describe.skipIf(!mariadbAvailable())('eFiction sources', () => {
  describeEachDialect('eFiction sources', (getDb) => {
    let community: Community;
    let call: ReturnType<typeof apiCaller>;
    let files: TestMariadb;
    let prefixed: TestMariadb;
    let empty: TestMariadb;
    const storiesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'efiction-stories-'));

    const all = async (collection: string, query = '') => {
      const res = await call('superuser', 'GET', `collections/${collection}/records?perPage=500${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: Array<Record<string, unknown> & { id: string }> }>().items;
    };
    const contentOf = async (title: string) => {
      const [post] = await all('posts', `&filter=${encodeURIComponent(`title="${title}"`)}`);
      expect(post, title).toBeDefined();
      return String((await all('stories', `&filter=(post='${post!.id}')`))[0]!.content);
    };

    /** The failure of an import that must not have written anything. */
    async function refused(options: Parameters<typeof importEfiction>[1]): Promise<string> {
      const before = [(await all('users')).length, (await all('import_links')).length];
      const error = await importEfiction(community.core, options).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ImportError);
      expect([(await all('users')).length, (await all('import_links')).length]).toEqual(before);
      return (error as ImportError).message;
    }

    beforeAll(async () => {
      community = await buildCommunity(getDb());
      call = apiCaller(community);
      [files, prefixed, empty] = await Promise.all([
        createTestMariadb(),
        createTestMariadb(),
        createTestMariadb(),
      ]);
      await loadEfictionArchive(files, { store: 'files', storiesDir });
      await loadEfictionArchive(prefixed, { prefix: 'gw_fanfiction_' });
    });
    afterAll(async () => {
      await community.server.close();
      await Promise.all([files.drop(), prefixed.drop(), empty.drop()]);
      fs.rmSync(storiesDir, { recursive: true, force: true });
    });

    it('an archive that keeps chapters as files needs --stories-dir, and a folder there', async () => {
      expect(await refused({ db: files.url })).toMatch(/settings\.store is "files"\): give --stories-dir/);
      expect(await refused({ db: files.url, storiesDir: path.join(storiesDir, 'nope') })).toMatch(
        /is not a folder/,
      );
    });

    it('reads chapter text from <dir>/<uid>/<chapid>.txt, UTF-8 and Windows-1252 files alike', async () => {
      const report = await importEfiction(community.core, { db: files.url, storiesDir });
      expect(await contentOf('Pocket Sized: The Cat')).toBe(TEXTS.catText);
      expect(await contentOf('Pocket Sized: Waking Up')).toBe(TEXTS.wakingText);
      expect(await contentOf('The Lighthouse Keeper')).toContain(TEXTS.lighthouseText);
      // Its file is gone: the chapter comes with a line saying so, and the summary names it.
      expect(await contentOf('Saga Part Two: Departure')).toBe(
        '(This chapter had no text in the old archive.)',
      );
      expect(report.notes.get('Chapters whose text file is missing (imported without text)')).toEqual([
        '1/141.txt of "Saga Part Two"',
      ]);
    });

    it('reads an archive installed with a table prefix of its own (--prefix)', async () => {
      expect(await refused({ db: prefixed.url })).toMatch(/no fanfiction_settings, fanfiction_authors/);
      // The same archive under another site key would be another archive: this one is `gta` again,
      // so everything is found as the files import made it, and nothing is added.
      const report = await importEfiction(community.core, { db: prefixed.url, prefix: 'gw_fanfiction_' });
      expect(report.imported.size).toBe(0);
      expect(report.already.get('members')).toBe(8);
    });

    it('a connection string that is not one is refused before anything is tried', async () => {
      expect(await refused({ db: 'postgres://root@127.0.0.1/x' })).toMatch(/--db must start with mysql:\/\//);
      expect(await refused({ db: 'mysql://root@127.0.0.1:3306' })).toMatch(/--db must name the database/);
      expect(await refused({ db: 'not a url' })).toMatch(
        /--db must look like mysql:\/\/USER:PASS@HOST:PORT\/DBNAME/,
      );
      expect(await refused({ db: empty.url, prefix: 'x; DROP TABLE' })).toMatch(/--prefix may hold only/);
    });

    it('a wrong password is named as such and never printed back', async () => {
      const admin = await mysql.createConnection({ uri: inject('mariadbAdminUrl')! });
      const user = `importer_${Date.now().toString(36)}`;
      await admin.query(`CREATE USER '${user}'@'%' IDENTIFIED BY 'the right one'`);
      try {
        const url = new URL(empty.url);
        url.username = user;
        url.password = 'Wr0ng-S3cret';
        const message = await refused({ db: url.toString() });
        expect(message).toMatch(new RegExp(`refused user "${user}" for database "${empty.database}"`));
        expect(message).not.toContain('Wr0ng-S3cret');
      } finally {
        await admin.query(`DROP USER '${user}'@'%'`);
        await admin.end();
      }
    });

    it('a missing database, missing tables and an unreachable server are named', async () => {
      const missing = new URL(empty.url);
      missing.pathname = '/no_such_archive';
      expect(await refused({ db: missing.toString() })).toMatch(/There is no database "no_such_archive"/);
      expect(await refused({ db: empty.url })).toMatch(
        new RegExp(`The database "${empty.database}" has no fanfiction_settings, .*--prefix`),
      );
      expect(await refused({ db: 'mysql://root@127.0.0.1:1/archive' })).toMatch(
        /Cannot reach MySQL at 127\.0\.0\.1:1 \(ECONNREFUSED\)/,
      );
    });
  });
});
