/**
 * Co-author invitations (PRODUCT.md §15 "Authorship is consented", issue 13), in Chromium against the
 * built server: the author invites a member on the story's edit page; the invitee sees the notification
 * and the invitation on /notifications and accepts, and is then a contributor (named on the story page,
 * able to edit); a second invitee declines and is not, and the author hears so; the co-author leaves.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CoauthorsPage } from './pages/coauthors-page';
import { StoryPage } from './pages/story-page';
import { axeViolations, installAxe } from './support/axe';
import { launchBrowser, screenshotOnFailure, type BrowserSession } from './support/browser';
import { clientOf, createMember, openSignedIn, superuserClient, type Member } from './support/members';
import { startServer, type RunningServer } from './support/server';

const STEP_TIMEOUT = 90_000;
const STORY = 'The Thimble Lighthouse';
/** Screenshots to look at, at desktop and phone widths (not committed). */
const SHOTS = '/tmp/shots-coauthors';

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    // The side navigation slides away at a phone's width: the picture is taken once it has.
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe.skipIf(!inject('browserAvailable'))('co-author invitations', () => {
  let server: RunningServer;
  let admin: PocketBase;
  const browsers = new Map<string, BrowserSession>();
  let ada: Member;
  let ben: Member;
  let cleo: Member;
  let storyId = '';

  /** A new page in `member`'s own browser, signed in, at `pathname`. */
  async function open(member: Member, pathname: string): Promise<Page> {
    let browser = browsers.get(member.username);
    if (!browser) {
      browser = await launchBrowser();
      browsers.set(member.username, browser);
    }
    const page = await browser.context.newPage();
    await installAxe(page);
    screenshotOnFailure(page, `coauthors-${member.username}`);
    await openSignedIn(page, server.url, await clientOf(admin, member), pathname);
    return page;
  }

  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: 'false' });
    admin = await superuserClient(server);
    ada = await createMember(admin, { username: 'ada_author', name: 'Ada Author' });
    ben = await createMember(admin, { username: 'ben_b', name: 'Ben Bramble' });
    cleo = await createMember(admin, { username: 'cleo_c', name: 'Cleo Crumb' });
    // Ada's published story, as the content queue would leave it.
    const post = await admin.collection('posts').create({
      type: 'story',
      title: STORY,
      description: 'A lighthouse no taller than a thimble.',
      contributors: [ada.id],
      published: new Date().toISOString().replace('T', ' '),
    });
    storyId = (await admin.collection('stories').create({ post: post.id, content: 'The lamp was tiny.' })).id;
  }, STEP_TIMEOUT);

  afterAll(async () => {
    await Promise.all([...browsers.values()].map((browser) => browser.close()));
    await server?.stop();
  });

  it(
    'the author invites on the edit page; the invitee accepts on /notifications and becomes a contributor',
    async () => {
      const adaPage = await open(ada, `/stories/edit/${storyId}`);
      const panel = new CoauthorsPage(adaPage, server.url);
      await panel.accountMenu.waitFor();
      await panel.contributor('Ada Author').getByText('First author').waitFor();
      expect(await panel.contributors.count()).toBe(1);
      // Alone on the story: nobody to remove, and no leaving it authorless.
      expect(await panel.panel.getByRole('button', { name: /^(Remove|Leave)/ }).count()).toBe(0);

      await panel.invite('nobody_by_that_name');
      await panel.panel.getByText('No member has that username.').waitFor();
      await panel.invite('ben_b');
      await panel.flash('Invitation sent to ben_b.').waitFor();
      await panel.pendingInvitations.filter({ hasText: 'Ben Bramble' }).waitFor();
      await panel.panel.scrollIntoViewIfNeeded();
      await shoot(adaPage, 'panel-invited');
      // The screen itself (the shell's Who's Online list is checked by the accessibility walk).
      expect(await axeViolations(adaPage, undefined, 'main')).toEqual([]);

      const benPage = await open(ben, '/notifications');
      const invitations = new CoauthorsPage(benPage, server.url);
      await invitations.listedNotification(`You are invited to co-author "${STORY}"`).waitFor();
      await invitations.accountMenu.waitFor();
      const item = invitations.invitation(STORY);
      await item.getByText(`Ada Author invites you to co-author ${STORY}`).waitFor();
      await shoot(benPage, 'invitations');
      expect(await axeViolations(benPage, undefined, 'main')).toEqual([]);
      await invitations.accept(STORY);
      await invitations.flash(`You are now a co-author of "${STORY}".`).waitFor();
      await invitations.invitationsSection.waitFor({ state: 'detached' });

      const story = new StoryPage(benPage, server.url);
      await story.open(`/stories/${storyId}`);
      await story.article.getByText('by Ada Author, Ben Bramble').waitFor();
      await benPage.getByRole('link', { name: 'Edit', exact: true }).click();
      await benPage.waitForURL(`**/stories/edit/${storyId}`);
      const benPanel = new CoauthorsPage(benPage, server.url);
      await benPanel.contributor('Ben Bramble').getByRole('button', { name: 'Leave' }).waitFor();
      // Only the first author removes others.
      expect(await benPanel.panel.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
      await benPanel.panel.scrollIntoViewIfNeeded();
      await shoot(benPage, 'panel-coauthor');

      // Ada heard the answer, and her panel now offers to remove Ben.
      await panel.open('/notifications');
      await panel.listedNotification(`Your invitation to co-author "${STORY}" was accepted`).waitFor();
      await panel.open(`/stories/edit/${storyId}`);
      await panel.contributor('Ben Bramble').getByRole('button', { name: 'Remove Ben Bramble' }).waitFor();
      expect(await panel.pendingInvitations.count()).toBe(0);
      await panel.panel.scrollIntoViewIfNeeded();
      await shoot(adaPage, 'panel-author');
      await Promise.all([adaPage.close(), benPage.close()]);
    },
    STEP_TIMEOUT * 2,
  );

  it(
    'a declined invitation adds nobody, and the author is told',
    async () => {
      const adaPage = await open(ada, `/stories/edit/${storyId}`);
      const panel = new CoauthorsPage(adaPage, server.url);
      await panel.invite('cleo_c');
      await panel.pendingInvitations.filter({ hasText: 'Cleo Crumb' }).waitFor();

      const cleoPage = await open(cleo, '/notifications');
      const invitations = new CoauthorsPage(cleoPage, server.url);
      await invitations.invitation(STORY).waitFor();
      await invitations.decline(STORY);
      await invitations.flash('Invitation declined.').waitFor();
      await invitations.invitationsSection.waitFor({ state: 'detached' });

      const story = new StoryPage(cleoPage, server.url);
      await story.open(`/stories/${storyId}`);
      await story.article.getByText('by Ada Author, Ben Bramble').waitFor();
      expect(await cleoPage.getByRole('link', { name: 'Edit', exact: true }).count()).toBe(0);

      await panel.open('/notifications');
      await panel.listedNotification(`Your invitation to co-author "${STORY}" was declined`).waitFor();
      expect(await panel.invitationsSection.count()).toBe(0);
      await Promise.all([adaPage.close(), cleoPage.close()]);
    },
    STEP_TIMEOUT,
  );

  it(
    'the co-author leaves: off the story, and back on its page',
    async () => {
      const benPage = await open(ben, `/stories/edit/${storyId}`);
      const panel = new CoauthorsPage(benPage, server.url);
      await panel.contributor('Ben Bramble').waitFor();
      await panel.leave();
      await benPage.waitForURL(`**/stories/${storyId}`);
      const story = new StoryPage(benPage, server.url);
      await story.article.getByText('by Ada Author', { exact: true }).waitFor();
      expect(await benPage.getByRole('link', { name: 'Edit', exact: true }).count()).toBe(0);
    },
    STEP_TIMEOUT,
  );
});
