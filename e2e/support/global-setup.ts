import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { chromiumAvailable, chromiumPath, isCI } from './services';

declare module 'vitest' {
  export interface ProvidedContext {
    browserAvailable: boolean;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

export default function setup(project: TestProject): void {
  const hasBrowser = chromiumAvailable();
  if (!hasBrowser && isCI) throw new Error(`CI=true but Chromium is missing at ${chromiumPath}`);
  if (!hasBrowser) console.warn(`\n[browser] no Chromium at ${chromiumPath}: browser suites are SKIPPED.\n`);
  for (const built of ['apps/server/dist/main.js', 'apps/web/dist/index.html']) {
    if (hasBrowser && !fs.existsSync(path.join(root, built))) {
      throw new Error(`${built} is missing: run \`npm run build\` (npm test does it for you)`);
    }
  }
  project.provide('browserAvailable', hasBrowser);
}
