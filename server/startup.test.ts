// Start-up as a newcomer or a deploy script meets it: /healthz says ok only once the demo is seeded
// (so demo-credentials.json is there and usable), requests sent while starting get a 503 and never
// crash the process, and GET / leads somewhere.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import net from 'node:net';
import WebSocket from 'ws';
import { buildApp } from './app.js';
import { testConfig } from './config.js';
import { seedDemo } from './demo/seed.js';
import { holdUntilReady } from './domains/health/readiness.js';
import { startServerProcess } from './testing/server-process.js';
import { createTestApp } from './testing/test-app.js';

const dirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'parley-startup-'));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** A port nothing listens on right now (the child binds it moments later, on 127.0.0.1 only). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('readiness', () => {
  it('answers 503 to everything until ready(), then serves', async () => {
    const dir = await tempDir();
    const app = await buildApp(testConfig(dir, { allowPrivateFetch: true }));
    try {
      const readiness = holdUntilReady(app);
      const health = await app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'starting' });
      expect(health.headers['retry-after']).toBe('1');

      const { credentials } = await seedDemo(app.ctx);
      const auth = { authorization: `Bearer ${credentials!.api_key}` };
      const providers = `/v1/projects/${credentials!.project_id}/data-providers`;
      const early = await app.inject({ method: 'GET', url: providers, headers: auth });
      expect(early.statusCode).toBe(503);
      expect(early.json().error).toBe('not_ready');

      // The widget's WebSocket upgrade is refused the same way, and the server stays up.
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as net.AddressInfo;
      const upgrade = await new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/v1/widget/ws`, { origin: `http://127.0.0.1:${port}` });
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('open', () => reject(new Error('upgraded while starting')));
        ws.on('error', reject);
      });
      expect(upgrade).toBe(503);

      readiness.ready();
      expect((await app.inject({ method: 'GET', url: '/healthz' })).json().status).toBe('ok');
      expect((await app.inject({ method: 'GET', url: providers, headers: auth })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('the real server: credentials are readable the moment /healthz is ok, and start-up requests never crash it', async () => {
    const dir = await tempDir();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const run = startServerProcess({ DATA_DIR: dir, PORT: String(port), LOG_LEVEL: 'info' });
    try {
      const during: number[] = [];
      // Poll as a deploy script would, and meanwhile do what a user might: delete the demo's
      // providers (which the seed is syncing), create a conversation, open the root page.
      for (;;) {
        const res = await fetch(`${base}/healthz`).catch(() => null);
        if (res?.status === 200) break;
        if (!res) await new Promise((resolve) => setTimeout(resolve, 50)); // not listening yet
        if (res) {
          expect(res.status).toBe(503);
          expect(await res.json()).toEqual({ status: 'starting' });
        }
        const creds = JSON.parse(await readFile(join(dir, 'demo-credentials.json'), 'utf8').catch(() => 'null'));
        if (res && creds) {
          const P = `${base}/v1/projects/${creds.project_id}`;
          const H = { authorization: `Bearer ${creds.api_key}`, 'content-type': 'application/json' };
          const list = await fetch(`${P}/data-providers`, { headers: H });
          during.push(list.status);
          if (list.status === 200) {
            for (const p of (await list.json()).data) during.push((await fetch(`${P}/data-providers/${p.id}`, { method: 'DELETE', headers: H })).status);
          }
          during.push((await fetch(`${P}/conversations`, { method: 'POST', headers: H, body: JSON.stringify({ user_id: 'early', message: 'hi' }) })).status);
          during.push((await fetch(`${base}/`, { redirect: 'manual' })).status);
        }
        expect(run.child.exitCode).toBeNull();
      }
      // Healthy: the credentials file is there and works at once, and the demo knowledge is in.
      const creds = JSON.parse(await readFile(join(dir, 'demo-credentials.json'), 'utf8'));
      const H = { authorization: `Bearer ${creds.api_key}` };
      const providers = await fetch(`${base}/v1/projects/${creds.project_id}/data-providers`, { headers: H });
      expect(providers.status).toBe(200);
      const sources = await fetch(`${base}/v1/projects/${creds.project_id}/sources?status=indexed&limit=100`, { headers: H });
      expect(sources.status).toBe(200);
      // Requests made while starting were turned away, not served half-seeded (or answered 5xx).
      for (const status of during) expect([503, 200, 201, 204, 302, 404]).toContain(status);
      await run.ready;
      expect(run.child.exitCode).toBeNull();
      // Not a terminal: logs stay JSON, one line per request at info.
      expect(run.output()).toMatch(/^\{"level":30,.*"msg":"request completed"/m);
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      expect(run.output()).not.toMatch(/\n\s+at /);
    } finally {
      run.child.kill('SIGKILL');
    }
  }, 120_000);
});

describe('GET /', () => {
  it('redirects to the examples when the demo is seeded, else to the API reference', async () => {
    const demo = await createTestApp();
    try {
      const res = await demo.app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/examples/');
    } finally {
      await demo.close();
    }
    const app = await buildApp(testConfig(await tempDir()));
    try {
      const res = await app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/v1/docs');
      expect((await app.inject({ method: 'GET', url: '/v1/docs' })).statusCode).toBeLessThan(400);
    } finally {
      await app.close();
    }
  });
});

describe('a busy port', () => {
  it('prints one line naming the port and exits 1', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const run = startServerProcess({ DATA_DIR: await tempDir(), PORT: String(port) });
      expect(await run.exited).toBe(1);
      const lines = run.output().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`Port ${port} is already in use`);
      expect(lines[0]).toContain('PORT=');
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  }, 60_000);
});
