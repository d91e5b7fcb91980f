import { defineConfig } from 'vitest/config';

// Every workspace's suites in one run; each project keeps its own environment and setup.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'e2e'],
  },
});
