/**
 * The rough edges a new member met on the screens that already existed (issue "What a newcomer stumbles
 * on"), each walked as the member did it.
 */
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AppPage } from './pages/app-page';
import { SecretLoginPage } from './pages/secret-login-page';
import { launchBrowser, screenshotOnFailure, type BrowserSession } from './support/browser';
import { createMember, superuserClient, type Member } from './support/members';
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

  it('a session ended elsewhere (password changed) sends the old tab to sign in, keeping the page', async () => {
    const member: Member = await createMember(admin, { username: 'tab_keeper', name: 'Tab Keeper' });
    const page = await browser.context.newPage();
    screenshotOnFailure(page, 'newcomer-dead-session');
    const app = new AppPage(page, server.url);
    await new SecretLoginPage(page, server.url).signIn(member.username, member.password, '/stories');
    await app.accountMenu.waitFor();

    // On another device the member changes the password: every older session ends on the server.
    const elsewhere = new PocketBase(server.url);
    await elsewhere.collection('users').authWithPassword(member.username, member.password);
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
});
