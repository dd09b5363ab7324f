// The real entry point as a newcomer runs it: starts, seeds once, prints URLs, stops cleanly and
// leaves every acknowledged write on disk.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from './testing/server-process.js';
import { openStore } from './store/index.js';

// Every process a test starts is killed afterwards, also when an assertion failed half-way.
const started: ReturnType<typeof startServerProcess>[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const run of started.splice(0)) {
    if (run.child.exitCode === null && run.child.signalCode === null) {
      run.child.kill('SIGKILL');
      await run.exited;
    }
  }
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

function start(env: Record<string, string>) {
  const run = startServerProcess(env);
  started.push(run);
  return run;
}

async function dataDir() {
  const dir = await mkdtemp(join(tmpdir(), 'parley-main-'));
  dirs.push(dir);
  return dir;
}

describe('server/main.ts', () => {
  it('seeds the demo on first start only, prints URLs, and stops on SIGTERM', async () => {
    const dir = await dataDir();
    const first = start({ DATA_DIR: dir });
    const base = await first.ready;
    expect((await (await fetch(`${base}/healthz`)).json()).status).toBe('ok');
    expect(first.output()).toMatch(/API key\s+sk_test_/);
    expect(first.output()).toMatch(/Demo page\s+http:\/\/127\.0\.0\.1:\d+\/examples\//);
    expect(first.output()).toMatch(/Team console\s+http:\/\/127\.0\.0\.1:\d+\/app/);
    const creds = JSON.parse(await readFile(join(dir, 'demo-credentials.json'), 'utf8'));
    expect(Object.keys(creds)).toEqual(expect.arrayContaining(['project_id', 'frame_id', 'api_key', 'email', 'password']));
    expect((await stat(join(dir, 'demo-credentials.json'))).mode & 0o777).toBe(0o600);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = start({ DATA_DIR: dir });
    await second.ready;
    expect(second.output()).not.toMatch(/API key/);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
    const again = JSON.parse(await readFile(join(dir, 'demo-credentials.json'), 'utf8'));
    expect(again.api_key).toBe(creds.api_key);
  }, 60_000);

  it('writes every acknowledged request to disk before exiting on SIGTERM', async () => {
    const dir = await dataDir();
    const run = start({ DATA_DIR: dir });
    const base = await run.ready;
    const creds = JSON.parse(await readFile(join(dir, 'demo-credentials.json'), 'utf8'));
    const headers = { authorization: `Bearer ${creds.api_key}`, 'content-type': 'application/json' };
    // Twenty writes in flight; SIGTERM goes out as soon as the first is answered, so the rest are
    // still being written while the server shuts down.
    let signalled = false;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${base}/v1/projects/${creds.project_id}/conversations`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ user_id: `shutdown-${i}`, message: `Written before shutdown #${i}` }),
        }).then(
          async (res) => {
            if (!signalled) {
              signalled = true;
              run.child.kill('SIGTERM');
            }
            return { status: res.status, body: res.status === 201 ? await res.json() : null };
          },
          () => ({ status: 0, body: null }), // refused once the server stopped accepting
        ),
      ),
    );
    expect(await run.exited, run.output()).toBe(0);
    const acked = results.filter((r) => r.status === 201).map((r) => r.body as { id: string; messages: { content: string }[] });
    expect(acked.length).toBeGreaterThan(0);

    const store = await openStore(dir);
    try {
      const stored = new Map((await store.collection('conversations').list(creds.project_id)).map((c) => [c.id, c]));
      for (const c of acked) {
        expect(stored.get(c.id)?.messages.map((m) => m.content), c.id).toEqual([c.messages[0]!.content]);
      }
    } finally {
      await store.close();
    }
  }, 60_000);

  it('refuses an invalid variable with a message naming it', async () => {
    const run = start({ DATA_DIR: await dataDir(), PARLEY_ENV: 'staging' });
    expect(await run.exited).toBe(2);
    expect(run.output()).toMatch(/PARLEY_ENV/);
  }, 30_000);

  it('refuses to start over a corrupt data file and names it', async () => {
    const dir = await dataDir();
    await mkdir(join(dir, 'projects', 'org'), { recursive: true });
    await writeFile(join(dir, 'projects', 'org', 'p.json'), '{"v":1,');
    const run = start({ DATA_DIR: dir });
    expect(await run.exited).toBe(3);
    expect(run.output()).toContain(join(dir, 'projects', 'org', 'p.json'));
  }, 30_000);
});
