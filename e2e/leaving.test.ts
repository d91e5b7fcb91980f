/**
 * Taking one's data and leaving (issue 45), in Chromium against the built server: a member asks for
 * their data on /settings, the section updates by itself when the zip is ready, the zip downloads
 * with the member's session and its book passes EPUBCheck; then the member deletes the account
 * keeping their story for readers. Once the grace period is over (moved to the past by the operator)
 * and the erase job has run, the story is still there, by "Orphaned", and the old username cannot
 * sign in. Screenshots of the section at desktop and phone widths go to /tmp/shots-leaving.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { epubcheck, epubcheckAvailable, readZip } from '../apps/server/test/support/epubcheck';
import { SecretLoginPage } from './pages/secret-login-page';
import { SettingsPage } from './pages/settings-page';
import { StoryPage } from './pages/story-page';
import { launchBrowser, screenshotOnFailure, type BrowserSession } from './support/browser';
import { clientOf, createMember, openSignedIn, superuserClient, type Member } from './support/members';
import { newestMailTo } from './support/outbox';
import { startServer, type RunningServer } from './support/server';

const STEP_TIMEOUT = 120_000;
const SHOTS = '/tmp/shots-leaving';

describe.skipIf(!inject('browserAvailable'))('taking one’s data and leaving', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let admin: PocketBase;
  let author: Member;
  let reader: Member;
  let storyId = '';

  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: 'false' });
    admin = await superuserClient(server);
    author = await createMember(admin, { username: 'leaving_lea', name: 'Lea Leaving' });
    reader = await createMember(admin, { username: 'staying_sol', name: 'Sol Staying' });
    const post = await admin.collection('posts').create({
      type: 'story',
      title: 'The Tiny Lighthouse',
      description: 'A keeper the size of a thimble.',
      contributors: [author.id],
      published: '2026-03-01 00:00:00.000Z',
    });
    storyId = (await admin.collection('stories').create({ post: post.id, content: 'The lamp was *huge*.' }))
      .id;
    browser = await launchBrowser();
    fs.mkdirSync(SHOTS, { recursive: true });
  }, STEP_TIMEOUT);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it(
    'a member downloads their data: the zip holds their account and their story as a valid book',
    async () => {
      const page = await browser.context.newPage();
      screenshotOnFailure(page, 'leaving-export');
      await openSignedIn(page, server.url, await clientOf(admin, author), '/settings');
      const settings = new SettingsPage(page, server.url);
      await settings.requestDataExport();
      const zip = await settings.downloadDataExport();
      expect(zip.name).toMatch(/\.zip$/);
      const entries = new Map(readZip(zip.bytes).map((entry) => [entry.name, entry.content]));
      const account = JSON.parse(entries.get('account.json')!.toString()) as {
        account: { username: string };
      };
      expect(account.account.username).toBe(author.username);
      const markdown = [...entries.keys()].find((name) => name.endsWith('/story.md'));
      expect(entries.get(markdown!)?.toString()).toContain('The lamp was *huge*.');
      const book = [...entries.keys()].find((name) => name.endsWith('/story.epub'));
      expect(book).toBeDefined();
      if (epubcheckAvailable) {
        const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'leaving-')), 'story.epub');
        fs.writeFileSync(file, entries.get(book!)!);
        const result = await epubcheck(file);
        expect(result.errors + result.fatals, result.output).toBe(0);
      }
      const mail = await newestMailTo(server.dataDir, `${author.username}@example.com`);
      expect(mail.subject).toMatch(/data is ready/);

      const section = page.getByRole('region', { name: 'Your data' });
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        await section.scrollIntoViewIfNeeded();
        await section.screenshot({ path: `${SHOTS}/your-data-${width}.png` });
      }
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.close();
    },
    STEP_TIMEOUT,
  );

  it(
    'then deletes the account keeping the story: it stays, by "Orphaned", and the old username cannot sign in',
    async () => {
      const page = await browser.context.newPage();
      screenshotOnFailure(page, 'leaving-delete');
      await openSignedIn(page, server.url, await clientOf(admin, author), '/settings');
      const settings = new SettingsPage(page, server.url);
      await settings.deleteAccount(author.password, 'orphan');
      await settings
        .flash(/^Your account will be deleted on .+\. Sign in before then if you change your mind\.$/)
        .waitFor();

      // The operator moves the grace period to the past and runs the erase job, as the clock would.
      const request = await admin.collection('account_deletions').getFirstListItem(`user = "${author.id}"`);
      await admin
        .collection('account_deletions')
        .update(request.id, { erase_after: '2026-01-01 00:00:00.000Z' });
      await admin.send('/api/crons/account-erasure', { method: 'POST' });
      await expect
        .poll(
          async () =>
            (await admin.collection('users').getList(1, 1, { filter: `id = "${author.id}"` })).totalItems,
          {
            timeout: 30_000,
          },
        )
        .toBe(0);

      await openSignedIn(page, server.url, await clientOf(admin, reader), `/stories/${storyId}`);
      const story = new StoryPage(page, server.url);
      await story.heading('The Tiny Lighthouse').waitFor();
      await story.article.getByText('Orphaned', { exact: true }).first().waitFor();
      expect(await story.article.getByText(author.name).count()).toBe(0);

      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
      const login = new SecretLoginPage(page, server.url);
      await login.open('/secret/login');
      await page.getByRole('textbox', { name: 'Username' }).fill(author.username);
      await page.getByLabel(/^Password/).fill(author.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await login.flash('Failed to authenticate.').waitFor();
      expect(new URL(page.url()).pathname).toBe('/secret/login');
      await page.close();
    },
    STEP_TIMEOUT,
  );
});
