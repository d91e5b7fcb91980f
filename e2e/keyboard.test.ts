/**
 * Issue 22, acceptance 2: a member who uses only the keyboard registers, submits a story, comments and
 * sends a message. Every step is Tab, Shift+Tab, typing, Enter, Space, Escape or the arrow keys (see
 * support/keyboard.ts, which also checks that each control reached shows its focus); the page is read,
 * never clicked. Opening the verification mail's link is a navigation, as following a link in a mail
 * client is; the moderator's approval is the set-up of the next step, done through the API.
 */
import type { Locator, Page } from 'playwright-core';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AppPage } from './pages/app-page';
import { launchBrowser, screenshotOnFailure, type BrowserSession } from './support/browser';
import { activate, arrivedAt, focusIsVisible, tabTo, typeDate, typeInto } from './support/keyboard';
import { clientOf, createMember, superuserClient, type Member } from './support/members';
import { linkIn, newestMailTo } from './support/outbox';
import { startServer, type RunningServer } from './support/server';

const STEP_TIMEOUT = 60_000;

const USERNAME = 'keys_only';
const EMAIL = `${USERNAME}@example.com`;
const PASSWORD = 'a keyboard-typed passphrase';
const STORY_TITLE = 'The Giant Who Never Used A Mouse';
const COMMENT = 'Written without a pointer in sight.';
const MESSAGE = 'Hello Ben, I found your thread by keyboard.';

describe.skipIf(!inject('browserAvailable'))('keyboard only: register, submit, comment, message', () => {
  let server: RunningServer;
  let admin: PocketBase;
  let browser: BrowserSession;
  let page: Page;
  let app: AppPage;
  let moderator: Member;
  let ben: Member;

  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: 'false' });
    admin = await superuserClient(server);
    moderator = await createMember(admin, { username: 'key_mod', name: 'Key Mod', roles: ['moderator'] });
    ben = await createMember(admin, { username: 'ben_thread', name: 'Ben Thread' });
    await admin.collection('labels').create({ name: 'Gentle Giant', color: 'teal' });
    // Ben's forum thread: its author link is how a member reaches Ben's profile and its Send Message.
    const forum = await admin.collection('forums').create({ name: 'Introductions', sort_order: 10 });
    const threadPost = await admin.collection('posts').create({
      type: 'forum-post',
      title: 'Hello from Ben',
      contributors: [ben.id],
      published: new Date().toISOString(),
    });
    await admin
      .collection('forum_posts')
      .create({ post: threadPost.id, forum: forum.id, content: 'Say hello any time.' });
    browser = await launchBrowser();
    page = await browser.context.newPage();
    app = new AppPage(page, server.url);
  }, STEP_TIMEOUT);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const main = () => page.getByRole('main');

  /** In an open menu, ArrowDown until `item` has the focus, which must show. */
  async function focusByArrows(item: Locator): Promise<void> {
    for (
      let presses = 0;
      !(await item.evaluate((element) => element === document.activeElement));
      presses += 1
    ) {
      if (presses > 10) throw new Error(`the arrow keys did not reach ${item.toString()}`);
      await page.keyboard.press('ArrowDown');
    }
    expect(await focusIsVisible(page)).toBe(true);
  }
  const navLink = (name: string) => app.mainNavigation.getByRole('link', { name, exact: true });

  it(
    'registers: every field typed, the birthday segment by segment, the agreement ticked with Space',
    async () => {
      screenshotOnFailure(page, 'keyboard-register');
      await app.open('/login');
      await activate(page, main().getByRole('link', { name: 'Register an Account' }));
      await page.waitForURL((url) => url.pathname === '/register');
      await arrivedAt(page, /Register/);

      await typeInto(page, page.getByRole('textbox', { name: 'Username' }), USERNAME);
      await typeInto(page, page.getByRole('textbox', { name: 'Display Name' }), 'Keys Only');
      await typeInto(page, page.getByRole('textbox', { name: 'Email' }), EMAIL);
      await tabTo(page, page.getByLabel(/^Birthday/));
      await typeDate(page, '1990-04-12');
      expect(await page.getByLabel(/^Birthday/).inputValue()).toBe('1990-04-12');
      await typeInto(page, page.getByLabel(/^Password/), PASSWORD);
      await typeInto(page, page.getByLabel(/^Confirm Password/), PASSWORD);
      const agree = page.getByRole('checkbox');
      await activate(page, agree, { key: 'Space' });
      expect(await agree.isChecked()).toBe(true);
      await activate(page, page.getByRole('button', { name: 'Register' }));

      await page.waitForURL((url) => url.pathname === '/edit-profile');
      await page
        .getByRole('banner')
        .getByRole('button', { name: 'Account menu for Keys Only', exact: true })
        .waitFor();
    },
    STEP_TIMEOUT,
  );

  it(
    'submits a story: labels with Space, sizes with the arrows, the preview tab with the arrows',
    async () => {
      screenshotOnFailure(page, 'keyboard-submit');
      // The verification mail came with the registration; its link is opened as from a mail client.
      const link = linkIn(await newestMailTo(server.dataDir, EMAIL), '/settings');
      await app.open(link.pathname + link.search);
      await app.flash('Email verified successfully.').waitFor();

      // Loaded afresh, the page starts at the top: forward through the header to the navigation.
      await activate(page, navLink('Stories'));
      await arrivedAt(page, 'Stories');
      await activate(page, main().getByRole('link', { name: 'Submit Story' }));
      await arrivedAt(page, 'Submit Story');

      await typeInto(page, page.getByRole('textbox', { name: 'Title' }), STORY_TITLE);
      await typeInto(
        page,
        page.getByRole('textbox', { name: 'Description' }),
        'A giantess finds her way by touch.',
      );
      const label = page.getByRole('checkbox', { name: 'Gentle Giant' });
      await activate(page, label, { key: 'Space' });
      expect(await label.isChecked()).toBe(true);
      await typeInto(page, page.getByRole('textbox', { name: 'Tags' }), 'giant, keyboard');

      const larger = page.getByRole('combobox', { name: 'Larger character' });
      await tabTo(page, larger);
      for (let step = 0; step < 6; step += 1) await page.keyboard.press('ArrowDown');
      expect(await larger.inputValue()).toBe('mega');
      const smaller = page.getByRole('combobox', { name: 'Smaller character' });
      await tabTo(page, smaller);
      for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowDown');
      expect(await smaller.inputValue()).toBe('tiny');

      await typeInto(
        page,
        page.getByRole('textbox', { name: 'Content' }),
        '## Dawn\n\nShe counted the streets by the **feel** of their stones.',
      );
      // Back to the tabs, then the arrow keys move between Write and Preview.
      await tabTo(page, page.getByRole('tab', { name: 'Write' }), { backwards: true });
      await page.keyboard.press('ArrowRight');
      await main().getByRole('heading', { level: 2, name: 'Dawn' }).waitFor();
      expect(await page.getByRole('tab', { name: 'Preview' }).getAttribute('aria-selected')).toBe('true');
      expect(await focusIsVisible(page)).toBe(true);
      await page.keyboard.press('ArrowLeft');
      await page.getByRole('textbox', { name: 'Content' }).waitFor();

      await activate(page, page.getByRole('button', { name: 'Submit Story' }));
      await page.waitForURL(
        (url) => /^\/stories\/\w+$/.test(url.pathname) && !url.pathname.endsWith('/submit'),
      );
      await arrivedAt(page, STORY_TITLE);
      await app.text('Not Published').waitFor();
    },
    STEP_TIMEOUT,
  );

  it(
    'comments on the story once a moderator has published it',
    async () => {
      screenshotOnFailure(page, 'keyboard-comment');
      const storyId = new URL(page.url()).pathname.split('/').pop() ?? '';
      const story = await admin.collection('stories').getOne<{ post: string }>(storyId);
      const author = await admin.collection('users').getFirstListItem(`username = "${USERNAME}"`);
      const reviewer = await clientOf(admin, moderator);
      await reviewer.collection('post_content_actions').create({
        user: author.id,
        post: story.post,
        resolver: moderator.id,
        action: 'publish',
        resolution: '',
      });

      // From the page's heading, the navigation is behind: Shift+Tab.
      await activate(page, navLink('Stories'), { backwards: true });
      await arrivedAt(page, 'Stories');
      await activate(page, main().getByRole('link', { name: STORY_TITLE, exact: true }));
      await arrivedAt(page, STORY_TITLE);

      // The bell's menu opens with Enter, its items are walked with the arrows, Escape gives the focus back.
      const bell = page.getByRole('banner').getByRole('button', { name: 'Notifications' });
      await activate(page, bell, { backwards: true });
      const published = page
        .getByRole('menu')
        .getByRole('menuitem', { name: `Your submission "${STORY_TITLE}" was published` });
      await published.waitFor();
      await focusByArrows(published);
      await page.keyboard.press('Escape');
      await published.waitFor({ state: 'hidden' });
      await expect.poll(() => bell.evaluate((element) => element === document.activeElement)).toBe(true);

      await typeInto(page, page.getByRole('textbox', { name: 'Comment' }), COMMENT);
      await activate(page, page.getByRole('button', { name: 'Post Comment' }));
      await page
        .getByRole('list', { name: 'Comments' })
        .getByRole('article')
        .filter({ hasText: COMMENT })
        .waitFor();
    },
    STEP_TIMEOUT,
  );

  it(
    'sends a message to a member found through the forums, and a dialog keeps and returns the focus',
    async () => {
      screenshotOnFailure(page, 'keyboard-message');
      await activate(page, navLink('Forums'), { backwards: true });
      await arrivedAt(page, 'Forums');
      await activate(page, main().getByRole('link', { name: 'Hello from Ben', exact: true }));
      await arrivedAt(page, 'Hello from Ben');
      await activate(page, main().getByRole('link', { name: 'Ben Thread', exact: true }));
      await arrivedAt(page, 'Ben Thread');
      await activate(page, main().getByRole('link', { name: 'Send Message' }));
      await arrivedAt(page, 'Conversation with Ben Thread');

      await typeInto(page, page.getByRole('textbox', { name: 'Message' }), MESSAGE);
      await activate(page, page.getByRole('button', { name: 'Send', exact: true }));
      await app.flash('Message sent').waitFor();
      await page
        .getByRole('list', { name: 'Messages' })
        .getByRole('listitem')
        .filter({ hasText: MESSAGE })
        .waitFor();
      const sent = await admin
        .collection('messages')
        .getFullList<{ content: string }>({ filter: `to = "${ben.id}"` });
      expect(sent.map((message) => message.content)).toEqual([MESSAGE]);

      // The report dialog takes the focus, keeps it while tabbing, and gives it back on Escape.
      // Above the thread: Shift+Tab from the reply form.
      const report = main().getByRole('button', { name: 'Report', exact: true });
      await activate(page, report, { backwards: true });
      const dialog = page.getByRole('dialog', { name: 'Report Message' });
      await dialog.waitFor();
      const focusInDialog = () => dialog.evaluate((element) => element.contains(document.activeElement));
      await expect.poll(focusInDialog).toBe(true);
      for (let presses = 0; presses < 8; presses += 1) {
        await page.keyboard.press('Tab');
        expect(await focusInDialog()).toBe(true);
        expect(await focusIsVisible(page)).toBe(true);
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => report.evaluate((element) => element === document.activeElement)).toBe(true);
    },
    STEP_TIMEOUT,
  );

  it(
    'signs out from the account menu, opened with Enter and walked with the arrow keys',
    async () => {
      screenshotOnFailure(page, 'keyboard-sign-out');
      const menuButton = page.getByRole('banner').getByRole('button', { name: /^Account menu for / });
      await activate(page, menuButton, { backwards: true });
      const logout = page.getByRole('menuitem', { name: 'Logout' });
      await logout.waitFor();
      await focusByArrows(logout);
      await page.keyboard.press('Enter');
      await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
    },
    STEP_TIMEOUT,
  );

  it(
    'on a phone, the collapsed navigation stays out of the Tab order until the menu button opens it',
    async () => {
      screenshotOnFailure(page, 'keyboard-phone-navigation');
      await page.setViewportSize({ width: 360, height: 780 });
      await app.open('/login');
      // From the top, the focus goes from the header straight into the page, never into the hidden links.
      await tabTo(page, main().getByRole('link', { name: 'Register an Account' }));

      const toggle = page.getByRole('banner').getByRole('button', { name: 'Toggle navigation' });
      await activate(page, toggle, { backwards: true });
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await tabTo(page, navLink('Search'));

      await tabTo(page, toggle, { backwards: true });
      await page.keyboard.press('Enter');
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await tabTo(page, main().getByRole('link', { name: 'Register an Account' }));
    },
    STEP_TIMEOUT,
  );
});
