/**
 * The forums in Chromium against the built server (issue 15): a member finds the forums with their
 * latest posts and counts, starts a thread with an image attachment and lands on it with the image in
 * place; a second member likes it and comments, and the author is told live; a moderator pins it and it
 * shows on the home page; an admin creates and reorders forums, and cannot delete one that has posts.
 */
import type { Page } from 'playwright-core';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AppPage } from './pages/app-page';
import { ForumThreadPage } from './pages/forum-thread-page';
import { ForumsPage } from './pages/forums-page';
import { HomePage } from './pages/home-page';
import { SecretLoginPage } from './pages/secret-login-page';
import { SubmitThreadPage, type ThreadEntry } from './pages/submit-thread-page';
import { launchBrowser, screenshotOnFailure, type BrowserSession } from './support/browser';
import { createMember, superuserClient, type Member } from './support/members';
import { startServer, type RunningServer } from './support/server';

const STEP_TIMEOUT = 90_000;

/** A 2x2 PNG: real image bytes, so the server's content check accepts it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP43+AARAwQCgAz7gb9lkiSPAAAAABJRU5ErkJggg==',
  'base64',
);

const THREAD: ThreadEntry = {
  title: 'Show us your sketches',
  content: 'Here is my latest one:\n\n![My giantess sketch](sketch.png)\n\nWhat do you think?',
  attachment: { name: 'sketch.png', mimeType: 'image/png', buffer: PNG },
};
const COMMENT = 'The scale of that hand is perfect!';

/** Six older threads in General, so its tile shows 4 of them and "Show 4 more posts". */
async function seedForums(admin: PocketBase, author: Member) {
  const general = await admin.collection('forums').create({ name: 'General', sort_order: 10 });
  const art = await admin
    .collection('forums')
    .create({ name: 'Art', sort_order: 20, description: '<p>Drawings, paintings and <em>renders</em>.</p>' });
  for (let n = 1; n <= 6; n++) {
    const post = await admin
      .collection('posts')
      .create({ type: 'forum-post', title: `Older thread ${n}`, contributors: [author.id] });
    await admin
      .collection('forum_posts')
      .create({ post: post.id, forum: general.id, content: `Thread ${n}` });
  }
  return { general: general.id, art: art.id };
}

describe.skipIf(!inject('browserAvailable'))('the forums: threads, comments, pinning and management', () => {
  let server: RunningServer;
  let authorBrowser: BrowserSession;
  let otherBrowser: BrowserSession;
  let authorPage: Page;
  let author: Member;
  let reader: Member;
  let moderator: Member;
  let admin: Member;
  let threadPath = '';
  const notificationLoads: string[] = [];

  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: 'false' });
    const superuser = await superuserClient(server);
    author = await createMember(superuser, { username: 'artist_ada', name: 'Ada Artist' });
    reader = await createMember(superuser, { username: 'reader_rex', name: 'Rex Reader' });
    moderator = await createMember(superuser, { username: 'mod_mira', name: 'Mira', roles: ['moderator'] });
    admin = await createMember(superuser, { username: 'admin_alma', name: 'Alma', roles: ['admin'] });
    await seedForums(superuser, author);
    [authorBrowser, otherBrowser] = await Promise.all([launchBrowser(), launchBrowser()]);
    authorPage = await authorBrowser.context.newPage();
  }, STEP_TIMEOUT);

  afterAll(async () => {
    await Promise.all([authorBrowser?.close(), otherBrowser?.close()]);
    await server?.stop();
  });

  it(
    'shows each forum with at most 4 recent posts, its count and "Show N more posts"',
    async () => {
      screenshotOnFailure(authorPage, 'forums-index');
      await new SecretLoginPage(authorPage, server.url).signIn(author.username, author.password, '/forums');
      const forums = new ForumsPage(authorPage, server.url);
      await forums.heading('Forums').waitFor();
      await forums.threadRows('General').first().waitFor();
      expect(await forums.forumNames()).toEqual(['General', 'Art']);
      expect(await forums.threadRows('General').count()).toBe(4);
      // The newest activity first.
      expect(await forums.threadRows('General').first().getByRole('link').innerText()).toBe('Older thread 6');
      await forums.tile('General').getByText('6 posts').waitFor();
      await forums.tile('General').getByRole('link', { name: 'Show 4 more posts' }).waitFor();
      await forums.tile('Art').getByText('No posts yet.').waitFor();
      await forums.tile('Art').getByText('renders').waitFor();
      expect(
        await forums
          .tile('Art')
          .getByRole('link', { name: /^Show \d+ more posts$/ })
          .count(),
      ).toBe(0);
      expect(await forums.page.getByRole('button', { name: 'New Forum' }).count()).toBe(0);
    },
    STEP_TIMEOUT,
  );

  it(
    'submits a thread with an image attachment and lands on it with the image inline',
    async () => {
      screenshotOnFailure(authorPage, 'forums-submit');
      const forums = new ForumsPage(authorPage, server.url);
      await forums.submitIn('Art');
      await authorPage.waitForURL((url) => url.pathname.endsWith('/submit'));
      const form = new SubmitThreadPage(authorPage, server.url);
      await form.heading('Submit a new Post').waitFor();

      await form.submit();
      await form.text('Title is required').waitFor();
      await form.text('Content is required').waitFor();

      await form.fill(THREAD);
      await form.chosenImage('sketch.png').waitFor();
      await form.submit();
      await authorPage.waitForURL((url) => /^\/forums\/\w+\/posts\/\w+$/.test(url.pathname));
      threadPath = new URL(authorPage.url()).pathname;

      const thread = new ForumThreadPage(authorPage, server.url);
      await thread.heading(THREAD.title).waitFor();
      const image = thread.inlineImage('My giantess sketch');
      await image.waitFor();
      expect(await image.getAttribute('src')).toMatch(/\/api\/files\/\w+\/\w+\/sketch_\w+\.png$/);
      // The picture really loads from the server.
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 20_000 })
        .toBe(2);
      await thread.page.getByRole('main').getByRole('link', { name: 'Ada Artist' }).waitFor();
      await thread.viewCount.filter({ hasText: '1 view' }).waitFor();
      authorPage.on('request', (request) => {
        if (request.method() === 'GET' && request.url().includes('/api/collections/notifications/records'))
          notificationLoads.push(request.url());
      });
    },
    STEP_TIMEOUT,
  );

  it(
    'lets a second member like it (the count moves at once) and comment',
    async () => {
      const page = await otherBrowser.context.newPage();
      screenshotOnFailure(page, 'forums-reader');
      await new SecretLoginPage(page, server.url).signIn(reader.username, reader.password, threadPath);
      const thread = new ForumThreadPage(page, server.url);
      await thread.heading(THREAD.title).waitFor();
      await thread.viewCount.filter({ hasText: '2 views' }).waitFor();
      await thread.likeCount.filter({ hasText: '0 likes' }).waitFor();
      await thread.like();
      await thread.likeCount.filter({ hasText: '1 like' }).waitFor();
      expect(await page.getByRole('button', { name: 'Favorite' }).count()).toBe(0);

      await thread.comment(COMMENT);
      expect(await thread.commentWith(COMMENT).getByText('Rex Reader').count()).toBe(1);
      await new AppPage(page, server.url).signOut();
      await page.close();
    },
    STEP_TIMEOUT,
  );

  it(
    'tells the author about the comment live',
    async () => {
      screenshotOnFailure(authorPage, 'forums-notified');
      const app = new AppPage(authorPage, server.url);
      await app.openNotifications();
      await app.notification(`New comment on "${THREAD.title}"`).waitFor();
      expect(notificationLoads).toEqual([]);
      await authorPage.keyboard.press('Escape');
    },
    STEP_TIMEOUT,
  );

  it(
    'lets a moderator pin it, and members then see it on the home page',
    async () => {
      const page = await otherBrowser.context.newPage();
      screenshotOnFailure(page, 'forums-pin');
      await new SecretLoginPage(page, server.url).signIn(moderator.username, moderator.password, threadPath);
      const thread = new ForumThreadPage(page, server.url);
      await thread.heading(THREAD.title).waitFor();
      await thread.pinButton.click();
      await thread.unpinButton.waitFor();

      const home = new HomePage(page, server.url);
      await home.open('/');
      await home.pinnedThread(THREAD.title).waitFor();
      await home.pinnedThread(THREAD.title).getByRole('link').click();
      await page.waitForURL((url) => url.pathname === threadPath);
      await new AppPage(page, server.url).signOut();

      // Visitors get the page content alone.
      await home.open('/');
      await home
        .heading('Home')
        .or(home.page.getByRole('heading', { level: 1 }))
        .first()
        .waitFor();
      expect(await home.pinnedThreads.count()).toBe(0);
      await page.close();
    },
    STEP_TIMEOUT,
  );

  it(
    'lets an admin create and reorder forums, and refuses to delete one that has posts',
    async () => {
      const page = await otherBrowser.context.newPage();
      screenshotOnFailure(page, 'forums-admin');
      await new SecretLoginPage(page, server.url).signIn(admin.username, admin.password, '/forums');
      const forums = new ForumsPage(page, server.url);
      await forums.tile('General').waitFor();
      await forums.createForum('Roleplay', '<p>Play out <strong>scenes</strong> together.</p>');
      expect(await forums.forumNames()).toEqual(['General', 'Art', 'Roleplay']);
      await forums.tile('Roleplay').getByText('scenes').waitFor();

      await forums.moveUp('Roleplay');
      await expect
        .poll(() => forums.forumNames(), { timeout: 20_000 })
        .toEqual(['General', 'Roleplay', 'Art']);
      // The order is the server's, not just the screen's.
      await page.reload();
      await forums.tile('Art').waitFor();
      expect(await forums.forumNames()).toEqual(['General', 'Roleplay', 'Art']);

      await forums.deleteForum('General');
      await forums
        .flash(
          'This forum still has posts. Move them to another forum or delete them before deleting the forum.',
        )
        .waitFor();
      await forums.deleteForum('Roleplay');
      await forums.tile('Roleplay').waitFor({ state: 'detached' });
      expect(await forums.forumNames()).toEqual(['General', 'Art']);
    },
    STEP_TIMEOUT,
  );
});
