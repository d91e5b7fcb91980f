import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 20_000,
    // The AWS SDK warns once per process that its 2027 releases will need Node 22; that is known
    // (docs/operations.md) and would only bury the test output.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    hookTimeout: 30_000,
  },
});
