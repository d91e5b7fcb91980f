/**
 * Issue 22, acceptance 1 and 3: every route of the route table, signed out, as a member and as a
 * moderator, checked by axe at WCAG 2.2 AA (plus the landmark and heading rules) in the light and the dark
 * theme; then at a phone's 360 px: no horizontal scrolling and no control under 24 px (axe's target-size).
 * One server and one browser for the whole file; a path every visitor reaches the same way (the sign-in
 * screen a signed-out visitor is sent to) is checked once per visitor.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations, installAxe } from './support/axe';
import { launchBrowser, screenshotOnFailure, type BrowserSession } from './support/browser';
import { clientOf, createMember, superuserClient, type Member } from './support/members';
import { startServer, type RunningServer } from './support/server';
import { sitePaths, type SitePath } from './support/site-paths';

const WALK_TIMEOUT = 300_000;
const SHOTS = process.env['A11Y_SHOTS_DIR'];

type Visitor = 'signed out' | 'member' | 'moderator';
type Theme = 'light' | 'dark';

/** Requests in flight per page, less the realtime stream that stays open for the whole visit. */
const inFlight = new WeakMap<Page, Set<unknown>>();

function trackRequests(page: Page): void {
  const open = new Set<unknown>();
  inFlight.set(page, open);
  page.on('request', (request) => {
    if (!request.url().includes('/api/realtime')) open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
}

/** Waits until no request has been in flight for a moment (8 s at most). */
async function networkQuiet(page: Page): Promise<void> {
  const open = inFlight.get(page);
  const deadline = Date.now() + 8_000;
  let quietSince = Date.now();
  while (open && Date.now() < deadline) {
    if (open.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 250) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until the screen's data has arrived, it has its heading and no loader is left spinning. */
async function settle(page: Page): Promise<void> {
  await networkQuiet(page);
  await page
    .locator('main h1')
    .first()
    .waitFor({ timeout: 5_000 })
    .catch(() => undefined);
  await page
    .waitForFunction(() => document.querySelectorAll('.mantine-Loader-root').length === 0, undefined, {
      timeout: 5_000,
    })
    .catch(() => undefined);
}

async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
  await page.waitForFunction(
    (wanted) => document.documentElement.getAttribute('data-mantine-color-scheme') === wanted,
    theme,
    { timeout: 5_000 },
  );
}

describe.skipIf(!inject('browserAvailable'))('accessibility: every route, every visitor, both themes', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let admin: PocketBase;
  let member: Member;
  let moderator: Member;
  let paths: SitePath[];

  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: 'true' });
    admin = await superuserClient(server);
    member = await createMember(admin, { username: 'mia_member', name: 'Mia Member' });
    moderator = await createMember(admin, {
      username: 'moe_moderator',
      name: 'Moe Moderator',
      roles: ['moderator'],
    });
    paths = await sitePaths(admin, member, moderator);
    browser = await launchBrowser();
  }, WALK_TIMEOUT);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A page for `visitor`: signed in through the SDK's stored session, or with none. */
  async function pageOf(visitor: Visitor, width = 1280): Promise<Page> {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width, height: 800 });
    await installAxe(page);
    trackRequests(page);
    await page.goto(new URL('/favicon.svg', server.url).toString());
    const who = visitor === 'member' ? member : visitor === 'moderator' ? moderator : null;
    if (who) {
      const client = await clientOf(admin, who);
      const auth = JSON.stringify({ token: client.authStore.token, record: client.authStore.record });
      await page.evaluate((value) => localStorage.setItem('pocketbase_auth', value), auth);
    } else {
      await page.evaluate(() => localStorage.removeItem('pocketbase_auth'));
    }
    return page;
  }

  /**
   * Opens `target` and returns where the app ended up (a redirect to sign in shows as /login). The first
   * visit loads the app; later ones navigate inside it as a link would, which keeps the walk fast.
   */
  async function visit(page: Page, target: string): Promise<string> {
    if (new URL(page.url()).pathname === '/favicon.svg') {
      await page.goto(new URL(target, server.url).toString());
    } else {
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, target);
    }
    await settle(page);
    return new URL(page.url()).pathname;
  }

  it('paints the dark theme before the app’s code runs (no flash of the light page)', async () => {
    const page = await browser.context.newPage();
    screenshotOnFailure(page, 'theme-before-paint');
    await page.emulateMedia({ colorScheme: 'dark' });
    // Without the app's JavaScript, only the blocking script in <head> can have chosen the scheme.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto(new URL('/', server.url).toString());
    const painted = await page.evaluate(() => ({
      scheme: document.documentElement.getAttribute('data-mantine-color-scheme'),
      background: getComputedStyle(document.body).backgroundColor,
    }));
    expect(painted).toEqual({ scheme: 'dark', background: 'rgb(36, 36, 36)' });
    await page.close();
  });

  for (const visitor of ['signed out', 'member', 'moderator'] as const) {
    it(
      `finds no WCAG 2.2 AA violation on any route ${visitor === 'signed out' ? 'signed out' : `as a ${visitor}`}, light and dark`,
      async () => {
        const page = await pageOf(visitor);
        screenshotOnFailure(page, `a11y-${visitor}`);
        const problems: string[] = [];
        const seen = new Set<string>();
        for (const route of paths) {
          const started = Date.now();
          await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
          const landed = await visit(page, route.path);
          if (process.env['A11Y_TIMING']) console.log('visit', route.path, Date.now() - started);
          if (seen.has(landed)) continue;
          seen.add(landed);
          for (const theme of ['light', 'dark'] as const) {
            await useTheme(page, theme);
            for (const line of await axeViolations(page)) problems.push(`${route.path} [${theme}] ${line}`);
          }
          if (process.env['A11Y_TIMING']) console.log('checked', route.path, Date.now() - started);
        }
        expect(problems).toEqual([]);
      },
      WALK_TIMEOUT,
    );
  }

  for (const visitor of ['signed out', 'member', 'moderator'] as const) {
    it(
      `has no horizontal scroll and no control under 24 px on any route at 360 px ${visitor === 'signed out' ? 'signed out' : `as a ${visitor}`}`,
      async () => {
        const page = await pageOf(visitor, 360);
        screenshotOnFailure(page, `phone-${visitor}`);
        const problems: string[] = [];
        const seen = new Set<string>();
        for (const route of paths) {
          const landed = await visit(page, route.path);
          if (seen.has(landed)) continue;
          seen.add(landed);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          if (overflow > 0) problems.push(`${route.path}: scrolls sideways by ${overflow} px`);
          for (const line of await axeViolations(page, ['target-size']))
            problems.push(`${route.path} ${line}`);
          if (SHOTS) {
            await page.screenshot({
              path: path.join(
                SHOTS,
                `${visitor.replace(' ', '-')}${route.path.replace(/\W+/g, '_')}-360.png`,
              ),
              fullPage: true,
            });
          }
        }
        expect(problems).toEqual([]);
      },
      WALK_TIMEOUT,
    );
  }
});
