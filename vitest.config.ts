import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{server,shared,widget,tests,examples,bench}/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Child processes of the tests start from bundles built once per run (server/testing/entry-points.ts).
    globalSetup: ['server/testing/bundle-entry-points.ts'],
    // A file that leaves a browser global behind fails (it would change what the next files see).
    setupFiles: ['server/testing/leftover-globals.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // 2 cores: browser and crash tests are heavy, so keep parallelism modest.
    maxWorkers: 2,
    // A worker runs its test files one after another in one module registry, instead of a fresh
    // process each: evaluating the server's module graph again for every file was about two thirds
    // of the suite's time (server/domains: 430 s isolated, 132 s shared). What a file changes
    // globally is undone per test: spies restored; fake timers, the environment and globals are
    // reset by the tests that set them. The PostgreSQL re-runs of a suite reset the registry
    // themselves (server/testing/postgres-suite.ts).
    isolate: false,
    restoreMocks: true,
    unstubEnvs: true,
    unstubGlobals: true,
    // expect.poll waits for a server round trip or a page's re-render; its default 1 s is a timing
    // assertion that fails when the machine is loaded (two suites' browsers on 2 cores). A poll that
    // succeeds returns at once, so a longer limit only slows a test that fails anyway.
    expect: { poll: { timeout: 10_000 } },
  },
});
