/**
 * The rough edges a new member met on the screens that already existed (issue "What a newcomer stumbles
 * on"), each walked as the member did it.
 */
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AppPage } from './pages/app-page';
import { LoginPage } from './pages/login-page';
import { RegisterPage } from './pages/register-page';
import { launchBrowser, saveScreenshot, screenshotOnFailure, type BrowserSession } from './support/browser';
import { clientOf, createMember, openSignedIn, superuserClient, type Member } from './support/members';
import { linkIn, newestMailTo } from './support/outbox';
import { startServer, type RunningServer } from './support/server';

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
});
