/**
 * The demo content a fresh install seeds (apps/server/src/site/seed/demo.ts) is written in the
 * format the app renders: a newcomer signing in as the seeded admin sees every seeded story's text,
 * comment, forum description (HTML, as the spec has it) and forum thread (markdown) as words on the
 * page, never as markup or an empty box.
 */
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ForumThreadPage } from './pages/forum-thread-page';
import { ForumsPage } from './pages/forums-page';
import { SecretLoginPage } from './pages/secret-login-page';
import { StoryPage } from './pages/story-page';
import { launchBrowser, screenshotOnFailure, type BrowserSession } from './support/browser';
import { startServer, type RunningServer } from './support/server';

describe.skipIf(!inject('browserAvailable'))('the seeded demo content in the browser', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let pb: PocketBase;
  let adminPassword = '';

  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: 'true' });
    // The sign-in is printed right after the start line, maybe in a later chunk of output.
    for (let tries = 0; !adminPassword && tries < 100; tries++) {
      adminPassword = /username: admin\s+email: \S+\s+password: (\S+)/.exec(server.output())?.[1] ?? '';
      if (!adminPassword) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    pb = new PocketBase(server.url);
    await pb.collection('users').authWithPassword('admin', adminPassword);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows every seeded story’s text and every seeded comment', async () => {
    const page = await browser.context.newPage();
    screenshotOnFailure(page, 'demo-seed');
    await new SecretLoginPage(page, server.url).signIn('admin', adminPassword);
    const stories = await pb
      .collection('stories')
      .getFullList<{ id: string; post: string; content: string }>();
    const comments = await pb.collection('comments').getFullList<{ target: string; content: string }>();
    expect(stories.length).toBeGreaterThan(0);
    expect(comments.length).toBeGreaterThan(0);

    for (const story of stories) {
      const storyPage = new StoryPage(page, server.url);
      await storyPage.open(`/stories/${story.id}`);
      for (const paragraph of story.content.split(/\n{2,}/)) {
        await storyPage.article.getByText(paragraph, { exact: true }).waitFor();
      }
      for (const comment of comments.filter((c) => c.target === story.post)) {
        await storyPage.commentWith(comment.content).waitFor();
        // Shown as words: no tag of the stored text leaks onto the page.
        expect(await storyPage.commentWith(comment.content).innerText()).not.toMatch(/<\/?p>/);
      }
    }
  });

  it('shows every seeded forum’s description and every seeded thread’s text', async () => {
    const page = await browser.context.newPage();
    screenshotOnFailure(page, 'demo-seed-forums');
    await new SecretLoginPage(page, server.url).signIn('admin', adminPassword);
    const forums = await pb
      .collection('forums')
      .getFullList<{ id: string; name: string; description: string }>();
    const threads = await pb
      .collection('forum_posts')
      .getFullList<{ id: string; forum: string; content: string }>();
    expect(forums.length).toBeGreaterThan(0);
    expect(threads.length).toBeGreaterThan(0);

    const forumsPage = new ForumsPage(page, server.url);
    await forumsPage.open('/forums');
    for (const forum of forums) {
      const text = forum.description.replace(/<[^>]+>/g, '');
      await forumsPage.tile(forum.name).getByText(text, { exact: true }).waitFor();
    }
    for (const thread of threads) {
      const threadPage = new ForumThreadPage(page, server.url);
      await threadPage.open(`/forums/${thread.forum}/posts/${thread.id}`);
      await threadPage.article.getByText(thread.content, { exact: true }).waitFor();
    }
  });
});
