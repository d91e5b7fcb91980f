/**
 * Bringing an old archive over: the operator imports an eFiction archive with the server's own command
 * while the site runs, and a member of the old archive signs in with the password she had there, gives
 * her birthday (the 18+ gate), and comments on her story.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BirthdayPrompt } from './pages/birthday-prompt';
import { SecretLoginPage } from './pages/secret-login-page';
import { StoryPage } from './pages/story-page';
import { launchBrowser, saveScreenshot, screenshotOnFailure, type BrowserSession } from './support/browser';
import { OLD_ARCHIVE, loadOldArchive, type Archive } from './support/efiction-archive';
import { superuserClient } from './support/members';
import { startServer, type RunningServer } from './support/server';

const root = path.resolve(import.meta.dirname, '..');

describe.skipIf(!inject('browserAvailable') || !inject('mariadbAdminUrl'))(
  'a member of the old archive',
  () => {
    let archive: Archive;
    let server: RunningServer;
    let browser: BrowserSession;
    let admin: PocketBase;
    let importOutput = '';

    beforeAll(async () => {
      archive = await loadOldArchive(inject('mariadbAdminUrl')!);
      server = await startServer({ SEED_DEMO: 'false' });
      browser = await launchBrowser();
      admin = await superuserClient(server);
      const result = spawnSync(
        process.execPath,
        [
          path.join(root, 'apps/server/dist/main.js'),
          'import',
          'efiction',
          `--db=${archive.url}`,
          `--dir=${server.dataDir}`,
        ],
        { env: { ...process.env, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
      );
      importOutput = `${result.stdout}${result.stderr}`;
      if (result.status !== 0) throw new Error(`import failed:\n${importOutput}`);
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
      await archive?.drop();
    });

    it('the operator’s import says what it brought', () => {
      expect(importOutput).toMatch(/Imported:\n\s+labels\s+\d+/);
      expect(importOutput).toMatch(/members\s+1\n/);
      expect(importOutput).toMatch(/stories\s+1\n/);
    });

    it('signs in with the old password, gives a birthday, and comments', async () => {
      const story = await admin
        .collection('stories')
        .getFirstListItem(admin.filter('post.title = {:title}', { title: OLD_ARCHIVE.story }));
      const page = await browser.context.newPage();
      screenshotOnFailure(page, 'imported-member');
      await new SecretLoginPage(page, server.url).signIn(
        OLD_ARCHIVE.username,
        OLD_ARCHIVE.password,
        `/stories/${story.id}`,
      );

      const prompt = new BirthdayPrompt(page, server.url);
      await prompt.prompt.waitFor();
      await saveScreenshot(page, 'imported-member-birthday-1280');
      await page.setViewportSize({ width: 360, height: 800 });
      await saveScreenshot(page, 'imported-member-birthday-360');
      await page.setViewportSize({ width: 1280, height: 800 });
      await prompt.give('1984-04-04');
      await prompt.flash('Thank you! You can now post and comment.').waitFor();

      const storyPage = new StoryPage(page, server.url);
      await storyPage.heading(OLD_ARCHIVE.story).waitFor();
      await storyPage.comment('So glad the archive moved here!');
      const mine = await admin.collection('comments').getFullList<{ content: string }>({
        filter: admin.filter('target = {:post}', { post: String(story.post) }),
      });
      expect(mine.map((c) => c.content)).toEqual(['So glad the archive moved here!']);
      // The old password is now the site's own: the account is claimed.
      const [member] = await admin
        .collection('users')
        .getFullList({ filter: `username = '${OLD_ARCHIVE.username}'` });
      expect(member).toMatchObject({ unmigrated: false, birthday: '1984-04-04 00:00:00.000Z' });
      await page.close();
    });
  },
);
