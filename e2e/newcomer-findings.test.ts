/**
 * What a newcomer trips over (issue 47), walked in Chromium against the built server as a member does
 * it: a long form's answer is shown where the member is (finding 5), a story's author leads to their
 * profile (3), "Show markdown source" shows stories and comments as written (4), and each moderation
 * action's success replaces the last one's (7). One server for the whole file.
 */
import fs from 'node:fs';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AppPage } from './pages/app-page';
import { ContentQueuePage } from './pages/content-queue-page';
import { EditProfilePage } from './pages/edit-profile-page';
import { ProfilePage } from './pages/profile-page';
import { SettingsPage } from './pages/settings-page';
import { StoriesPage } from './pages/stories-page';
import { StoryPage } from './pages/story-page';
import { launchBrowser, screenshotOnFailure, type BrowserSession } from './support/browser';
import { clientOf, createMember, openSignedIn, superuserClient, type Member } from './support/members';
import { startServer, type RunningServer } from './support/server';

/** Where the walk leaves the screenshots a person looks at (the flash seen at the member's place). */
const SHOTS = '/tmp/shots-findings';
const SAVED = 'Profile updated successfully.';

describe.skipIf(!inject('browserAvailable'))('what a newcomer trips over (issue 47)', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let admin: PocketBase;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    admin = await superuserClient(server);
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A published story by `author`, with its content. */
  async function publishedStory(author: Member, title: string, content: string) {
    const post = await admin.collection('posts').create({
      type: 'story',
      title,
      description: `About ${title}.`,
      contributors: [author.id],
      published: new Date().toISOString(),
    });
    return admin.collection('stories').create({ post: post.id, content });
  }

  /** A submission by `author` waiting in the content queue. */
  async function submittedStory(author: Member, title: string) {
    const post = await admin.collection('posts').create({
      type: 'story',
      title,
      description: 'Waiting for review.',
      contributors: [author.id],
      submitted: new Date().toISOString(),
    });
    return admin.collection('stories').create({ post: post.id, content: `The text of ${title}.` });
  }

  it('5: saving a long form shows its answer where the member is', async () => {
    const member = await createMember(admin, { username: 'long_former', name: 'Long Former' });
    const client = await clientOf(admin, member);
    for (const size of [
      { width: 1280, height: 800 },
      { width: 360, height: 740 },
    ]) {
      const page = await browser.context.newPage();
      screenshotOnFailure(page, `findings-long-form-flash-${size.width}`);
      await page.setViewportSize(size);
      const edit = new EditProfilePage(page, server.url);
      await openSignedIn(page, server.url, client, '/edit-profile');
      await edit.saveButton.waitFor();
      await edit.fill({ location: `The Tall Woods, ${size.width}` });

      // Down at the form's button, the top of the page (its heading, where flashes go) is out of sight.
      await edit.scrollToBottom();
      expect(await edit.inView(edit.saveButton)).toBe(true);
      expect(await edit.inView(edit.mainHeading)).toBe(false);
      await edit.save();
      const flash = edit.flash(SAVED);
      await flash.waitFor();
      await expect.poll(() => edit.inView(flash)).toBe(true);
      await page.screenshot({ path: `${SHOTS}/profile-saved-${size.width}.png` });

      // Saving again from the bottom is a new answer, shown again where the member is.
      await edit.fill({ bio: 'Taller than most trees.' });
      await edit.scrollToBottom();
      expect(await edit.inView(flash)).toBe(false);
      await edit.save();
      await expect.poll(() => edit.inView(edit.flash(SAVED))).toBe(true);
      expect(await edit.flash(SAVED).count()).toBe(1);
      await page.close();
    }
  }, 60_000);

  it("3: a story's author is a link to their profile", async () => {
    const author = await createMember(admin, { username: 'linked_author', name: 'Linked Author' });
    const reader = await createMember(admin, { username: 'link_reader', name: 'Link Reader' });
    const story = await publishedStory(author, 'A Story With An Author', 'Once, someone wrote this.');
    const page = await browser.context.newPage();
    screenshotOnFailure(page, 'findings-author-link');
    const profile = new ProfilePage(page, server.url);

    // On the story's page.
    await openSignedIn(page, server.url, await clientOf(admin, reader), `/stories/${story.id}`);
    const storyPage = new StoryPage(page, server.url);
    await storyPage.authorLink('Linked Author').click();
    await page.waitForURL((url) => url.pathname === '/profiles/linked_author');
    await expect.poll(() => profile.name.textContent()).toBe('Linked Author');

    // On the story's card in the list.
    const stories = new StoriesPage(page, server.url);
    await stories.open('/stories');
    await stories.cardAuthorLink('A Story With An Author', 'Linked Author').click();
    await page.waitForURL((url) => url.pathname === '/profiles/linked_author');
    await expect.poll(() => profile.name.textContent()).toBe('Linked Author');
    await page.close();
  });

  it('4: Show markdown source shows stories and comments as markdown', async () => {
    const author = await createMember(admin, { username: 'lamp_author', name: 'Lamp Author' });
    const reader = await createMember(admin, { username: 'source_reader', name: 'Source Reader' });
    const story = await publishedStory(author, 'The Huge Lamp', 'The lamp was *huge*.');
    const commenter = await clientOf(admin, author);
    await commenter
      .collection('comments')
      .create({ target: story.post as string, author: author.id, content: 'And the moth was **tiny**.' });

    const page = await browser.context.newPage();
    screenshotOnFailure(page, 'findings-markdown-source');
    await openSignedIn(page, server.url, await clientOf(admin, reader), '/settings');
    const settings = new SettingsPage(page, server.url);
    await settings.switch('Show markdown source').click();
    await settings.saveSettings();

    const storyPage = new StoryPage(page, server.url);
    await storyPage.open(`/stories/${story.id}`);
    await storyPage.shownText('The lamp was *huge*.').waitFor();
    await storyPage.commentWith('And the moth was **tiny**.').waitFor();
    expect(await storyPage.renderedEmphasis.count()).toBe(0);
    await page.close();
  });

  it('7: each moderation action replaces the last success flash', async () => {
    const author = await createMember(admin, { username: 'queue_writer', name: 'Queue Writer' });
    const moderator = await createMember(admin, {
      username: 'queue_keeper',
      name: 'Queue Keeper',
      roles: ['moderator'],
    });
    await submittedStory(author, 'The First Submission');
    await submittedStory(author, 'The Second Submission');

    const page = await browser.context.newPage();
    screenshotOnFailure(page, 'findings-queue-flashes');
    const app = new AppPage(page, server.url);
    await openSignedIn(page, server.url, await clientOf(admin, moderator), '/admin/content-queue');
    const queue = new ContentQueuePage(page, server.url);
    await queue.entry('The First Submission').waitFor();

    await queue.publish('The First Submission');
    await app.flash('Post published successfully').waitFor();
    await queue.entry('The First Submission').waitFor({ state: 'detached' });

    await queue.reject('The Second Submission', 'Not for this site, sorry.');
    await app.flash('Post rejected successfully').waitFor();
    expect(await app.flash('Post published successfully').count()).toBe(0);
    await page.close();
  });
});
