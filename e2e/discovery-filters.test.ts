/**
 * Muted tags and size filters (issue 20 acceptance 2 and 3), in Chromium against the built server: a
 * member mutes a tag from its browse page; a story with that tag leaves /stories, browse, search and the
 * home page for that member only, with "1 hidden by your filters", and "Show them" brings it back with
 * the totals right. Another member picks "a mega giant with growth" on the browse page and the filter is
 * in the URL, so the same address shows the same stories.
 */
import type { Page } from 'playwright-core';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FilteredListsPage } from './pages/filtered-lists-page';
import { launchBrowser, saveScreenshot, screenshotOnFailure, type BrowserSession } from './support/browser';
import { clientOf, createMember, openSignedIn, superuserClient, type Member } from './support/members';
import { startServer, type RunningServer } from './support/server';

const STEP_TIMEOUT = 90_000;
const MUTED = 'Tower of Hands';
const OPEN = 'Tower in the Meadow';

describe.skipIf(!inject('browserAvailable'))('muted tags and size filters', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let page: Page;
  let admin: PocketBase;
  let author: Member;
  let reader: Member;
  let other: Member;
  let tagId = '';

  async function publish(title: string, fields: Record<string, unknown>): Promise<void> {
    const post = await admin.collection('posts').create({
      type: 'story',
      title,
      description: 'A tower story.',
      contributors: [author.id],
      published: new Date().toISOString().replace('T', ' '),
      ...fields,
    });
    await admin.collection('stories').create({ post: post.id, content: 'The tower stood tall.' });
  }

  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: 'false' });
    admin = await superuserClient(server);
    author = await createMember(admin, { username: 'edda_writes', name: 'Edda the Tall' });
    reader = await createMember(admin, { username: 'rex_reads', name: 'Rex Reader' });
    other = await createMember(admin, { username: 'ola_other', name: 'Ola Other' });
    tagId = (await admin.collection('tags').create({ name: 'hands' })).id;
    await publish(MUTED, {
      tags: [tagId],
      larger_size: 'mega',
      smaller_size: 'micro',
      size_change: 'growth',
    });
    await publish(OPEN, { larger_size: 'giga', size_change: 'growth' });
    browser = await launchBrowser();
    page = await browser.context.newPage();
  }, STEP_TIMEOUT * 2);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it(
    'a muted tag leaves /stories, browse, search and the home page, with "1 hidden by your filters" and "Show them"',
    async () => {
      screenshotOnFailure(page, 'muted-tag');
      const lists = new FilteredListsPage(page, server.url);
      await openSignedIn(page, server.url, await clientOf(admin, reader), `/stories/browse?tag=${tagId}`);
      await lists.card(MUTED).waitFor();
      await lists.muteTag.click();
      await lists.unmuteTag.waitFor();
      await lists.hiddenNote(1).waitFor();
      expect(await lists.card(MUTED).count()).toBe(0);

      // /stories
      await lists.open('/stories');
      await lists.card(OPEN).waitFor();
      await lists.hiddenNote(1).waitFor();
      expect(await lists.card(MUTED).count()).toBe(0);
      await saveScreenshot(page, 'muted-stories-1280');
      await page.setViewportSize({ width: 360, height: 800 });
      await saveScreenshot(page, 'muted-stories-360');
      await page.setViewportSize({ width: 1280, height: 800 });
      await lists.showThem.click();
      await lists.card(MUTED).waitFor();
      expect(await lists.anyHiddenNote.count()).toBe(0);
      expect(await lists.cards.count()).toBe(2);

      // /stories/browse without filters
      await lists.open('/stories/browse');
      await lists.card(OPEN).waitFor();
      await lists.hiddenNote(1).waitFor();
      expect(await lists.card(MUTED).count()).toBe(0);
      await lists.showThem.click();
      await lists.card(MUTED).waitFor();

      // /search: the count of found stories is the shown ones, and comes right again when shown.
      await lists.open('/search?query=tower');
      await lists.card(OPEN).waitFor();
      await lists.hiddenNote(1).waitFor();
      await lists.text('1 story found').waitFor();
      expect(await lists.card(MUTED).count()).toBe(0);
      await saveScreenshot(page, 'muted-search-1280');
      await lists.showThem.click();
      await lists.card(MUTED).waitFor();
      await lists.text('2 stories found').waitFor();

      // The home page's latest stories
      await lists.open('/');
      await lists.heading('Latest stories').waitFor();
      await lists.card(OPEN).waitFor();
      await lists.hiddenNote(1).waitFor();
      expect(await lists.card(MUTED).count()).toBe(0);
      await saveScreenshot(page, 'muted-home-1280');
      await lists.showThem.click();
      await lists.card(MUTED).waitFor();

      // Settings lists the mute.
      await lists.open('/settings');
      await lists.heading('Muted tags and labels').waitFor();
      await page.getByRole('button', { name: 'Unmute hands' }).waitFor();
      await saveScreenshot(page, 'muted-settings-1280');
      await page.setViewportSize({ width: 360, height: 800 });
      await saveScreenshot(page, 'muted-settings-360');
      await page.setViewportSize({ width: 1280, height: 800 });
    },
    STEP_TIMEOUT * 2,
  );

  it(
    'hides nothing from another member, whose browse by "a mega giant with growth" is in the URL',
    async () => {
      screenshotOnFailure(page, 'size-filter');
      const lists = new FilteredListsPage(page, server.url);
      await openSignedIn(page, server.url, await clientOf(admin, other), '/stories');
      await lists.card(MUTED).waitFor();
      await lists.card(OPEN).waitFor();
      expect(await lists.anyHiddenNote.count()).toBe(0);

      await lists.open('/stories/browse');
      await lists.card(OPEN).waitFor();
      await lists.sizePicker('Larger character').selectOption('mega');
      await lists.sizePicker('Size change').selectOption('growth');
      await page.waitForURL(/change=growth/);
      expect(lists.location()).toBe('/stories/browse?larger=mega&change=growth');
      await expect.poll(() => lists.cards.count()).toBe(1);
      await lists.card(MUTED).waitFor();
      await page.getByRole('main').getByText('Mega giant', { exact: true }).waitFor();
      await page.getByRole('main').getByText('Micro tiny', { exact: true }).waitFor();
      await saveScreenshot(page, 'size-browse-1280');
      await page.setViewportSize({ width: 360, height: 800 });
      await saveScreenshot(page, 'size-browse-360');
      await page.setViewportSize({ width: 1280, height: 800 });

      // The shared address shows the same filter and stories.
      await lists.open('/stories/browse?larger=mega&change=growth');
      await lists.card(MUTED).waitFor();
      expect(await lists.sizePicker('Larger character').inputValue()).toBe('mega');
      expect(await lists.cards.count()).toBe(1);
    },
    STEP_TIMEOUT,
  );
});
