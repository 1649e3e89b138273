import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Files that drive the app in Chromium through the harness. They share their worker process (no
 * isolation): one Chromium per worker (test/harness/launch.ts) and the app's core and sandbox modules
 * loaded once, instead of a browser start and a fresh import of both for every file.
 */
const IN_CHROMIUM = ['test/e2e/**/*.test.ts', 'test/harness/**/*.test.ts', 'test/security/csp-chromium.test.ts'];

/**
 * Node-side files that replace modules or globals (vi.mock and kin) and then import code with import-time
 * effects (the preload exposes its bridge once): each needs a fresh module graph, so they keep a process
 * per file. Found by reading the files, so a new one cannot slip into the shared process.
 */
const MOCKS_MODULES = /\bvi\.(mock|doMock|unmock|resetModules|stubGlobal|stubEnv)\(/;
const testFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? testFiles(join(dir, e.name)) : e.name.endsWith('.test.ts') ? [join(dir, e.name)] : []));
const NEEDS_OWN_PROCESS = testFiles('test').filter((f) => MOCKS_MODULES.test(readFileSync(f, 'utf8')));

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A condition polled for is waited on as long as a busy 2-core machine needs; a passing one returns at once.
    expect: { poll: { timeout: 10_000 } },
    // electron-store imports `electron` itself: run through Vite, so a test's vi.mock('electron') reaches it.
    server: { deps: { inline: ['electron-store'] } },
    pool: 'forks',
    // Three workers on two cores: an end-to-end file waits on its page about as often as it computes, so with
    // two side by side a core still idled a third of the time (vitest's default on two cores is one).
    maxWorkers: 3,
    projects: [
      // No fresh process per file: a fork and its imports per file cost more CPU than the tests (161 s against
      // 71 s for this project); the files pass sharing one process in any order (checked with shuffled files).
      { extends: true, test: { name: 'node', include: ['test/**/*.test.ts'], exclude: [...IN_CHROMIUM, ...NEEDS_OWN_PROCESS], isolate: false } },
      { extends: true, test: { name: 'node-isolated', include: NEEDS_OWN_PROCESS, exclude: IN_CHROMIUM } },
      // A journey through the app on a machine busier than this one (three files at once, the typecheck and lint
      // beside them) can take twice its quiet time: an upper bound, not a wait.
      { extends: true, test: { name: 'chromium', include: IN_CHROMIUM, isolate: false, testTimeout: 60_000 } },
    ],
  },
});
