import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{server,shared,widget,tests,examples,bench}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // 2 cores: browser and crash tests are heavy, so keep parallelism modest.
    maxWorkers: 2,
  },
});
