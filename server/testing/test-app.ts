// Test helper: the real app over a real lowdb store in a fresh temp dir, with the demo seeded.
// Tests drive it with inject() or listen on port 0 for real HTTP and WebSockets (docs/architecture.md section 9).
// A test file that calls useTestDatabase (postgres-suite.ts) gets every app on a fresh PostgreSQL
// database instead, so an existing suite runs unchanged against the PostgreSQL store.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../app.js';
import { testConfig, type Config } from '../config.js';
import { seedDemo, type DemoCredentials } from '../demo/seed.js';

export interface TestApp {
  app: FastifyInstance;
  demo: DemoCredentials;
  dataDir: string;
  config: Config;
  /** Listens on 127.0.0.1:0 and returns the base URL (http://127.0.0.1:PORT). */
  listen(): Promise<string>;
  close(): Promise<void>;
}

let testDatabase: (() => Promise<string>) | null = null;

/** From now on in this test file, each app gets the database URL `create` returns (null: lowdb again). */
export function useTestDatabase(create: (() => Promise<string>) | null): void {
  testDatabase = create;
}

export async function createTestApp(overrides: Partial<Config> = {}, options: BuildOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'parley-test-'));
  const databaseUrl = testDatabase && !options.store ? await testDatabase() : null;
  const config = testConfig(dataDir, { allowPrivateFetch: true, databaseUrl, ...overrides });
  const app = await buildApp(config, options);
  const { credentials } = await seedDemo(app.ctx);
  let closed = false;
  return {
    app,
    demo: credentials!,
    dataDir,
    config,
    async listen() {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      return `http://127.0.0.1:${address.port}`;
    },
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
