import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{server,shared,widget,tests,examples,bench}/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Child processes of the tests start from bundles built once per run (server/testing/entry-points.ts).
    globalSetup: ['server/testing/bundle-entry-points.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // 2 cores: browser and crash tests are heavy, so keep parallelism modest.
    maxWorkers: 2,
    // expect.poll waits for a server round trip or a page's re-render; its default 1 s is a timing
    // assertion that fails when the machine is loaded (two suites' browsers on 2 cores). A poll that
    // succeeds returns at once, so a longer limit only slows a test that fails anyway.
    expect: { poll: { timeout: 10_000 } },
  },
});
