/**
 * Stored markup never runs: a content page's HTML and a story's markdown each hold an
 * `<img onerror>` and a `<script>`, written straight into the records as an attacker with write
 * access would. In Chromium, against the built server, neither runs: the sanitiser removes them
 * (DOMPurify for page HTML, react-markdown for markdown), and the Content-Security-Policy would
 * refuse inline script if one ever got through. The app itself runs under that policy without a
 * single violation.
 */
import type { Page } from 'playwright-core';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ContentPage } from './pages/content-page';
import { SecretLoginPage } from './pages/secret-login-page';
import { StoryPage } from './pages/story-page';
import { launchBrowser, screenshotOnFailure, type BrowserSession } from './support/browser';
import { createMember, superuserClient, type Member } from './support/members';
import { startServer, type RunningServer } from './support/server';

/** Each payload counts its runs on `window.__ran`; a test passes only if the count stays unset. */
const RUN = 'window.__ran=(window.__ran||0)+1';
const HOSTILE_HTML =
  `<p>Before the trap.</p><img src="/no-such-image.png" onerror="${RUN}">` +
  `<script>${RUN}</script><p>After the trap.</p>`;
const HOSTILE_MARKDOWN =
  'A quiet opening line.\n\n' +
  `<img src="/no-such-image.png" onerror="${RUN}">\n\n<script>${RUN}</script>\n\n` +
  'The closing line, still here.';

describe.skipIf(!inject('browserAvailable'))('stored markup in the browser', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let admin: PocketBase;
  let member: Member;
  let page: Page;
  /** Content-Security-Policy reports from the page's console. */
  const violations: string[] = [];

  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: 'false' });
    admin = await superuserClient(server);
    member = await createMember(admin, { username: 'markup_reader', name: 'Markup Reader' });
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text()))
        violations.push(`${page.url()}: ${message.text()}`);
    });
    await new SecretLoginPage(page, server.url).signIn(member.username, member.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** What a payload could have left behind: its run count, and handlers or scripts in the page. */
  const traces = () =>
    page.evaluate(() => ({
      ran: (window as unknown as { __ran?: number }).__ran ?? 0,
      handlers: document.querySelectorAll('[onerror]').length,
      scripts: Array.from(document.scripts).filter((script) => script.text.includes('__ran')).length,
    }));

  it('runs the app under its Content-Security-Policy without a violation', async () => {
    screenshotOnFailure(page, 'stored-markup-csp');
    const content = new ContentPage(page, server.url);
    for (const pathname of ['/', '/help/faq', '/stories']) {
      await content.open(pathname);
      await content.mainNavigation.waitFor();
      await page.waitForLoadState('networkidle');
    }
    expect(violations).toEqual([]);
  });

  it('a content page’s <img onerror> and <script> never run', async () => {
    screenshotOnFailure(page, 'stored-markup-page');
    const rules = await admin.collection('pages').getFirstListItem('slug = "rules"');
    await admin.collection('pages').update(rules.id, { content: HOSTILE_HTML });

    const content = new ContentPage(page, server.url);
    await content.open('/help/rules');
    await content.main.getByText('After the trap.').waitFor();
    expect(await content.main.getByText('Before the trap.').isVisible()).toBe(true);
    // The image stays (without its handler) and has failed to load by now.
    await page.waitForFunction(() =>
      Array.from(document.images).some((img) => img.src.endsWith('/no-such-image.png') && img.complete),
    );
    // (Chromium does report the handler it met while the sanitiser parsed its inert copy of the
    // HTML: a report that the policy would have refused it, not a sign that anything ran.)
    expect(await traces()).toEqual({ ran: 0, handlers: 0, scripts: 0 });
  });

  it('a story’s markdown <img onerror> and <script> never run', async () => {
    screenshotOnFailure(page, 'stored-markup-story');
    const post = await admin.collection('posts').create({
      type: 'story',
      title: 'A Story With Traps',
      description: 'Markup that must stay inert.',
      contributors: [member.id],
      published: new Date().toISOString().replace('T', ' '),
    });
    const story = await admin.collection('stories').create({ post: post.id, content: HOSTILE_MARKDOWN });

    const storyPage = new StoryPage(page, server.url);
    await storyPage.open(`/stories/${story.id}`);
    await storyPage.article.getByText('The closing line, still here.').waitFor();
    expect(await storyPage.article.getByText('A quiet opening line.').isVisible()).toBe(true);
    expect(await traces()).toEqual({ ran: 0, handlers: 0, scripts: 0 });
  });
});
