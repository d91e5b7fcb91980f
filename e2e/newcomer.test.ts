/**
 * The rough edges a new member met on the screens that already existed (issue "What a newcomer stumbles
 * on"), each walked as the member did it.
 */
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AppPage } from './pages/app-page';
import { LoginPage } from './pages/login-page';
import { NotFoundPage } from './pages/not-found-page';
import { ProfilePage } from './pages/profile-page';
import { RegisterPage } from './pages/register-page';
import { launchBrowser, saveScreenshot, screenshotOnFailure, type BrowserSession } from './support/browser';
import {
  clientOf,
  createMember,
  openSignedIn,
  subscribedTo,
  superuserClient,
  type Member,
} from './support/members';
import { linkIn, newestMailTo } from './support/outbox';
import { startServer, type RunningServer } from './support/server';

/** A 2x2 PNG: real image bytes, so the server's content check accepts it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP43+AARAwQCgAz7gb9lkiSPAAAAABJRU5ErkJggg==',
  'base64',
);

describe.skipIf(!inject('browserAvailable'))('what a newcomer stumbles on', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let admin: PocketBase;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    admin = await superuserClient(server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  // Every browser sign-in comes from 127.0.0.1 and counts against the sign-in limit (5 per 20 s per
  // address): walks whose subject is not signing in start signed in (`openSignedIn`) instead.
  it('registering sends the verification mail at once; its link opened signed out signs in, then confirms', async () => {
    const page = await browser.context.newPage();
    screenshotOnFailure(page, 'newcomer-verify-on-registration');
    const app = new AppPage(page, server.url);
    const register = new RegisterPage(page, server.url);
    const email = 'new_arrival@example.com';
    const password = 'a long and private passphrase';
    await register.open('/register');
    await register.fill({
      username: 'new_arrival',
      name: 'New Arrival',
      email,
      birthday: '1991-02-03',
      password,
      passwordConfirm: password,
      agree: true,
    });
    await register.submit();
    await page.waitForURL((url) => url.pathname === '/edit-profile');
    await app
      .flash(`Welcome! We sent a verification link to ${email}: open it to verify your email address.`)
      .waitFor();

    // The mail is there without asking for it in the settings.
    const link = linkIn(await newestMailTo(server.dataDir, email), '/settings');
    await app.signOut();

    await app.open(link.pathname + link.search);
    await page.waitForURL((url) => url.pathname === '/login');
    await new LoginPage(page, server.url).passwordLoginLink.click();
    await page.getByRole('textbox', { name: 'Username' }).fill('new_arrival');
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/settings');
    await app.flash('Email verified successfully.').waitFor();
    await page.close();
  });

  it('a session ended elsewhere (password changed) sends the old tab to sign in, keeping the page', async () => {
    const member: Member = await createMember(admin, { username: 'tab_keeper', name: 'Tab Keeper' });
    const page = await browser.context.newPage();
    screenshotOnFailure(page, 'newcomer-dead-session');
    const app = new AppPage(page, server.url);
    await openSignedIn(page, server.url, await clientOf(admin, member), '/stories');
    await app.accountMenu.waitFor();

    // On another device the member changes the password: every older session ends on the server.
    const elsewhere = await clientOf(admin, member);
    const newPassword = 'a brand new passphrase';
    await elsewhere.collection('users').update(member.id, {
      oldPassword: member.password,
      password: newPassword,
      passwordConfirm: newPassword,
    });

    // The old tab, opened again, no longer pretends: it asks the member to sign in and remembers the page.
    await app.open('/stories');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(app.location()).toBe('/login?redirect=%2Fstories');
    await app.flash('Your session has ended. Please sign in again.').waitFor();
    expect(await app.accountMenu.count()).toBe(0);
    await page.close();
  });

  it('a long link in a comment wraps at 360 px; the header title stays on one line; a favicon is served', async () => {
    const member = await createMember(admin, { username: 'long_linker', name: 'Long Linker' });
    const post = await admin.collection('posts').create({
      type: 'story',
      title: 'A Story With A Long Comment',
      description: 'For the layout.',
      contributors: [member.id],
      published: new Date().toISOString(),
    });
    const story = await admin.collection('stories').create({ post: post.id, content: 'Once upon a time.' });
    const longLink = `https://example.com/${'a-very-long-path-segment-'.repeat(4)}end`;
    const commenter = await clientOf(admin, member);
    await commenter.collection('comments').create({ target: post.id, author: member.id, content: longLink });

    const page = await browser.context.newPage();
    screenshotOnFailure(page, 'newcomer-phone-layout');
    await page.setViewportSize({ width: 360, height: 740 });
    const app = new AppPage(page, server.url);
    await openSignedIn(page, server.url, commenter, `/stories/${story.id}`);
    await page.getByRole('link', { name: longLink }).waitFor();

    // Nothing is wider than the screen.
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      screen: document.documentElement.clientWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.screen);
    await saveScreenshot(page, 'story-with-long-comment-360');

    // The site title is one line inside the 60 px header.
    const title = page.getByRole('banner').getByRole('heading');
    const box = await title.boundingBox();
    const lineHeight = await title.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    expect(box!.height).toBeLessThanOrEqual(lineHeight + 1);
    expect(box!.y + box!.height).toBeLessThanOrEqual(60);

    // A focused field shows a ring, not only a thin border.
    await app.open('/secret/login');
    const username = page.getByRole('textbox', { name: 'Username' });
    await username.focus();
    const outline = await username.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(outline).toBe('solid');

    const icon = await fetch(new URL('/favicon.svg', server.url));
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
    await page.close();
  });

  it('sign-ups the server refused do not use up the limit; on a phone each refusal is marked at its field', async () => {
    // A server of its own: every browser sign-in from this machine counts against one limit (5 per 20 s),
    // and a registration signs in twice, so the earlier walks' sign-ins must not decide this one.
    const own = await startServer();
    try {
      await refusedSignUps(own, await superuserClient(own));
    } finally {
      await own.stop();
    }
  }, 60_000);

  async function refusedSignUps(server: RunningServer, admin: PocketBase): Promise<void> {
    await createMember(admin, { username: 'taken_name', name: 'Taken Name' });
    const page = await browser.context.newPage();
    screenshotOnFailure(page, 'newcomer-refused-sign-ups');
    await page.setViewportSize({ width: 360, height: 740 });
    const register = new RegisterPage(page, server.url);
    const creates: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/collections/users/records')) {
        creates.push(request.url());
      }
    });
    const password = 'a careful new passphrase';
    const entry = {
      username: 'taken_name',
      name: 'Second Try',
      email: 'second_try@example.com',
      birthday: '1992-03-04',
      password,
      passwordConfirm: password,
      agree: true,
    };
    await register.open('/register');

    // What the server would refuse, the form says first, without sending anything.
    await register.fill({
      ...entry,
      email: 'second_try@example',
      password: 'short',
      passwordConfirm: 'short',
    });
    await register.submit();
    await register.message('Please enter a valid email address').waitFor();
    expect(creates).toHaveLength(0);

    // Three refusals by the server, each marked at the username, which takes the focus on the small screen.
    await register.fill(entry);
    const username = page.getByRole('textbox', { name: 'Username' });
    const taken = 'That username is already in use. Please choose a different one.';
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await register.submit();
      await expect.poll(() => creates.length).toBe(attempt);
      // Beside the field (the flash above the form keeps the spec's wording too).
      await page.locator('form').getByText(taken, { exact: true }).waitFor();
      await expect.poll(() => username.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await username.getAttribute('aria-invalid')).toBe('true');
      // In view: below the fixed 60 px header, not hidden under it.
      const box = await username.boundingBox();
      expect(box!.y).toBeGreaterThanOrEqual(60);
      expect(box!.y + box!.height).toBeLessThanOrEqual(740);
    }
    await saveScreenshot(page, 'register-refused-username-360');

    // The fourth try, with a free name, is not turned away by the sign-up limit.
    await username.fill('second_try');
    await register.submit();
    await page.waitForURL((url) => url.pathname === '/edit-profile');
    await page.close();
  }

  it('a moderator sees a missing reason at its box, the chosen labels, and no old error after a success', async () => {
    const author = await createMember(admin, { username: 'label_author', name: 'Label Author' });
    const moderator = await createMember(admin, {
      username: 'queue_mod',
      name: 'Queue Mod',
      roles: ['moderator'],
    });
    const label = await admin.collection('labels').create({ name: 'Gentle Giant', color: 'teal' });
    const post = await admin.collection('posts').create({
      type: 'story',
      title: 'A Labelled Submission',
      description: 'Waiting for review.',
      contributors: [author.id],
      labels: [label.id],
      submitted: new Date().toISOString(),
    });
    const story = await admin
      .collection('stories')
      .create({ post: post.id, content: 'Once, a gentle giant.' });

    const page = await browser.context.newPage();
    screenshotOnFailure(page, 'newcomer-queue-reason');
    const app = new AppPage(page, server.url);
    await openSignedIn(page, server.url, await clientOf(admin, moderator), '/admin/content-queue');
    const entry = page.getByRole('article', { name: 'A Labelled Submission' });
    await entry.waitFor();
    await entry.getByLabel('Labels').getByText('Gentle Giant').waitFor();

    await entry.getByRole('button', { name: 'Reject' }).click();
    const reason = entry.getByRole('textbox', { name: /^Reason/ });
    await entry.getByText('Specify a reason for rejecting the post', { exact: true }).waitFor();
    expect(await reason.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.locator('[data-flash-type="error"]').count()).toBe(0);

    await entry.getByRole('button', { name: 'Publish' }).click();
    await app.flash('Post published successfully').waitFor();
    expect(await page.locator('[data-flash-type="error"]').count()).toBe(0);

    // Published, the story shows its labels on its page and on its card.
    await app.open(`/stories/${story.id}`);
    await page.getByRole('main').getByLabel('Labels').getByText('Gentle Giant').waitFor();
    await app.open('/stories');
    const card = page.getByRole('article').filter({ hasText: 'A Labelled Submission' });
    await card.getByLabel('Labels').getByText('Gentle Giant').waitFor();
    await page.close();
  });

  it('a reply refused by the posting limit says so beside the reply form, which keeps its text', async () => {
    const member = await createMember(admin, { username: 'quick_replier', name: 'Quick Replier' });
    const post = await admin.collection('posts').create({
      type: 'story',
      title: 'A Story To Discuss',
      description: 'Talk about it.',
      contributors: [member.id],
      published: new Date().toISOString(),
    });
    const story = await admin
      .collection('stories')
      .create({ post: post.id, content: 'Something to discuss.' });
    const client = await clientOf(admin, member);

    const page = await browser.context.newPage();
    screenshotOnFailure(page, 'newcomer-reply-limit');
    await openSignedIn(page, server.url, client, `/stories/${story.id}`);
    await page.getByRole('textbox', { name: /^Comment/ }).fill('First thoughts.');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    const comment = page
      .getByRole('article', { name: /^Comment by / })
      .filter({ hasText: 'First thoughts.' });
    await comment.waitFor();

    // A reply within the five seconds after the comment is refused by the posting limit.
    await comment.getByRole('button', { name: 'Reply' }).click();
    const reply = page.getByRole('textbox', { name: /^Reply/ });
    await reply.fill('And a second thought.');
    await page.getByRole('button', { name: 'Post Reply' }).click();
    const form = page.locator('form').filter({ has: reply });
    await form
      .getByRole('alert')
      .filter({ hasText: /You are doing that too often\. Try again in \d+ seconds?\./ })
      .waitFor();
    expect(await reply.inputValue()).toBe('And a second thought.');
    await page.close();
  });

  it('after a mismatched reset password and a good one, the sign-in page shows only the success', async () => {
    const member = await createMember(admin, { username: 'reset_walker', name: 'Reset Walker' });
    const email = `${member.username}@example.com`;
    const asked = await fetch(new URL('/api/collections/users/request-password-reset', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(asked.status).toBe(204);
    const link = linkIn(await newestMailTo(server.dataDir, email), '/forgot-password');

    const page = await browser.context.newPage();
    screenshotOnFailure(page, 'newcomer-reset-errors');
    const app = new AppPage(page, server.url);
    await app.open(link.pathname + link.search);
    await page.getByRole('heading', { level: 1, name: 'Choose a New Password' }).waitFor();
    const confirm = page.getByLabel(/^Confirm New Password/);
    await page.getByLabel(/^New Password/).fill('a fresh long passphrase');
    await confirm.fill('a different passphrase');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText("Values don't match.", { exact: true }).waitFor();

    await confirm.fill('a fresh long passphrase');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await app.flash('Your password has been reset! Redirecting you to the login page shortly.').waitFor();
    expect(await page.locator('[data-flash-type="error"]').count()).toBe(0);
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
    await page.getByRole('link', { name: 'Login with your username' }).waitFor();
    expect(await page.locator('[data-flash-type="error"]').count()).toBe(0);
    await page.close();
  });

  it('the story preview shows an image named in the text from the files just chosen', async () => {
    const member = await createMember(admin, { username: 'preview_writer', name: 'Preview Writer' });
    const page = await browser.context.newPage();
    screenshotOnFailure(page, 'newcomer-preview-image');
    await openSignedIn(page, server.url, await clientOf(admin, member), '/stories/submit');
    await page.getByRole('textbox', { name: 'Title' }).fill('Pictured');
    await page.getByRole('textbox', { name: 'Content' }).fill('Look:\n\n![a caption](file-name.png)');
    await page.locator('input[type="file"]').first().setInputFiles({
      name: 'file-name.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await page.getByRole('tab', { name: 'Preview' }).click();
    const image = page.getByRole('img', { name: 'a caption' });
    await image.waitFor();
    await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(2);
    await page.close();
  });

  it('a first sign-in that creates the missing profile still goes to the page asked for', async () => {
    const password = 'a moderator passphrase';
    await admin.collection('users').create({
      username: 'profileless_mod',
      email: 'profileless_mod@example.com',
      password,
      passwordConfirm: password,
      birthday: '1985-01-01',
      verified: true,
      roles: ['moderator'],
    });
    const page = await browser.context.newPage();
    screenshotOnFailure(page, 'newcomer-first-sign-in-redirect');
    const app = new AppPage(page, server.url);
    await app.open('/secret/login?redirect=%2Fadmin%2Fcontent-queue');
    await page.getByRole('textbox', { name: 'Username' }).fill('profileless_mod');
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/content-queue');
    await page.getByRole('heading', { name: 'Content Queue' }).waitFor();
    await page.close();
  });

  it('the member’s own story list updates when the bell says their submission was published', async () => {
    const author = await createMember(admin, { username: 'live_author', name: 'Live Author' });
    const moderator = await createMember(admin, {
      username: 'live_mod',
      name: 'Live Mod',
      roles: ['moderator'],
    });
    const post = await admin.collection('posts').create({
      type: 'story',
      title: 'Waiting For The Bell',
      description: 'Under review.',
      contributors: [author.id],
      submitted: new Date().toISOString(),
    });
    await admin.collection('stories').create({ post: post.id, content: 'Soon.' });

    const page = await browser.context.newPage();
    screenshotOnFailure(page, 'newcomer-manage-live');
    const live = subscribedTo(page, 'notifications');
    await openSignedIn(page, server.url, await clientOf(admin, author), '/stories/manage');
    await live;
    const pending = page.getByRole('region', { name: /^Pending Stories/ });
    const published = page.getByRole('region', { name: /^Published Stories/ });
    await pending.getByText('Waiting For The Bell').waitFor({ state: 'attached' });

    const reviewer = await clientOf(admin, moderator);
    await reviewer.collection('post_content_actions').create({
      user: author.id,
      post: post.id,
      resolver: moderator.id,
      action: 'publish',
      resolution: '',
    });
    // No reload: the live notification brings the list up to date.
    await published.getByText('Waiting For The Bell').waitFor({ state: 'attached', timeout: 15_000 });
    expect(await pending.getByText('Waiting For The Bell').count()).toBe(0);
    await page.close();
  });

  it('an address whose last part has a full stop, opened directly, is the site', async () => {
    const dotted = await createMember(admin, { username: 'newbie.one', name: 'Newbie One' });
    const reader = await createMember(admin, { username: 'dot_reader', name: 'Dot Reader' });
    const page = await browser.context.newPage();
    screenshotOnFailure(page, 'newcomer-dotted-addresses');
    await openSignedIn(page, server.url, await clientOf(admin, reader), `/profiles/${dotted.username}`);
    const profile = new ProfilePage(page, server.url);
    await expect.poll(() => profile.name.textContent()).toBe('Newbie One');
    // Reloaded, as a member does with a shared link.
    await page.reload();
    await expect.poll(() => profile.name.textContent()).toBe('Newbie One');
    // A story address with a full stop is the story screen, saying there is no such story.
    await page.goto(new URL('/stories/abc.def', server.url).toString());
    await page.getByRole('heading', { level: 1, name: 'Story' }).waitFor();
    // Addresses that are no page of the app get the app's 404 page, never the API's JSON.
    for (const address of ['/viewstory.php?sid=12', '/help/x.txt']) {
      await page.goto(new URL(address, server.url).toString());
      await new NotFoundPage(page, server.url).heading404.waitFor();
      expect(await page.getByText('"status":404').count()).toBe(0);
    }
    await page.close();
  });

  it('the reset link’s page has its title', async () => {
    const page = await browser.context.newPage();
    screenshotOnFailure(page, 'newcomer-reset-title');
    await page.goto(new URL('/forgot-password?resetToken=from-the-mail', server.url).toString());
    await page.getByRole('heading', { level: 1, name: 'Choose a New Password' }).waitFor();
    await expect.poll(() => page.title()).toMatch(/^Choose a New Password \| /);
    await page.close();
  });
});
