import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { onTestFailed } from 'vitest';
import { chromiumPath } from './services';

/** Flags for a headless Chromium on a machine with no outside network and no GPU, running as root. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

const screenshotDir = path.resolve(import.meta.dirname, '../../test-results/screenshots');

export interface BrowserSession {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<BrowserSession> {
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-chromium-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 },
  });
  return {
    context,
    async close() {
      await context.close();
      fs.rmSync(profileDir, { recursive: true, force: true });
    },
  };
}

/** Call inside a test: when the test fails, a full-page screenshot lands in test-results/screenshots. */
export function screenshotOnFailure(page: Page, name: string): void {
  onTestFailed(async () => {
    fs.mkdirSync(screenshotDir, { recursive: true });
    const file = path.join(screenshotDir, `${name.replace(/[^\w-]+/g, '_')}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    console.error(`screenshot of the failed page: ${file}`);
  });
}

/** Saves a full-page screenshot under test-results/screenshots, for looking at a screen as a member would. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name.replace(/[^\w-]+/g, '_')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
