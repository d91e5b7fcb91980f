/**
 * The deployment's settings are read when the server starts, not when the web app is built: the
 * same build, started with one PATRON_URL and then restarted with another, shows each in the footer.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AppPage } from './pages/app-page';
import { launchBrowser, screenshotOnFailure, type BrowserSession } from './support/browser';
import { startServer, type RunningServer } from './support/server';

describe.skipIf(!inject('browserAvailable'))('footer links from the server at run time', () => {
  let server: RunningServer | undefined;
  let browser: BrowserSession;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Starts the built server with `env`, opens the home page and returns the footer's patron link. */
  async function patronLinkWith(env: Record<string, string>) {
    await server?.stop();
    server = await startServer({ SEED_DEMO: 'false', ...env });
    const page = await browser.context.newPage();
    screenshotOnFailure(page, 'site-settings');
    const home = new AppPage(page, server.url);
    await home.open('/');
    await home.footerLink('FAQ').waitFor();
    return home;
  }

  it('a restart with a new PATRON_URL changes the footer, with no rebuild', async () => {
    const first = await patronLinkWith({ PATRON_URL: 'https://patrons.example.org/first' });
    expect(await first.footerLink('Support Us').getAttribute('href')).toBe(
      'https://patrons.example.org/first',
    );
    expect(await first.footerLink('Chat Community').count()).toBe(0);

    const second = await patronLinkWith({
      PATRON_URL: 'https://patrons.example.org/second',
      CHAT_URL: 'https://chat.example.org/invite',
    });
    expect(await second.footerLink('Support Us').getAttribute('href')).toBe(
      'https://patrons.example.org/second',
    );
    expect(await second.footerLink('Chat Community').getAttribute('href')).toBe(
      'https://chat.example.org/invite',
    );

    const third = await patronLinkWith({});
    expect(await third.footerLink('Support Us').count()).toBe(0);
  }, 120_000);
});
