// The real entry point as a newcomer runs it: starts, seeds once, prints URLs, stops cleanly.
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    // Vitest sets BASE_URL=/ in process.env (Vite's base); the child must not inherit it.
    env: { ...process.env, BASE_URL: '', LOG_LEVEL: 'warn', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /Health\s+(\S+)/.exec(out);
      if (m) {
        clearInterval(timer);
        resolve(m[1]);
      }
    }, 50);
    exited.then(() => {
      clearInterval(timer);
      reject(new Error(`exited early:\n${out}`));
    });
  });
  ready.catch(() => {}); // tests that expect an early exit never await it
  return { child, ready, exited, output: () => out };
}

describe('server/main.ts', () => {
  it('seeds the demo on first start only, prints URLs, and stops on SIGTERM', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'parley-main-'));
    const first = start({ DATA_DIR: dir });
    const health = await first.ready;
    expect((await (await fetch(health)).json()).status).toBe('ok');
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
