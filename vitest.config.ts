import { defineConfig } from 'vitest/config';

/**
 * Files that drive the app in Chromium through the harness. They share their worker process (no
 * isolation): one Chromium per worker (test/harness/launch.ts) and the app's core and sandbox modules
 * loaded once, instead of a browser start and a fresh import of both for every file.
 */
const IN_CHROMIUM = ['test/e2e/**/*.test.ts', 'test/harness/**/*.test.ts', 'test/security/csp-chromium.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A condition polled for is waited on as long as a busy 2-core machine needs; a passing one returns at once.
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    projects: [
      { extends: true, test: { name: 'node', include: ['test/**/*.test.ts'], exclude: IN_CHROMIUM } },
      { extends: true, test: { name: 'chromium', include: IN_CHROMIUM, isolate: false } },
    ],
  },
});
