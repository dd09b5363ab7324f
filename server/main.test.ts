// The real entry point as a newcomer runs it: starts, seeds once, prints URLs, stops cleanly.
import { describe, expect, it } from 'vitest';
import { mkdtemp, readFile, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from './testing/server-process.js';

const start = startServerProcess;

describe('server/main.ts', () => {
  it('seeds the demo on first start only, prints URLs, and stops on SIGTERM', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'parley-main-'));
    const first = start({ DATA_DIR: dir });
    const base = await first.ready;
    expect((await (await fetch(`${base}/healthz`)).json()).status).toBe('ok');
    expect(first.output()).toMatch(/API key\s+sk_test_/);
    expect(first.output()).toMatch(/Demo page\s+http:\/\/127\.0\.0\.1:\d+\/examples\//);
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

  it('refuses an invalid variable with a message naming it', async () => {
    const run = start({ DATA_DIR: await mkdtemp(join(tmpdir(), 'parley-main-')), PARLEY_ENV: 'staging' });
    expect(await run.exited).toBe(2);
    expect(run.output()).toMatch(/PARLEY_ENV/);
  }, 30_000);

  it('refuses to start over a corrupt data file and names it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'parley-main-'));
    await mkdir(join(dir, 'projects', 'org'), { recursive: true });
    await writeFile(join(dir, 'projects', 'org', 'p.json'), '{"v":1,');
    const run = start({ DATA_DIR: dir });
    expect(await run.exited).toBe(3);
    expect(run.output()).toContain(join(dir, 'projects', 'org', 'p.json'));
  }, 30_000);
});
