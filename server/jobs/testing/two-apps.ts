// Two real apps in this process on one PostgreSQL database, as two instances behind a load balancer:
// each has its own store pool, signals and claims; the demo is seeded once, by the first.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { testConfig, type Config } from '../../config.js';
import { seedDemo, type DemoCredentials } from '../../demo/seed.js';

export interface TwoApps {
  a: FastifyInstance;
  b: FastifyInstance;
  demo: DemoCredentials;
  close(): Promise<void>;
}

export async function startTwoApps(databaseUrl: string, overrides: Partial<Config> = {}): Promise<TwoApps> {
  const dirs = await Promise.all([0, 1].map(() => mkdtemp(join(tmpdir(), 'parley-two-'))));
  const masterKey = Buffer.alloc(32, 7).toString('base64');
  const config = (dir: string) => testConfig(dir, { allowPrivateFetch: true, databaseUrl, masterKey, ...overrides });
  const a = await buildApp(config(dirs[0]!));
  const { credentials } = await seedDemo(a.ctx);
  const b = await buildApp(config(dirs[1]!));
  return {
    a,
    b,
    demo: credentials!,
    async close() {
      await Promise.all([a.close(), b.close()]);
      for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    },
  };
}
