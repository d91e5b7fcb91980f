/**
 * Series end to end, in Chromium against the built server (issue 16, acceptance 1 without the resume
 * parts): a member submits a series and adds two chapters from its page; a moderator publishes all three;
 * another member finds it on /series, reads chapter 1 and goes on with "Next Chapter"; "Edit Series" and
 * "Add a Story To This Series" are there for the contributor only.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AppPage } from './pages/app-page';
import { ContentQueuePage } from './pages/content-queue-page';
import { SecretLoginPage } from './pages/secret-login-page';
import { SeriesFormPage, SeriesListPage, SeriesPage } from './pages/series-page';
import { StoryPage } from './pages/story-page';
import { SubmitStoryPage } from './pages/submit-story-page';
import { launchBrowser, screenshotOnFailure, type BrowserSession } from './support/browser';
import { createMember, superuserClient, type Member } from './support/members';
import { startServer, type RunningServer } from './support/server';

const STEP_TIMEOUT = 90_000;
const POST_INTERVAL_MS = 5_500;
/** Where the walk leaves its screenshots of the series page at phone and desktop widths (not committed). */
const SHOTS = path.resolve(import.meta.dirname, '../test-results/screenshots');
const SERIES = { title: 'Tall Tales', description: 'A village learns to live beside giants.', tags: 'giant' };
const CHAPTERS = [
  {
    title: 'The First Footstep',
    description: 'It begins.',
    tags: 'giant',
    content: 'The ground shook once.',
  },
  {
    title: 'The Second Footstep',
    description: 'It goes on.',
    tags: 'giant',
    // Long enough to leave mid-way: sixty paragraphs.
    content: Array.from({ length: 60 }, (_, i) => `Paragraph ${i + 1}: the ground shook again.`).join('\n\n'),
  },
];

describe.skipIf(!inject('browserAvailable'))(
  'series: submitted, published and read chapter by chapter',
  () => {
    let server: RunningServer;
    let authorBrowser: BrowserSession;
    let readerBrowser: BrowserSession;
    let authorPage: Page;
    let author: Member;
    let moderator: Member;
    let reader: Member;
    let seriesPath = '';

    beforeAll(async () => {
      server = await startServer({ SEED_DEMO: 'false' });
      const admin = await superuserClient(server);
      author = await createMember(admin, { username: 'author_ada', name: 'Ada Author' });
      moderator = await createMember(admin, {
        username: 'mod_mo',
        name: 'Mo Moderator',
        roles: ['moderator'],
      });
      reader = await createMember(admin, { username: 'reader_ray', name: 'Ray Reader' });
      [authorBrowser, readerBrowser] = await Promise.all([launchBrowser(), launchBrowser()]);
      authorPage = await authorBrowser.context.newPage();
      await new SecretLoginPage(authorPage, server.url).signIn(
        author.username,
        author.password,
        '/series/submit',
      );
    }, STEP_TIMEOUT);

    afterAll(async () => {
      await Promise.all([authorBrowser?.close(), readerBrowser?.close()]);
      await server?.stop();
    });

    it(
      'lets a member submit a series and add two chapters from its page',
      async () => {
        screenshotOnFailure(authorPage, 'series-submit');
        const form = new SeriesFormPage(authorPage, server.url);
        await form.heading('Submit Series').waitFor();
        await form.submit();
        await form.text('Title is required').waitFor();
        await form.fill(SERIES);
        await form.submit();
        await authorPage.waitForURL(
          (url) => /^\/series\/\w+$/.test(url.pathname) && url.pathname !== '/series/submit',
        );
        seriesPath = new URL(authorPage.url()).pathname;

        const series = new SeriesPage(authorPage, server.url);
        await series.heading(SERIES.title).waitFor();
        await series.notPublished.waitFor();
        await series.editButton.waitFor();

        for (const chapter of CHAPTERS) {
          await series.open(seriesPath);
          await series.addStoryButton.click();
          await authorPage.waitForURL((url) => url.pathname === '/stories/submit');
          expect(new URL(authorPage.url()).searchParams.get('series')).toBe(seriesPath.split('/')[2]);
          const story = new SubmitStoryPage(authorPage, server.url);
          await story.fill(chapter);
          // Members may create one post per 5 s (PRODUCT.md §9); a writer is slower than this walk.
          await authorPage.waitForTimeout(POST_INTERVAL_MS);
          await story.submit();
          await authorPage.waitForURL(
            (url) => /^\/stories\/\w+$/.test(url.pathname) && url.pathname !== '/stories/submit',
          );
          await story.heading(chapter.title).waitFor();
        }

        await series.open(seriesPath);
        await series.chapter(`Chapter 2: ${CHAPTERS[1]!.title}`).waitFor();
        expect(await series.chapterLinks.allTextContents()).toEqual([
          `Chapter 1: ${CHAPTERS[0]!.title}`,
          `Chapter 2: ${CHAPTERS[1]!.title}`,
        ]);
      },
      STEP_TIMEOUT,
    );

    it(
      'lets a moderator publish the series and both chapters from the content queue',
      async () => {
        const page = await readerBrowser.context.newPage();
        screenshotOnFailure(page, 'series-moderate');
        await new SecretLoginPage(page, server.url).signIn(
          moderator.username,
          moderator.password,
          '/admin/content-queue',
        );
        const queue = new ContentQueuePage(page, server.url);
        for (const title of [SERIES.title, CHAPTERS[0]!.title, CHAPTERS[1]!.title]) {
          await queue.entry(title).waitFor();
          await queue.publish(title);
          await queue.entry(title).waitFor({ state: 'detached' });
        }
        await queue.empty.waitFor();
        await new AppPage(page, server.url).signOut();
        await page.close();
      },
      STEP_TIMEOUT,
    );

    it(
      'lets another member read chapter 1, go on with "Next Chapter", leave mid-way and be offered to resume',
      async () => {
        const page = await readerBrowser.context.newPage();
        screenshotOnFailure(page, 'series-read');
        await new SecretLoginPage(page, server.url).signIn(reader.username, reader.password, '/series');
        const list = new SeriesListPage(page, server.url);
        await list.heading('Series').waitFor();
        await list.seriesLink(SERIES.title).click();
        await page.waitForURL((url) => url.pathname === seriesPath);

        const series = new SeriesPage(page, server.url);
        await series.heading(SERIES.title).waitFor();
        await series.chapter(`Chapter 1: ${CHAPTERS[0]!.title}`).waitFor();
        expect(await series.editButton.count()).toBe(0);
        expect(await series.addStoryButton.count()).toBe(0);
        expect(await series.notPublished.count()).toBe(0);
        await page.setViewportSize({ width: 360, height: 740 });
        await page.screenshot({ path: `${SHOTS}/series-page-360.png`, fullPage: true });
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.screenshot({ path: `${SHOTS}/series-page-1280.png`, fullPage: true });

        const story = new StoryPage(page, server.url);
        // Chapter 1 fits on the screen: opening it is reading it, saved after a short pause.
        const firstSaved = story.placeSaved();
        await series.chapter(`Chapter 1: ${CHAPTERS[0]!.title}`).click();
        await story.heading(CHAPTERS[0]!.title).waitFor();
        expect(await story.previousChapter.count()).toBe(0);
        await firstSaved;
        await story.nextChapter.click();
        await story.heading(CHAPTERS[1]!.title).waitFor();
        await story.text('Paragraph 1: the ground shook again.').waitFor();
        await story.previousChapter.waitFor();
        expect(await story.nextChapter.count()).toBe(0);

        // Half-way down chapter 2 the reader leaves; the place is saved once they pause.
        const saved = story.placeSaved();
        await story.text('Paragraph 30: the ground shook again.').scrollIntoViewIfNeeded();
        await page.mouse.wheel(0, 100);
        await saved;
        await series.open(seriesPath);
        await series
          .readMark(`Chapter 1: ${CHAPTERS[0]!.title}`)
          .getByText('Read', { exact: true })
          .waitFor();
        await series
          .readMark(`Chapter 2: ${CHAPTERS[1]!.title}`)
          .getByText('Started', { exact: true })
          .waitFor();
        // The series page offers to go on where the reader left off (PRODUCT.md §14).
        await page.getByRole('link', { name: 'Continue reading: Chapter 2' }).waitFor();

        // The home page offers the unfinished chapter only; opening it offers to jump back.
        await series.open('/');
        const continueReading = page.getByRole('region', { name: 'Continue reading' });
        await continueReading.getByRole('link', { name: CHAPTERS[1]!.title }).waitFor();
        expect(await continueReading.getByRole('link', { name: CHAPTERS[0]!.title }).count()).toBe(0);
        await continueReading.getByRole('link', { name: CHAPTERS[1]!.title }).click();
        await story.heading(CHAPTERS[1]!.title).waitFor();
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        await story.resumeButton.click();
        await page.waitForFunction(() => window.scrollY > 500);
        await story.resumeButton.waitFor({ state: 'detached' });
        await page.close();
      },
      STEP_TIMEOUT,
    );

    it(
      'still shows the contributor "Edit Series" and "Add a Story To This Series" once published',
      async () => {
        screenshotOnFailure(authorPage, 'series-contributor');
        const series = new SeriesPage(authorPage, server.url);
        await series.open(seriesPath);
        await series.heading(SERIES.title).waitFor();
        await series.editButton.waitFor();
        await series.addStoryButton.waitFor();
        expect(await series.notPublished.count()).toBe(0);
      },
      STEP_TIMEOUT,
    );
  },
);
