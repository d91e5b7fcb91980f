import { defineConfig } from 'vitest/config';

// Every workspace's suites in one run; each project keeps its own environment and setup.
// Two files at a time, one per core: the browser suite takes one file at a time (e2e/vitest.config.ts)
// while the server, web and filter suites share the other slot, so the long browser walks and the
// many small suites overlap instead of queueing (Vitest's default on two cores is one file at a time).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'e2e'],
    maxWorkers: 2,
  },
});
