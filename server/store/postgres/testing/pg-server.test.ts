// The test PostgreSQL leaves nothing behind: not after stop(), and not when the test process dies
// without reaching stop() (the parent-death signal, pg-server.ts).
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { isRunning, startPostgres } from './pg-server.js';

const fixture = fileURLToPath(new URL('./pg-server.fixture.ts', import.meta.url));

describe('test PostgreSQL', () => {
  it('serves a fresh database per call and is gone, directory included, after stop', async () => {
    const server = await startPostgres();
    const url = await server.createDatabase();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ fsync: string; listen: string }>(
      "SELECT current_setting('fsync') AS fsync, current_setting('listen_addresses') AS listen",
    );
    await client.end();
    expect(rows).toEqual([{ fsync: 'on', listen: '' }]);
    expect(await server.createDatabase()).not.toBe(url);
    const dir = new URL(url).searchParams.get('host')!;
    await server.stop();
    expect(isRunning(server.pid)).toBe(false);
    expect(existsSync(dir)).toBe(false);
  });

  it('stops with the test process that started it, even when that is killed', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', fixture], { stdio: ['ignore', 'pipe', 'inherit'] });
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
        if (out.includes('\n')) resolve(out);
      });
      child.on('exit', () => reject(new Error('the fixture exited before its server started')));
    });
    const { pid, dir } = JSON.parse(line) as { pid: number; dir: string };
    expect(isRunning(pid)).toBe(true);
    child.kill('SIGKILL');
    await expect.poll(() => isRunning(pid)).toBe(false);
    // Its directory stays until a later start sweeps it (an hour on); this test removes its own.
    await rm(dir, { recursive: true, force: true });
  });
});
