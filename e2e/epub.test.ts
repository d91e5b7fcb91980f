/**
 * EPUB export end to end (issue 17, PRODUCT.md §14), in Chromium against the built server: a member
 * clicks "Download EPUB" on a published story and on a series and receives each book as a file (an
 * EPUB zip named after the title); when the story went back into review meanwhile, the server's
 * reason shows as a flash. Screenshots of both pages at desktop and phone widths go to /tmp/shots-epub.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SeriesPage } from './pages/series-page';
import { StoryPage } from './pages/story-page';
import { launchBrowser, screenshotOnFailure, type BrowserSession } from './support/browser';
import { clientOf, createMember, openSignedIn, superuserClient, type Member } from './support/members';
import { startServer, type RunningServer } from './support/server';

const STEP_TIMEOUT = 90_000;
const SHOTS = '/tmp/shots-epub';
const PUBLISHED = '2026-03-01 00:00:00.000Z';

describe.skipIf(!inject('browserAvailable'))('EPUB export: "Download EPUB" gives the book as a file', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let page: Page;
  let admin: PocketBase;
  let author: Member;
  let reader: Member;
  const ids = { story: '', series: '', draft: '' };

  /** A story by the author, published at once by the superuser (or left in review). */
  const story = async (title: string, content: string, published = true) => {
    const post = await admin.collection('posts').create({
      type: 'story',
      title,
      description: `About ${title}`,
      contributors: [author.id],
      ...(published ? { published: PUBLISHED } : {}),
    });
    return (await admin.collection('stories').create({ post: post.id, content })).id;
  };

  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: 'false' });
    admin = await superuserClient(server);
    author = await createMember(admin, { username: 'author_eve', name: 'Eve Author' });
    reader = await createMember(admin, { username: 'reader_rex', name: 'Rex Reader' });
    ids.story = await story('The Giant Library', 'Shelves taller than *towers*.');
    const chapters = [
      await story('Book One', 'The first chapter.'),
      await story('Book Two', 'The second chapter.'),
    ];
    const seriesPost = await admin.collection('posts').create({
      type: 'series',
      title: 'The Library Books',
      description: 'Two chapters.',
      contributors: [author.id],
      published: PUBLISHED,
    });
    ids.series = (await admin.collection('series').create({ post: seriesPost.id, stories: chapters })).id;
    ids.draft = await story('Back In Review', 'Soon taken back.');
    browser = await launchBrowser();
    page = await browser.context.newPage();
    await openSignedIn(page, server.url, await clientOf(admin, reader), `/stories/${ids.story}`);
    fs.mkdirSync(SHOTS, { recursive: true });
  }, STEP_TIMEOUT);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Clicks the button and reads the file the browser receives. */
  const download = async (button: { click(): Promise<void> }) => {
    const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
    const saved = await file.path();
    return { name: file.suggestedFilename(), bytes: fs.readFileSync(saved) };
  };

  it(
    'downloads a published story as an EPUB file',
    async () => {
      screenshotOnFailure(page, 'epub-story');
      const storyPage = new StoryPage(page, server.url);
      await storyPage.heading('The Giant Library').waitFor();
      const book = await download(storyPage.downloadEpubButton);
      expect(book.name).toBe('the-giant-library.epub');
      // A zip whose first entry is the stored mimetype, as EPUB requires.
      expect(book.bytes.subarray(0, 2).toString()).toBe('PK');
      expect(book.bytes.subarray(30, 58).toString()).toBe('mimetypeapplication/epub+zip');
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        await page.screenshot({ path: `${SHOTS}/story-${width}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 800 });
    },
    STEP_TIMEOUT,
  );

  it(
    'downloads a series as one EPUB file',
    async () => {
      screenshotOnFailure(page, 'epub-series');
      const seriesPage = new SeriesPage(page, server.url);
      await seriesPage.open(`/series/${ids.series}`);
      await seriesPage.heading('The Library Books').waitFor();
      const book = await download(seriesPage.downloadEpubButton);
      expect(book.name).toBe('the-library-books.epub');
      expect(book.bytes.subarray(30, 58).toString()).toBe('mimetypeapplication/epub+zip');
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        await page.screenshot({ path: `${SHOTS}/series-${width}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 800 });
    },
    STEP_TIMEOUT,
  );

  it(
    "shows the server's reason as a flash when the story was taken back into review meanwhile",
    async () => {
      screenshotOnFailure(page, 'epub-refused');
      const storyPage = new StoryPage(page, server.url);
      await storyPage.open(`/stories/${ids.draft}`);
      await storyPage.heading('Back In Review').waitFor();
      const post = (await admin.collection('stories').getOne(ids.draft)).post as string;
      await admin.collection('posts').update(post, { published: '' });
      await storyPage.downloadEpubButton.click();
      await storyPage
        .flash('This story is not published yet, so only its authors and moderators can download it.')
        .waitFor();
    },
    STEP_TIMEOUT,
  );
});
