import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AppPage } from './pages/app-page';
import { LoginPage } from './pages/login-page';
import { RegisterPage, type RegistrationEntry } from './pages/register-page';
import { SettingsPage } from './pages/settings-page';
import { launchBrowser, screenshotOnFailure, type BrowserSession } from './support/browser';
import { linkIn, newestMailTo } from './support/outbox';
import { startServer, type RunningServer } from './support/server';

describe.skipIf(!inject('browserAvailable'))('accounts: a visitor becomes a verified member', () => {
  let server: RunningServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('is sent to login, registers past the form’s checks, lands signed in and verifies the email', async () => {
    const page = await browser.context.newPage();
    screenshotOnFailure(page, 'accounts-register-verify');
    const app = new AppPage(page, server.url);

    // A members-only page sends a visitor to the login page, remembering where they were going.
    await app.open('/stories');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(app.location()).toBe('/login?redirect=%2Fstories');

    const login = new LoginPage(page, server.url);
    await login.registerLink.click();
    await page.waitForURL((url) => url.pathname === '/register');

    const register = new RegisterPage(page, server.url);
    const username = `tiny_${Date.now().toString(36)}`;
    const entry: RegistrationEntry = {
      username: 'ab',
      name: 'Tiny Tester',
      email: `${username}@example.com`,
      birthday: '1990-04-12',
      password: 'a long and private passphrase',
      passwordConfirm: 'a different passphrase',
      agree: true,
    };
    await register.fill(entry);
    await register.submit();
    await register.message('Username must be at least 3 characters long').waitFor();
    await register.message('Passwords do not match').waitFor();
    expect(app.location()).toBe('/register');

    await register.fill({ ...entry, username, passwordConfirm: entry.password });
    await register.submit();
    await page.waitForURL((url) => url.pathname === '/edit-profile');
    await app.accountMenu.waitFor();
    expect(await app.accountMenu.getAttribute('aria-label')).toBe('Account menu for Tiny Tester');

    // The verification mail, requested from the settings page, lands in the outbox of a server without SMTP.
    const settings = new SettingsPage(page, server.url);
    await settings.open('/settings');
    await settings.sendVerificationButton.click();
    await settings
      .flash('Verification email sent, please check your inbox for further instructions.')
      .waitFor();
    const mail = await newestMailTo(server.dataDir, entry.email);
    const link = linkIn(mail, '/settings');
    expect(link.searchParams.get('verificationToken')).toBeTruthy();

    await settings.open(link.pathname + link.search);
    await settings.flash('Email verified successfully.').waitFor();
    await settings.verifiedNote.waitFor();
    expect(await settings.sendVerificationButton.count()).toBe(0);
  });
});
