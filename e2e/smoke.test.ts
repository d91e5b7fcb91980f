import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AppPage } from './pages/app-page';
import { NotFoundPage } from './pages/not-found-page';
import { launchBrowser, screenshotOnFailure, type BrowserSession } from './support/browser';
import { startServer, type RunningServer } from './support/server';

describe.skipIf(!inject('browserAvailable'))('smoke: the built site in Chromium', () => {
  let server: RunningServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    const code = await server?.stop();
    // A clean shutdown on SIGTERM exits with 0.
    expect(code).toBe(0);
  });

  it('renders the home page with the shell', async () => {
    const page = await browser.context.newPage();
    screenshotOnFailure(page, 'home');
    const home = new AppPage(page, server.url);
    await home.open('/');
    await home.mainNavigation.waitFor();
    expect(await home.mainNavigation.getByText('Stories').isVisible()).toBe(true);
    expect(await home.title()).toBe('Home | Size Community');
  });

  it('shows the not-found page for an unknown path', async () => {
    const page = await browser.context.newPage();
    screenshotOnFailure(page, 'not-found');
    const notFound = new NotFoundPage(page, server.url);
    await notFound.open('/this/path/does/not/exist');
    await notFound.heading404.waitFor();
    expect(await notFound.explanation.isVisible()).toBe(true);
    expect(await notFound.title()).toBe(`${NotFoundPage.TITLE} | Size Community`);
  });

  it('answers /api/health from the same process', async () => {
    const res = await fetch(new URL('/api/health', server.url));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'API is healthy.', code: 200, data: {} });
  });
});
