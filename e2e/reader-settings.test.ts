/**
 * Reader settings (issue 16 acceptance 3; PRODUCT.md §14 "Reading"), in Chromium against the built
 * server: the story page's quick control changes the text's size, typeface, spacing and width at once;
 * the choice is kept in the member's settings, so it survives a reload, shows in /settings, and sets
 * forum posts too; a change made in /settings reaches the story page.
 */
import fs from 'node:fs';
import type PocketBase from 'pocketbase';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ReaderSettingsPage } from './pages/reader-settings';
import { launchBrowser, screenshotOnFailure, type BrowserSession } from './support/browser';
import { clientOf, createMember, openSignedIn, superuserClient, type Member } from './support/members';
import { startServer, type RunningServer } from './support/server';

const STEP_TIMEOUT = 90_000;
/** Screenshots for looking at the screens (not committed). */
const SHOTS = '/tmp/shots-reading';
const STORY_TEXT = Array.from(
  { length: 12 },
  (_, i) => `Paragraph ${i + 1}: the giant's footsteps shook the valley, and the village listened.`,
).join('\n\n');

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe.skipIf(!inject('browserAvailable'))('reader settings', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let admin: PocketBase;
  let reader: Member;
  let storyPath = '';
  let threadPath = '';

  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: 'false' });
    browser = await launchBrowser();
    admin = await superuserClient(server);
    const author = await createMember(admin, { username: 'author_ann', name: 'Ann Author' });
    reader = await createMember(admin, { username: 'reader_rose', name: 'Rose Reader' });
    const post = await admin.collection('posts').create({
      type: 'story',
      title: 'The Long Valley',
      contributors: [author.id],
      published: '2026-01-01 00:00:00.000Z',
    });
    const story = await admin.collection('stories').create({ post: post.id, content: STORY_TEXT });
    storyPath = `/stories/${story.id}`;
    const forum = await admin.collection('forums').create({ name: 'Campfire', sort_order: 10 });
    const threadPost = await admin.collection('posts').create({
      type: 'forum-post',
      title: 'Favourite valleys',
      contributors: [author.id],
      published: '2026-01-02 00:00:00.000Z',
    });
    const thread = await admin
      .collection('forum_posts')
      .create({ post: threadPost.id, forum: forum.id, content: 'Which valley do you like best?' });
    threadPath = `/forums/${forum.id}/posts/${thread.id}`;
  }, STEP_TIMEOUT);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it(
    "change the story page's type and width from its quick control, and survive a reload",
    async () => {
      const page = await browser.context.newPage();
      screenshotOnFailure(page, 'reader-settings-story');
      await page.setViewportSize({ width: 1280, height: 800 });
      await openSignedIn(page, server.url, await clientOf(admin, reader), storyPath);
      const reading = new ReaderSettingsPage(page, server.url);
      await reading.heading('The Long Valley').waitFor();
      await reading
        .text(`Paragraph 1: the giant's footsteps shook the valley, and the village listened.`)
        .waitFor();
      const before = await reading.bodySetting();
      expect(before.maxWidth).toBe('none');
      expect(before.fontFamily).not.toMatch(/Georgia/);

      await reading.quickControl.click();
      const popover = page.getByRole('dialog', { name: 'Reader settings' });
      await popover.waitFor();
      await shoot(page, 'reader-quick-control');
      await reading.choose(popover, 'Font size', 'Larger');
      await reading.choose(popover, 'Typeface', 'Serif');
      await reading.choose(popover, 'Line width', 'Narrow');
      await reading.choose(popover, 'Line spacing', 'Loose');
      await page.keyboard.press('Escape');

      const after = await reading.bodySetting();
      expect(after.fontFamily).toMatch(/^Georgia/);
      expect(parseFloat(after.fontSize)).toBe(22);
      expect(parseFloat(after.lineHeight)).toBeCloseTo(22 * 2.1, 0);
      // 34em of 22 px type.
      expect(after.maxWidth).toBe(`${34 * 22}px`);
      const box = await page.locator('[data-reader-text]').boundingBox();
      expect(box!.width).toBeLessThanOrEqual(34 * 22);
      await shoot(page, 'reader-story-set');

      await page.reload();
      await reading
        .text(`Paragraph 1: the giant's footsteps shook the valley, and the village listened.`)
        .waitFor();
      expect(await reading.bodySetting()).toEqual(after);

      // The same settings set a forum post's body.
      await reading.open(threadPath);
      await reading.text('Which valley do you like best?').waitFor();
      const post = await reading.bodySetting();
      expect(post.fontFamily).toMatch(/^Georgia/);
      expect(parseFloat(post.fontSize)).toBe(22);
      await page.close();
    },
    STEP_TIMEOUT,
  );

  it(
    'show in /settings, where a change reaches the story page',
    async () => {
      const page = await browser.context.newPage();
      screenshotOnFailure(page, 'reader-settings-settings');
      await page.setViewportSize({ width: 1280, height: 800 });
      await openSignedIn(page, server.url, await clientOf(admin, reader), '/settings');
      const reading = new ReaderSettingsPage(page, server.url);
      const section = reading.settingsSection;
      await section.waitFor();
      expect(await reading.choiceOf(section, 'Font size', 'Larger').isChecked()).toBe(true);
      expect(await reading.choiceOf(section, 'Typeface', 'Serif').isChecked()).toBe(true);
      expect(await reading.choiceOf(section, 'Line width', 'Narrow').isChecked()).toBe(true);
      expect(await reading.choiceOf(section, 'Line spacing', 'Loose').isChecked()).toBe(true);
      await reading.choose(section, 'Typeface', 'Sans-serif');
      await reading.flash('Settings saved successfully.').first().waitFor();
      await reading.choose(section, 'Line width', 'Wide');
      await section.scrollIntoViewIfNeeded();
      await shoot(page, 'reader-settings-section');

      await reading.open(storyPath);
      await reading
        .text(`Paragraph 1: the giant's footsteps shook the valley, and the village listened.`)
        .waitFor();
      const set = await reading.bodySetting();
      expect(set.fontFamily).not.toMatch(/Georgia/);
      expect(set.maxWidth).toBe(`${52 * 22}px`);
      expect(parseFloat(set.fontSize)).toBe(22);
      await page.close();
    },
    STEP_TIMEOUT,
  );
});
