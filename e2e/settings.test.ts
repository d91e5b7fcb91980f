/**
 * /settings complete (issue 14), in Chromium against the built server: every setting saves and survives
 * a reload, the dark theme darkens the page, the email changes through the mailed link (and the member
 * is signed out, as the spec says), and a password change ends the member's other session.
 * Verification through the mailed link is walked in accounts.test.ts.
 */
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SecretLoginPage } from './pages/secret-login-page';
import { SettingsPage } from './pages/settings-page';
import { launchBrowser, screenshotOnFailure, type BrowserSession } from './support/browser';
import { createMember, superuserClient, type Member } from './support/members';
import { linkIn, newestMailTo } from './support/outbox';
import { startServer, type RunningServer } from './support/server';

const STEP_TIMEOUT = 90_000;
const SWITCHES = [
  'Notification sound',
  'Show markdown source',
  'Appear online',
  'Display username',
  'Display age',
] as const;

describe.skipIf(!inject('browserAvailable'))('settings', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let second: BrowserSession;
  let admin: PocketBase;
  let member: Member;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    second = await launchBrowser();
    admin = await superuserClient(server);
    member = await createMember(admin, { username: 'setter_sam', name: 'Setter Sam' });
  });
  afterAll(async () => {
    await second?.close();
    await browser?.close();
    await server?.stop();
  });

  it(
    'saves every setting, keeps it over a reload, and the dark theme darkens the page',
    async () => {
      const page = await browser.context.newPage();
      screenshotOnFailure(page, 'settings-save');
      await new SecretLoginPage(page, server.url).signIn(member.username, member.password, '/settings');
      const settings = new SettingsPage(page, server.url);
      await settings.switch('Appear online').waitFor();
      // Defaults: sound and online on, the rest off, the site's theme (auto) chosen.
      const before = await Promise.all(SWITCHES.map((label) => settings.switch(label).isChecked()));
      expect(before).toEqual([true, false, true, false, false]);
      expect(await settings.theme('Auto').isChecked()).toBe(true);

      await settings.chooseTheme('Dark');
      for (const label of SWITCHES) await settings.switch(label).click();
      await settings.saveSettings();
      await page.waitForFunction(
        () => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark',
      );

      await page.reload();
      await settings.switch('Appear online').waitFor();
      const after = await Promise.all(SWITCHES.map((label) => settings.switch(label).isChecked()));
      expect(after).toEqual([false, true, false, true, true]);
      expect(await settings.theme('Dark').isChecked()).toBe(true);
      expect(await settings.colorScheme()).toBe('dark');
      const stored = await admin.collection('users').getOne(member.id, { expand: 'profile' });
      expect(stored.settings).toMatchObject({
        theme: 'dark',
        notification_sound: false,
        show_markdown_source: true,
        appear_online: false,
      });
      expect((stored.expand?.profile as { settings: unknown }).settings).toEqual({
        displayUsername: true,
        displayAge: true,
      });

      await settings.chooseTheme('Light');
      await settings.saveSettings();
      await page.waitForFunction(
        () => document.documentElement.getAttribute('data-mantine-color-scheme') === 'light',
      );
      await page.close();
    },
    STEP_TIMEOUT,
  );

  it(
    'a password change ends the other session and keeps this one',
    async () => {
      const page = await browser.context.newPage();
      screenshotOnFailure(page, 'settings-password');
      const other = await second.context.newPage();
      screenshotOnFailure(other, 'settings-password-other');
      await new SecretLoginPage(other, server.url).signIn(member.username, member.password, '/settings');
      const otherSettings = new SettingsPage(other, server.url);
      await otherSettings.pageHeading.waitFor();

      const settings = new SettingsPage(page, server.url);
      await settings.open('/settings');
      await settings.pageHeading.waitFor();
      const newPassword = 'an even longer and newer passphrase';
      await settings.changePassword(member.password, newPassword);
      await settings.flash('Your password has been changed. You were signed out everywhere else.').waitFor();

      // The other browser's session is over: at its next start it is sent to log in.
      await other.reload();
      await other.waitForURL((url) => url.pathname === '/login');
      expect(new URL(other.url()).searchParams.get('redirect')).toBe('/settings');

      // This one carries on, signed in with the new password.
      await page.reload();
      await settings.pageHeading.waitFor();
      await settings.accountMenu.waitFor();
      member = { ...member, password: newPassword };
      await page.close();
    },
    STEP_TIMEOUT,
  );

  it(
    'changes the email through the mailed link, confirming with the password, then signs out',
    async () => {
      const page = await browser.context.newPage();
      screenshotOnFailure(page, 'settings-email');
      const settings = new SettingsPage(page, server.url);
      await settings.open('/settings');
      await settings.pageHeading.waitFor();
      const newEmail = 'sam.new@example.com';
      await settings.requestEmailChange(newEmail);
      await settings.flash('Verification email sent, go check your new email to verify it.').waitFor();

      const mail = await newestMailTo(server.dataDir, newEmail);
      const link = linkIn(mail, '/settings');
      expect(link.searchParams.get('emailChangeToken')).toBeTruthy();
      await settings.open(link.pathname + link.search);
      await settings.confirmEmailChange(member.password);
      await page.waitForURL((url) => url.pathname === '/login');
      await settings.page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
      expect((await admin.collection('users').getOne(member.id)).email).toBe(newEmail);

      // Signing in again works, with the same password.
      await new SecretLoginPage(page, server.url).signIn(member.username, member.password, '/settings');
      await settings.page.getByText(newEmail, { exact: true }).waitFor();
    },
    STEP_TIMEOUT,
  );
});
