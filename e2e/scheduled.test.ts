/**
 * Scheduled chapters end to end, in Chromium against the built server (issue 17 acceptance 2): the
 * author writes the next chapter of a series with a publish time a few seconds ahead; a moderator
 * approves it; the author sees "Scheduled for …" on the story page and the manage list; a member who
 * favorited the series sees no Next Chapter and no notice until the time, then the notice arrives
 * live (no reload, no new fetch) and Next Chapter leads to the new chapter. The server runs its
 * scheduled-publishing job every 500 ms (`SCHEDULED_PUBLISH_EVERY_MS`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AppPage } from './pages/app-page';
import { ManageStoriesPage } from './pages/manage-stories-page';
import { StoryPage } from './pages/story-page';
import { SubmitStoryPage } from './pages/submit-story-page';
import { launchBrowser, screenshotOnFailure, type BrowserSession } from './support/browser';
import { clientOf, createMember, openSignedIn, superuserClient, type Member } from './support/members';
import { startServer, type RunningServer } from './support/server';

const STEP_TIMEOUT = 120_000;
/** How far ahead the chapter is scheduled: room for writing, approving and the "not before" checks. */
const AHEAD_MS = 45_000;
const SHOTS = '/tmp/shots-scheduled';
const SERIES_TITLE = 'The Giant Next Door';
const FIRST = 'Moving In';
const SECOND = {
  title: 'The Fence',
  description: 'Neighbours meet.',
  tags: 'giant',
  content: 'A tall shadow.',
};

/** A moment as the page's `datetime-local` input takes it, in the browser's own time zone. */
function localInput(page: Page, ms: number): Promise<string> {
  return page.evaluate((at) => {
    const d = new Date(at);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  }, ms);
}

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    // The navigation drawer settles after a resize.
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe.skipIf(!inject('browserAvailable'))('scheduled chapters: hidden until their time', () => {
  let server: RunningServer;
  let admin: PocketBase;
  let authorBrowser: BrowserSession;
  let readerBrowser: BrowserSession;
  let author: Member;
  let moderator: Member;
  let reader: Member;
  let seriesId = '';
  let firstStory = '';
  let secondStory = '';
  let publishAtMs = 0;

  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: 'false', SCHEDULED_PUBLISH_EVERY_MS: '500' });
    admin = await superuserClient(server);
    author = await createMember(admin, { username: 'author_sam', name: 'Sam Author' });
    moderator = await createMember(admin, { username: 'mod_max', name: 'Max Mod', roles: ['moderator'] });
    reader = await createMember(admin, { username: 'reader_rin', name: 'Rin Reader' });
    // A published series by the author with a published first chapter (written in the author's name
    // by the operator, so the author's own one-post-per-5-s limit is left for the walk).
    const seriesPost = await admin.collection('posts').create({
      type: 'series',
      title: SERIES_TITLE,
      contributors: [author.id],
      published: '2026-01-01 00:00:00.000Z',
    });
    seriesId = (await admin.collection('series').create({ post: seriesPost.id })).id;
    const firstPost = await admin.collection('posts').create({
      type: 'story',
      title: FIRST,
      contributors: [author.id],
      published: '2026-01-02 00:00:00.000Z',
    });
    firstStory = (
      await admin.collection('stories').create({ post: firstPost.id, content: 'Boxes.', series: seriesId })
    ).id;
    await admin.collection('series').update(seriesId, { stories: [firstStory] });
    // The reader favorites the series.
    await (
      await clientOf(admin, reader)
    )
      .collection('favorites')
      .create({ target: seriesPost.id, user: reader.id, type: 'series' });
    [authorBrowser, readerBrowser] = await Promise.all([launchBrowser(), launchBrowser()]);
  }, STEP_TIMEOUT);

  afterAll(async () => {
    await Promise.all([authorBrowser?.close(), readerBrowser?.close()]);
    await server?.stop();
  });

  it(
    'lets the author schedule the next chapter; once approved it reads "Scheduled for" to the author',
    async () => {
      const page = await authorBrowser.context.newPage();
      screenshotOnFailure(page, 'scheduled-author');
      const authorClient = await clientOf(admin, author);
      await openSignedIn(page, server.url, authorClient, `/stories/submit?series=${seriesId}`);
      const form = new SubmitStoryPage(page, server.url);
      await form.heading('Submit Story').waitFor();
      await form.fill(SECOND);
      // The input takes whole seconds.
      publishAtMs = Math.ceil((Date.now() + AHEAD_MS) / 1000) * 1000;
      await form.publishAt(await localInput(page, publishAtMs));
      await shoot(page, 'story-form');
      await form.submit();
      await page.waitForURL(
        (url) => /^\/stories\/\w+$/.test(url.pathname) && url.pathname !== '/stories/submit',
      );
      secondStory = new URL(page.url()).pathname.split('/')[2]!;

      // A moderator approves it (the content queue's own walk is in moderation.test.ts).
      const story = await authorClient.collection('stories').getOne<{ post: string }>(secondStory);
      await (
        await clientOf(admin, moderator)
      )
        .collection('post_content_actions')
        .create({ post: story.post, resolver: moderator.id, action: 'publish' });

      const storyPage = new StoryPage(page, server.url);
      await storyPage.open(`/stories/${secondStory}`);
      await storyPage.heading(SECOND.title).waitFor();
      await page
        .getByText(/^Scheduled for .+\. Approved; only its contributors and moderators see it/)
        .waitFor();
      await shoot(page, 'story-page');

      const manage = new ManageStoriesPage(page, server.url);
      await manage.open('/stories/manage');
      await manage
        .item(SECOND.title)
        .getByText(/^Scheduled for /)
        .waitFor();
      expect(await manage.item(SECOND.title).getByText('Returned for changes').count()).toBe(0);
      await shoot(page, 'manage');
      await page.close();
      expect(Date.now()).toBeLessThan(publishAtMs - 10_000);
    },
    STEP_TIMEOUT,
  );

  it(
    'tells a favoriter of the series live when the chapter comes out, not before',
    async () => {
      const page = await readerBrowser.context.newPage();
      screenshotOnFailure(page, 'scheduled-reader');
      // The series (with the chapters the reader may see) and the notifications have loaded.
      const seriesLoaded = page.waitForResponse((r) =>
        r.url().includes(`/api/collections/series/records/${seriesId}`),
      );
      const notificationsLoaded = page.waitForResponse((r) =>
        r.url().includes('/api/collections/notifications/records'),
      );
      await openSignedIn(page, server.url, await clientOf(admin, reader), `/stories/${firstStory}`);
      const story = new StoryPage(page, server.url);
      await story.heading(FIRST).waitFor();
      const app = new AppPage(page, server.url);
      await Promise.all([seriesLoaded, notificationsLoaded]);
      await app.notificationsButton.waitFor();
      const notificationLoads: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'GET' && request.url().includes('/api/collections/notifications/records'))
          notificationLoads.push(request.url());
      });

      // Before its time: no Next Chapter (the hidden chapter is skipped), no notice.
      expect(await story.nextChapter.count()).toBe(0);
      const notice = app.notification(`New chapter in "${SERIES_TITLE}": "${SECOND.title}"`);
      const untilAlmost = publishAtMs - 3000 - Date.now();
      expect(untilAlmost).toBeGreaterThan(0);
      await page.waitForTimeout(untilAlmost);
      await app.openNotifications();
      expect(await notice.count()).toBe(0);

      // Its time comes: the notice arrives in the open menu without a reload or a new fetch.
      await notice.waitFor({ timeout: 20_000 });
      expect(Date.now()).toBeGreaterThanOrEqual(publishAtMs);
      expect(notificationLoads).toEqual([]);
      await shoot(page, 'reader-notified');
      await page.keyboard.press('Escape');

      // Next Chapter now leads to it.
      await story.open(`/stories/${firstStory}`);
      await story.heading(FIRST).waitFor();
      await story.nextChapter.click();
      await page.waitForURL((url) => url.pathname === `/stories/${secondStory}`);
      await story.heading(SECOND.title).waitFor();
      await page.close();
    },
    STEP_TIMEOUT,
  );
});
