/**
 * Story search (issue 20), in Chromium against the built server: a member searches a word that is in
 * one story's title and in another's text; both are found, the title match first; Enter and the Search
 * button both lead to /search?query= with the text trimmed; "Searching..." shows while the server
 * answers; more than 20 results get page links above and below.
 */
import type { Page } from 'playwright-core';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SearchPage } from './pages/search-page';
import { launchBrowser, saveScreenshot, screenshotOnFailure, type BrowserSession } from './support/browser';
import { clientOf, createMember, openSignedIn, superuserClient, type Member } from './support/members';
import { startServer, type RunningServer } from './support/server';

const STEP_TIMEOUT = 90_000;

describe.skipIf(!inject('browserAvailable'))('searching stories', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let page: Page;
  let admin: PocketBase;
  let author: Member;
  let reader: Member;

  /** A published story by the author, as the content queue would leave it. */
  async function publish(title: string, description: string, content: string): Promise<void> {
    const post = await admin.collection('posts').create({
      type: 'story',
      title,
      description,
      contributors: [author.id],
      published: new Date().toISOString().replace('T', ' '),
    });
    await admin.collection('stories').create({ post: post.id, content });
  }

  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: 'false' });
    admin = await superuserClient(server);
    author = await createMember(admin, { username: 'edda_writes', name: 'Edda the Tall' });
    reader = await createMember(admin, { username: 'rex_reads', name: 'Rex Reader' });
    // The title match is published first, so only its rank (not being newest) can put it on top.
    await publish('The Lantern Bearer', 'A giantess carries light.', 'She walked the hills at night.');
    await publish('Night Walk', 'A tiny wanderer.', 'He found a lantern glowing in the grass.');
    for (let i = 1; i <= 22; i++) {
      await publish(`Pebble Tale ${i}`, 'A small stone story.', `A pebble rolled down hill number ${i}.`);
    }
    browser = await launchBrowser();
    page = await browser.context.newPage();
  }, STEP_TIMEOUT * 2);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it(
    'finds a word in one story’s title and in another’s text, the title match first (Enter, trimmed)',
    async () => {
      screenshotOnFailure(page, 'search-title-first');
      await openSignedIn(page, server.url, await clientOf(admin, reader), '/search');
      const search = new SearchPage(page, server.url);
      await search.heading('Search').waitFor();
      await search.text('Search published stories by title, description and text.').waitFor();

      await search.searchWithEnter('   lantern  ');
      await search.results.nth(1).waitFor();
      expect(search.location()).toBe('/search?query=lantern');
      expect(await search.resultTitles()).toEqual(['The Lantern Bearer', 'Night Walk']);
      expect(await search.nextPageButtons.count()).toBe(0);
    },
    STEP_TIMEOUT,
  );

  it(
    'the Search button searches too, shows "Searching..." while waiting, and pages more than 20 results',
    async () => {
      screenshotOnFailure(page, 'search-pages');
      const search = new SearchPage(page, server.url);
      // Hold the server's answer back until "Searching..." has been seen.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/search/stories**', async (route) => {
        await held;
        await route.continue();
      });
      await search.searchWithButton(' pebble ');
      await search.searching.waitFor();
      expect(search.location()).toBe('/search?query=pebble');
      release();
      // The previous search's cards may still show for a moment: wait for this search's own.
      await search.results.filter({ hasText: 'Pebble Tale' }).first().waitFor();
      await page.unroute('**/api/search/stories**');

      expect(await search.results.count()).toBe(20);
      expect(await search.nextPageButtons.count()).toBe(2);
      await saveScreenshot(page, 'search-1280');
      await page.setViewportSize({ width: 360, height: 800 });
      await saveScreenshot(page, 'search-360');
      await page.setViewportSize({ width: 1280, height: 800 });

      await search.nextPageButtons.last().click();
      await page.waitForURL(/page=2/);
      expect(search.location()).toBe('/search?query=pebble&page=2');
      await expect.poll(() => search.results.count()).toBe(2);
    },
    STEP_TIMEOUT,
  );
});
