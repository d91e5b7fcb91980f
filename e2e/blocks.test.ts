/**
 * Blocking (PRODUCT.md §14, issue 14), in Chromium against the built server: a member blocks another from
 * the profile (asked first); the blocked member's story leaves the blocker's /stories while a third member
 * still sees it; the blocker unblocks from /settings and the story is back.
 */
import type { Page } from 'playwright-core';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BlockControls } from './pages/block-controls';
import { ProfilePage } from './pages/profile-page';
import { SettingsPage } from './pages/settings-page';
import { StoriesPage } from './pages/stories-page';
import { launchBrowser, saveScreenshot, screenshotOnFailure, type BrowserSession } from './support/browser';
import { clientOf, createMember, openSignedIn, superuserClient, type Member } from './support/members';
import { startServer, type RunningServer } from './support/server';

const STEP_TIMEOUT = 90_000;
const STORY = 'The Thimble Fortress';
const OTHER_STORY = 'Moss and Giants';

describe.skipIf(!inject('browserAvailable'))('blocking a member', () => {
  let server: RunningServer;
  let blockerBrowser: BrowserSession;
  let thirdBrowser: BrowserSession;
  let page: Page;
  let admin: PocketBase;
  let blocker: Member;
  let author: Member;
  let third: Member;

  /** A published story by `by`, as the content queue would leave it. */
  async function publish(by: Member, title: string): Promise<void> {
    const post = await admin.collection('posts').create({
      type: 'story',
      title,
      description: 'A short tale.',
      contributors: [by.id],
      published: new Date().toISOString().replace('T', ' '),
    });
    await admin.collection('stories').create({ post: post.id, content: 'Once upon a time.' });
  }

  /** Screenshots of the screen at 1280 and 360 px wide, for looking at it. */
  async function shots(name: string): Promise<void> {
    await saveScreenshot(page, `blocks-${name}-1280`);
    await page.setViewportSize({ width: 360, height: 800 });
    await saveScreenshot(page, `blocks-${name}-360`);
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: 'false' });
    admin = await superuserClient(server);
    blocker = await createMember(admin, { username: 'bea_blocks', name: 'Bea Blocker' });
    author = await createMember(admin, { username: 'gus_giant', name: 'Gus the Giant' });
    third = await createMember(admin, { username: 'tia_third', name: 'Tia Third' });
    await publish(author, STORY);
    await publish(third, OTHER_STORY);
    blockerBrowser = await launchBrowser();
    thirdBrowser = await launchBrowser();
    page = await blockerBrowser.context.newPage();
  }, STEP_TIMEOUT * 2);

  afterAll(async () => {
    await thirdBrowser?.close();
    await blockerBrowser?.close();
    await server?.stop();
  });

  it(
    "blocks from the profile: the story leaves the blocker's /stories, a third member still sees it",
    async () => {
      screenshotOnFailure(page, 'blocks-profile');
      await openSignedIn(page, server.url, await clientOf(admin, blocker), '/stories');
      const stories = new StoriesPage(page, server.url);
      await stories.storyLink(STORY).waitFor();

      const profile = new ProfilePage(page, server.url);
      await profile.open('/profiles/gus_giant');
      await profile.heading('Gus the Giant').waitFor();
      const controls = new BlockControls(page, server.url);
      await controls.blockButton.waitFor();
      await shots('profile');
      await controls.block();
      await controls.blockedNotice('Gus the Giant').waitFor();
      expect(await profile.reportButton.count()).toBe(0);
      await shots('blocked-profile');

      await stories.open('/stories');
      await stories.storyLink(OTHER_STORY).waitFor();
      expect(await stories.storyLink(STORY).count()).toBe(0);

      const thirdPage = await thirdBrowser.context.newPage();
      screenshotOnFailure(thirdPage, 'blocks-third');
      await openSignedIn(thirdPage, server.url, await clientOf(admin, third), '/stories');
      await new StoriesPage(thirdPage, server.url).storyLink(STORY).waitFor();
      // Staff and oneself get no Block button.
      const own = new ProfilePage(thirdPage, server.url);
      await own.open('/profiles/me');
      await own.editProfileButton.waitFor();
      expect(await new BlockControls(thirdPage, server.url).blockButton.count()).toBe(0);
    },
    STEP_TIMEOUT,
  );

  it(
    'unblocks from /settings, and the story is back in /stories',
    async () => {
      screenshotOnFailure(page, 'blocks-settings');
      const settings = new SettingsPage(page, server.url);
      await settings.open('/settings');
      await settings.pageHeading.waitFor();
      const controls = new BlockControls(page, server.url);
      await controls.blockedMembers.getByRole('link', { name: 'Gus the Giant' }).waitFor();
      await controls.blockedMembers.scrollIntoViewIfNeeded();
      await shots('settings');
      await controls.unblockInSettings('Gus the Giant');
      await controls.noneBlocked.waitFor();

      const stories = new StoriesPage(page, server.url);
      await stories.open('/stories');
      await stories.storyLink(STORY).waitFor();
      const profile = new ProfilePage(page, server.url);
      await profile.open('/profiles/gus_giant');
      await profile.reportButton.waitFor();
      await controls.blockButton.waitFor();
    },
    STEP_TIMEOUT,
  );
});
