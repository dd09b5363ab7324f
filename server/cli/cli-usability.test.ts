// The admin CLI as a newcomer meets it: help in the usual places, repeated flags kept, an empty store
// said out loud, and a clear one-line refusal while a server holds the data directory.
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { startServerProcess } from '../testing/server-process.js';
import { entryArgs } from '../testing/entry-points.js';

/** Runs the CLI as `npm run parley` does (async, so a server child started by the test keeps running). */
function cli(dir: string, ...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [...entryArgs('server/cli/main.ts'), ...args], {
    env: { ...process.env, BASE_URL: '', DATA_DIR: dir, LOG_LEVEL: 'silent' },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (err += c));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out, err })));
}

const tempDir = () => mkdtemp(join(tmpdir(), 'parley-cli-'));

describe('admin CLI usability', () => {
  it('prints usage for help, --help and -h (exit 0), and for one command', async () => {
    const dir = await tempDir();
    for (const flag of ['help', '--help', '-h']) {
      const r = await cli(dir, flag);
      expect(r.code, flag).toBe(0);
      expect(r.out).toContain('Usage: npm run parley -- <command> [flags]');
      expect(r.out).toMatch(/create-project\s+Create a project/);
      expect(r.err).toBe('');
    }
    for (const args of [['create-project', '--help'], ['create-project', '-h'], ['help', 'create-project']]) {
      const r = await cli(dir, ...args);
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.out).toContain('Usage: npm run parley -- create-project [flags]');
      expect(r.out).not.toContain('create-org');
    }
    await rm(dir, { recursive: true, force: true });
  }, 180_000);

  it('says "no projects" on an empty store, keeps every --origin, and refuses a non-http(s) origin', async () => {
    const dir = await tempDir();
    const empty = await cli(dir, 'list-projects');
    expect(empty.code).toBe(0);
    expect(empty.out).toMatch(/^no projects/m);

    const org = await cli(dir, 'create-org', '--name', 'Acme');
    const orgId = /organization (\S+)/.exec(org.out)![1]!;
    const bad = await cli(dir, 'create-project', '--org', orgId, '--name', 'Evil', '--origin', 'https://ok.test', '--origin', 'javascript:alert(1)');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('--origin "javascript:alert(1)" is not an http(s) origin');
    expect((await cli(dir, 'list-projects')).out).toMatch(/^ {2}no projects$/m); // nothing half-created

    const made = await cli(
      dir,
      'create-project', '--org', orgId, '--name', 'Support',
      '--origin', 'https://www.acme.test', '--origin', 'https://shop.acme.test/cart', '--origin', 'http://localhost:5173,https://*.acme.test',
    );
    expect(made.code).toBe(0);
    const projectId = /^project (\S+)/m.exec(made.out)![1]!;
    const expected = ['https://www.acme.test', 'https://shop.acme.test', 'http://localhost:5173', 'https://*.acme.test'];
    expect(made.out).toContain(`allowed origins ${expected.join(' ')}`);

    // What was stored, read back through the app.
    const app = await buildApp(testConfig(dir));
    try {
      const [channel] = await app.ctx.services.projects.listChannels(projectId);
      expect(channel!.allowed_origins).toEqual(expected);
    } finally {
      await app.close();
    }
    await rm(dir, { recursive: true, force: true });
  }, 180_000);

  it('while the server runs, says in one line to stop it first, naming DATA_DIR', async () => {
    const dir = await tempDir();
    const server = startServerProcess({ DATA_DIR: dir, SEED_DEMO: 'false' });
    try {
      await server.ready;
      const r = await cli(dir, 'list-projects');
      expect(r.code).toBe(1);
      expect(r.err.trim().split('\n')).toHaveLength(1);
      expect(r.err).toContain('stop the server first');
      expect(r.err).toContain(dir);
      expect(r.err).toContain(String(server.child.pid));
      expect(r.err).not.toMatch(/\n\s+at /);
      expect(r.out).toBe('');
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      // Stopped: the same command works.
      expect((await cli(dir, 'list-projects')).code).toBe(0);
    } finally {
      server.child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
