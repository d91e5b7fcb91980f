import './happy-dom-shims';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { closeFlashes } from '../src/components/flash';
import { pb } from '../src/lib/pocketbase';
import { installFakeApi } from './fake-api';
import { installFakeRealtime, resetRealtime } from './fake-realtime';

// Lazy screens compile on first use; on a 2-core machine shared with other suites (CI) that has taken
// more than 3 s. A wait is for a condition: its bound only says when to give up, so it may be generous,
// within the test's own 15 s (vitest.config.ts).
configure({ asyncUtilTimeout: 10_000 });

// No test reaches a real server: every request goes to the fake API, which answers 404 unless told otherwise.
beforeEach(() => {
  installFakeApi();
  installFakeRealtime();
});

afterEach(async () => {
  cleanup();
  await resetRealtime();
  pb.authStore.clear();
  closeFlashes();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
