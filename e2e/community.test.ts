/**
 * The whole story of the web app's first slice, in Chromium against the built server: a visitor is sent
 * to sign in, registers (meeting the form's checks on the way), verifies the email from the mail and
 * submits a story; a moderator publishes it from the content queue; a second member, in a browser of
 * their own, reads it, likes it and comments; and the author, whose page stayed open all along, sees the
 * notifications arrive without reloading.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AppPage } from './pages/app-page';
import { ContentQueuePage } from './pages/content-queue-page';
import { LoginPage } from './pages/login-page';
import { RegisterPage, type RegistrationEntry } from './pages/register-page';
import { SecretLoginPage } from './pages/secret-login-page';
import { SettingsPage } from './pages/settings-page';
import { StoriesPage } from './pages/stories-page';
import { StoryPage } from './pages/story-page';
import { SubmitStoryPage, type StoryEntry } from './pages/submit-story-page';
import { launchBrowser, screenshotOnFailure, type BrowserSession } from './support/browser';
import { createMember, superuserClient, type Member } from './support/members';
import { linkIn, newestMailTo } from './support/outbox';
import { startServer, type RunningServer } from './support/server';

/** A walk step waits on the server, the browser and live events on a shared 2-core machine. */
const STEP_TIMEOUT = 90_000;

const STORY: StoryEntry = {
  title: 'The Lighthouse Keeper',
  description: 'A giantess keeps watch over a tiny fishing village.',
  tags: 'giant, Village',
  content: '## The storm\n\nEdda rose from the hill to meet it, and the village **held its breath**.',
};
const COMMENT = 'What a storm! I held my breath too.';

/** A date `years` ago from today, as `YYYY-MM-DD`. */
function yearsAgo(years: number): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() - years);
  return date.toISOString().slice(0, 10);
}

describe.skipIf(!inject('browserAvailable'))(
  'the community: from a visitor to a published, discussed story',
  () => {
    let server: RunningServer;
    let authorBrowser: BrowserSession;
    let readerBrowser: BrowserSession;
    let authorPage: Page;
    let moderator: Member;
    let reader: Member;
    let storyPath = '';
    /** Lists of notifications the author's page asked the server for (live ones arrive without asking). */
    const notificationLoads: string[] = [];
    const username = `tiny_${Date.now().toString(36)}`;

    beforeAll(async () => {
      // No demo content: the queue and the story list hold only what this walk creates.
      server = await startServer({ SEED_DEMO: 'false' });
      const admin = await superuserClient(server);
      moderator = await createMember(admin, {
        username: 'mod_mira',
        name: 'Mira the Moderator',
        roles: ['moderator'],
      });
      reader = await createMember(admin, { username: 'reader_rex', name: 'Rex Reader' });
      [authorBrowser, readerBrowser] = await Promise.all([launchBrowser(), launchBrowser()]);
      authorPage = await authorBrowser.context.newPage();
    }, STEP_TIMEOUT);

    afterAll(async () => {
      await Promise.all([authorBrowser?.close(), readerBrowser?.close()]);
      await server?.stop();
    });

    it(
      'sends a visitor to login, then through registration past each of the form’s checks',
      async () => {
        screenshotOnFailure(authorPage, 'community-register');
        const app = new AppPage(authorPage, server.url);
        await app.open('/stories');
        await authorPage.waitForURL((url) => url.pathname === '/login');
        expect(app.location()).toBe('/login?redirect=%2Fstories');

        await new LoginPage(authorPage, server.url).registerLink.click();
        await authorPage.waitForURL((url) => url.pathname === '/register');
        const register = new RegisterPage(authorPage, server.url);
        const valid: RegistrationEntry = {
          username,
          name: 'Tiny Tester',
          email: `${username}@example.com`,
          birthday: '1990-04-12',
          password: 'a long and private passphrase',
          passwordConfirm: 'a long and private passphrase',
          agree: true,
        };

        await register.fill({
          ...valid,
          username: 'ab',
          name: '',
          birthday: yearsAgo(17),
          passwordConfirm: 'a different passphrase',
          agree: false,
        });
        await register.submit();
        for (const message of [
          'Username must be at least 3 characters long',
          'Name is required',
          'You must be at least 18 years old to register',
          'Passwords do not match',
          'Please agree to the Terms of Use and the Privacy Policy',
        ]) {
          await register.message(message).waitFor();
        }

        await register.fill({ ...valid, username: valid.email });
        await register.submit();
        await register
          .message(
            "Username can only contain letters, numbers, hyphens, periods, and underscores. Username cannot contain the '@' symbol. Make sure you are using your username, not your email address.",
          )
          .waitFor();
        expect(app.location()).toBe('/register');

        await register.fill(valid);
        await register.submit();
        await authorPage.waitForURL((url) => url.pathname === '/edit-profile');
        // The menu is named by the username until the profile has loaded, then by the display name.
        await authorPage
          .getByRole('banner')
          .getByRole('button', { name: 'Account menu for Tiny Tester', exact: true })
          .waitFor();
      },
      STEP_TIMEOUT,
    );

    it(
      'verifies the email from the mail, which opens the way to post stories',
      async () => {
        screenshotOnFailure(authorPage, 'community-verify');
        const stories = new StoriesPage(authorPage, server.url);
        await stories.open('/stories');
        await stories.verifiedOnlyNote.waitFor();

        const settings = new SettingsPage(authorPage, server.url);
        await settings.open('/settings');
        await settings.sendVerificationButton.click();
        await settings
          .flash('Verification email sent, please check your inbox for further instructions.')
          .waitFor();
        const link = linkIn(await newestMailTo(server.dataDir, `${username}@example.com`), '/settings');
        await settings.open(link.pathname + link.search);
        await settings.flash('Email verified successfully.').waitFor();

        await stories.open('/stories');
        await stories.manageLink.waitFor();
        expect(await stories.verifiedOnlyNote.count()).toBe(0);
      },
      STEP_TIMEOUT,
    );

    it(
      'submits a story, which waits for review',
      async () => {
        screenshotOnFailure(authorPage, 'community-submit');
        const stories = new StoriesPage(authorPage, server.url);
        await stories.submitLink.click();
        await authorPage.waitForURL((url) => url.pathname === '/stories/submit');

        const form = new SubmitStoryPage(authorPage, server.url);
        await form.fill(STORY);
        await form.preview();
        await authorPage.getByRole('heading', { level: 2, name: 'The storm' }).waitFor();
        await form.write();
        await form.submit();
        await authorPage.waitForURL(
          (url) => /^\/stories\/\w+$/.test(url.pathname) && !url.pathname.endsWith('/submit'),
        );
        storyPath = new URL(authorPage.url()).pathname;

        const story = new StoryPage(authorPage, server.url);
        await story.heading(STORY.title).waitFor();
        await story.notPublished.waitFor();
        await story.page.getByRole('link', { name: 'village', exact: false }).first().waitFor();
        // Marks this page: if it were reloaded later, the mark would be gone.
        await authorPage.evaluate(() => Object.assign(window, { e2eMark: 'still the same page' }));
        authorPage.on('request', (request) => {
          if (request.method() === 'GET' && request.url().includes('/api/collections/notifications/records'))
            notificationLoads.push(request.url());
        });
      },
      STEP_TIMEOUT,
    );

    it(
      'lets a moderator publish it from the content queue',
      async () => {
        const page = await readerBrowser.context.newPage();
        screenshotOnFailure(page, 'community-moderate');
        const app = new AppPage(page, server.url);
        await new SecretLoginPage(page, server.url).signIn(
          moderator.username,
          moderator.password,
          '/admin/content-queue',
        );
        const queue = new ContentQueuePage(page, server.url);
        await queue.heading('Content Queue').waitFor();
        await queue.entry(STORY.title).waitFor();
        await queue.entry(STORY.title).getByRole('heading', { level: 2, name: 'The storm' }).waitFor();

        await queue.publish(STORY.title);
        await queue.flash('Post published successfully').waitFor();
        await queue.empty.waitFor();
        await app.signOut();
        await page.close();
      },
      STEP_TIMEOUT,
    );

    it(
      'shows the author the publication live',
      async () => {
        screenshotOnFailure(authorPage, 'community-published-live');
        const app = new AppPage(authorPage, server.url);
        await app.openNotifications();
        await app.notification(`Your submission "${STORY.title}" was published`).waitFor();
        // It came over the realtime connection: the page has not asked for its notifications again.
        expect(notificationLoads).toEqual([]);
        await authorPage.keyboard.press('Escape');
      },
      STEP_TIMEOUT,
    );

    it(
      'lets a second member read it, like it and comment',
      async () => {
        const page = await readerBrowser.context.newPage();
        screenshotOnFailure(page, 'community-read');
        await new SecretLoginPage(page, server.url).signIn(reader.username, reader.password, '/stories');
        const stories = new StoriesPage(page, server.url);
        await stories.storyLink(STORY.title).click();
        await page.waitForURL((url) => url.pathname === storyPath);

        const story = new StoryPage(page, server.url);
        await story.heading(STORY.title).waitFor();
        await story.page.getByRole('heading', { level: 2, name: 'The storm' }).waitFor();
        expect(await story.notPublished.count()).toBe(0);
        // The author's own reading counted once, this member's now counts too.
        await story.viewCount.filter({ hasText: '2 views' }).waitFor();

        await story.likeCount.filter({ hasText: '0 likes' }).waitFor();
        await story.like();
        await story.likeCount.filter({ hasText: '1 like' }).waitFor();

        await story.comment(COMMENT);
        expect(await story.commentWith(COMMENT).getByText('Rex Reader').count()).toBe(1);
      },
      STEP_TIMEOUT,
    );

    it(
      'shows the author the like and the comment arriving without a reload',
      async () => {
        screenshotOnFailure(authorPage, 'community-notified');
        const app = new AppPage(authorPage, server.url);
        await app.openNotifications();
        await app.notification(`A member liked "${STORY.title}"`).waitFor();
        const comment = app.notification(`New comment on "${STORY.title}"`);
        await comment.waitFor();
        expect(notificationLoads).toEqual([]);
        expect(await authorPage.evaluate(() => (window as { e2eMark?: string }).e2eMark)).toBe(
          'still the same page',
        );

        // The comment's notification leads to the comment itself.
        await comment.click();
        await authorPage.waitForURL((url) => url.pathname === storyPath && url.hash.startsWith('#comment-'));
        const story = new StoryPage(authorPage, server.url);
        await story.commentWith(COMMENT).waitFor();
        const anchor = decodeURIComponent(new URL(authorPage.url()).hash.slice(1));
        expect(await authorPage.locator(`[id="${anchor}"]`).textContent()).toContain(COMMENT);
      },
      STEP_TIMEOUT,
    );
  },
);
