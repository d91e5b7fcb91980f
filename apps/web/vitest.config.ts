import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['test/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    // Form tests type key by key through the whole app; when the full suite shares the 2-core machine with
    // the server and browser suites, a long form can take longer than the default 5 s to fill in.
    testTimeout: 15_000,
  },
});
