/**
 * Drafts and revisions end to end (issue 17, acceptance 1): a member types a story, closes the page, and
 * finds the draft again in a second browser (another device, same member); after submitting and editing
 * it, the story's revisions compare as a word diff and an older one restores as a new revision.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { StoryEditorPage } from './pages/story-editor-page';
import { launchBrowser, screenshotOnFailure, type BrowserSession } from './support/browser';
import { clientOf, createMember, openSignedIn, superuserClient, type Member } from './support/members';
import { startServer, type RunningServer } from './support/server';
import type PocketBase from 'pocketbase';

const STEP_TIMEOUT = 90_000;
/** Screenshots to look at, at desktop and phone widths (not committed). */
const SHOTS = '/tmp/shots-drafts';

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe.skipIf(!inject('browserAvailable'))('drafts and revisions of a story', () => {
  let server: RunningServer;
  let laptop: BrowserSession;
  let phone: BrowserSession;
  let author: Member;
  let client: PocketBase;
  let storyPath = '';

  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: 'false' });
    const admin = await superuserClient(server);
    author = await createMember(admin, { username: 'writer_wren', name: 'Wren Writer' });
    client = await clientOf(admin, author);
    [laptop, phone] = await Promise.all([launchBrowser(), launchBrowser()]);
  }, STEP_TIMEOUT);

  afterAll(async () => {
    await Promise.all([laptop?.close(), phone?.close()]);
    await server?.stop();
  });

  it(
    'keeps what the member typed after the page is closed, and opens it on a second device',
    async () => {
      const first = await laptop.context.newPage();
      screenshotOnFailure(first, 'drafts-first-device');
      await openSignedIn(first, server.url, client, '/stories/submit');
      const editor = new StoryEditorPage(first, server.url);
      await editor.titleField.fill('The Lighthouse Keeper');
      await editor.content.fill('She was tall enough to light the lamp by hand.');
      await expect.poll(() => editor.draftStatus.textContent(), { timeout: 15_000 }).toBe('Draft saved');
      await first.close();

      const second = await phone.context.newPage();
      screenshotOnFailure(second, 'drafts-second-device');
      await openSignedIn(second, server.url, client, '/stories/submit');
      const again = new StoryEditorPage(second, server.url);
      await again.draftRestored.waitFor();
      expect(await again.titleField.inputValue()).toBe('The Lighthouse Keeper');
      expect(await again.content.inputValue()).toBe('She was tall enough to light the lamp by hand.');
      await shoot(second, 'draft-restored');

      await again.save('Submit Story');
      await second.waitForURL(/\/stories\/[a-z0-9]{15}$/, { timeout: 15_000 });
      storyPath = new URL(second.url()).pathname;
      // Saved: the draft is gone, so a new story starts empty.
      await again.open('/stories/submit');
      await again.titleField.waitFor();
      expect(await again.titleField.inputValue()).toBe('');
      expect(await again.draftRestored.count()).toBe(0);
      await second.close();
    },
    STEP_TIMEOUT,
  );

  it(
    'compares a revision with the story now and restores it as a new revision',
    async () => {
      const page = await laptop.context.newPage();
      screenshotOnFailure(page, 'revisions');
      const storyId = storyPath.split('/').pop()!;
      await openSignedIn(page, server.url, client, `/stories/edit/${storyId}`);
      const editor = new StoryEditorPage(page, server.url);
      await editor.content.fill('She was tall enough to light the lamp with one finger.');
      await editor.save('Save Story');
      await page.waitForURL(new RegExp(`${storyPath}$`), { timeout: 15_000 });

      await editor.open(`/stories/edit/${storyId}`);
      await expect.poll(() => editor.revisions.count(), { timeout: 15_000 }).toBe(2);
      const dialog = await editor.compare(1);
      await expect.poll(() => dialog.locator('del').allTextContents()).toContain('by hand');
      expect(await dialog.locator('ins').allTextContents()).toContain('with one finger');
      await shoot(page, 'revision-compared');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      await editor.restore(1);
      await editor.flash('The revision was restored.').waitFor();
      await expect.poll(() => editor.revisions.count(), { timeout: 15_000 }).toBe(3);
      await expect
        .poll(() => editor.content.inputValue())
        .toBe('She was tall enough to light the lamp by hand.');
      await shoot(page, 'revision-restored');
    },
    STEP_TIMEOUT,
  );
});
