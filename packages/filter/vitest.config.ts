import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'filter', include: ['test/**/*.test.ts'] } });
