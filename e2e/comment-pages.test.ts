/**
 * A long comment thread a page at a time: a reader follows the bell to a reply under a comment on the
 * second page of a story's thread, finds it there with the reply to it nested under it, and pages back.
 */
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AppPage } from './pages/app-page';
import { launchBrowser, saveScreenshot, screenshotOnFailure, type BrowserSession } from './support/browser';
import { clientOf, createMember, openSignedIn, superuserClient, type Member } from './support/members';
import { startServer, type RunningServer } from './support/server';

const TOP_LEVEL = 25;

describe.skipIf(!inject('browserAvailable'))('a story thread a page at a time', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let admin: PocketBase;
  let author: Member;
  let reader: Member;
  let storyId: string;
  /** Comment 23, on the thread's second page, which the author answers. */
  let answered: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    admin = await superuserClient(server);
    author = await createMember(admin, { username: 'thread_author', name: 'Thread Author' });
    reader = await createMember(admin, { username: 'thread_reader', name: 'Thread Reader' });
    const post = await admin.collection('posts').create({
      type: 'story',
      title: 'A Much Discussed Story',
      description: 'Everyone has a view.',
      contributors: [author.id],
      published: new Date().toISOString(),
    });
    storyId = (await admin.collection('stories').create({ post: post.id, content: 'Talk about me.' })).id;
    // The operator's client writes the thread in the members' names (their own posting limit would
    // make this take minutes); the comments are the same records a member's form makes.
    const comments: string[] = [];
    for (let i = 1; i <= TOP_LEVEL; i++) {
      const made = await admin.collection('comments').create({
        target: post.id,
        author: reader.id,
        content: `Top-level comment number ${i}.`,
      });
      comments.push(made.id);
    }
    answered = comments[22]!;
    const reply = await admin.collection('comments').create({
      target: post.id,
      author: author.id,
      content: 'The author answers comment 23.',
      reply: answered,
    });
    await admin.collection('comments').create({
      target: post.id,
      author: reader.id,
      content: 'And the reader answers back.',
      reply: reply.id,
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('follows a reply notification to the page holding it, nested, and pages back to the start', async () => {
    const page = await browser.context.newPage();
    screenshotOnFailure(page, 'comment-pages');
    const app = new AppPage(page, server.url);
    await openSignedIn(page, server.url, await clientOf(admin, reader), '/notifications');
    await page.getByRole('link', { name: /New reply to your comment on "A Much Discussed Story"/ }).click();

    await page.waitForURL((url) => url.pathname === `/stories/${storyId}`);
    const comments = page.getByRole('list', { name: 'Comments' });
    const answer = comments.getByRole('article', { name: 'Comment by Thread Author' });
    await answer.waitFor();
    await expect.poll(() => answer.isVisible()).toBe(true);
    // Under comment 23, and the reader's answer under it in turn.
    const replies = page.locator(`#comment-${answered}`).getByRole('list', { name: 'Replies' });
    await replies.getByText('And the reader answers back.').waitFor();
    await comments.getByText('Top-level comment number 21.').waitFor();
    expect(await comments.getByText('Top-level comment number 1.', { exact: true }).count()).toBe(0);
    await saveScreenshot(page, 'comment-pages-second');

    await page.getByRole('button', { name: '1', exact: true }).click();
    await comments.getByText('Top-level comment number 1.', { exact: true }).waitFor();
    expect(app.location()).toBe(`/stories/${storyId}?page=1`);
    expect(await comments.getByRole('article').count()).toBe(20);
    await page.close();
  });
});
