/**
 * Who's Online in Chromium against the built server (issue 19, acceptance 3): member B appears in member
 * A's list within the refresh window; after B's idle timeout (shortened in B's browser by the test setting
 * `window.__PRESENCE_TIMINGS__`) B disappears; member C, whose "appear online" is off, never appears.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AppPage } from './pages/app-page';
import { SecretLoginPage } from './pages/secret-login-page';
import { WhosOnlinePanel } from './pages/whos-online-panel';
import { launchBrowser, screenshotOnFailure, type BrowserSession } from './support/browser';
import { createMember, superuserClient, type Member } from './support/members';
import { startServer, type RunningServer } from './support/server';

const STEP_TIMEOUT = 90_000;
/** B's browser: a heartbeat every 2 s, idle after 6 s, its own list refreshed at most every 2 s. */
const SHORT = { heartbeatMs: 2000, idleMs: 6000, refreshMs: 2000 };
/**
 * A's browser keeps the real heartbeat and idle timeout but refreshes its list every 5 s, so the walk does
 * not wait out (and race) the minute-long refresh window on a loaded machine.
 */
const A_REFRESH = { refreshMs: 5000 };

describe.skipIf(!inject('browserAvailable'))("Who's Online", () => {
  let server: RunningServer;
  let browserA: BrowserSession;
  let browserB: BrowserSession;
  let pageA: Page;
  let pageB: Page;
  let a: Member;
  let b: Member;
  let c: Member;

  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: 'false' });
    const admin = await superuserClient(server);
    a = await createMember(admin, { username: 'anna_a', name: 'Anna Awake' });
    b = await createMember(admin, { username: 'ben_b', name: 'Ben Busy' });
    c = await createMember(admin, { username: 'cleo_c', name: 'Cleo Hidden' });
    await admin.collection('users').update(c.id, { settings: { theme: 'auto', appear_online: false } });
    [browserA, browserB] = await Promise.all([launchBrowser(), launchBrowser()]);
    await browserA.context.addInitScript((timings) => {
      (window as unknown as { __PRESENCE_TIMINGS__: unknown }).__PRESENCE_TIMINGS__ = timings;
    }, A_REFRESH);
    await browserB.context.addInitScript((timings) => {
      (window as unknown as { __PRESENCE_TIMINGS__: unknown }).__PRESENCE_TIMINGS__ = timings;
    }, SHORT);
    [pageA, pageB] = await Promise.all([browserA.context.newPage(), browserB.context.newPage()]);
  }, STEP_TIMEOUT);

  afterAll(async () => {
    await Promise.all([browserA?.close(), browserB?.close()]);
    await server?.stop();
  });

  it(
    'B appears in A’s list, then disappears after B’s idle timeout',
    async () => {
      screenshotOnFailure(pageA, 'presence-a');
      await new SecretLoginPage(pageA, server.url).signIn(a.username, a.password);
      const listA = new WhosOnlinePanel(pageA);
      await listA.member(a.name).waitFor();
      expect(await listA.member(b.name).count()).toBe(0);
      // Visitors see no list.
      expect(await new WhosOnlinePanel(pageB).panel.count()).toBe(0);

      await new SecretLoginPage(pageB, server.url).signIn(b.username, b.password);
      await listA.member(b.name).waitFor({ timeout: 30_000 });
      expect(await listA.member(b.name).locator('xpath=ancestor::li').getAttribute('class')).toBe(
        'presence-online',
      );
      await pageA.screenshot({ path: 'test-results/screenshots/whos-online-1280.png' });

      // B does not move the mouse: after 6 s B's browser says offline, and A's list drops B at its next
      // refresh (every 5 s in A's browser).
      await listA.member(b.name).waitFor({ state: 'detached', timeout: 45_000 });
    },
    2 * STEP_TIMEOUT,
  );

  it(
    'C, with "appear online" off, never appears',
    async () => {
      screenshotOnFailure(pageA, 'presence-c');
      await new AppPage(pageB, server.url).signOut();
      await new SecretLoginPage(pageB, server.url).signIn(c.username, c.password);
      await new WhosOnlinePanel(pageB).panel.waitFor();
      await pageB.mouse.move(10, 10);
      const listA = new WhosOnlinePanel(pageA);
      // Several of C's heartbeats and list refreshes pass; C is never listed.
      for (let i = 0; i < 6; i++) {
        await pageB.mouse.move(20 + i, 20);
        await new Promise((resolve) => setTimeout(resolve, 1000));
        expect(await listA.member(c.name).count()).toBe(0);
      }
      await pageA.reload();
      await listA.member(a.name).waitFor();
      expect(await listA.member(c.name).count()).toBe(0);
    },
    STEP_TIMEOUT,
  );
});
