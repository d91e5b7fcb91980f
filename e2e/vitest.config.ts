import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One browser and one server per file; files run one at a time on a 2-core machine.
    fileParallelism: false,
  },
});
