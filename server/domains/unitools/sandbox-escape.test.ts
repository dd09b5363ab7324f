// Sandbox escape attempts (spec 2.9; docs/behaviour.md "Unitools"), each run as a Unitool through
// the real app's test-run over a real port: every one is contained with a clear error or a harmless
// result, and the server still answers /healthz afterwards.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

/**
 * How many host processes carry `marker` in their command line. The tool's code is the shell's
 * argument, so every fork of it carries the marker, whatever uid it runs as and wherever it was
 * reparented; other tests' sandboxes running at the same time (also uid nobody) do not.
 */
async function processesWith(marker: string): Promise<number> {
  let count = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^[0-9]+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes(marker)) count++;
  }
  return count;
}

describe('Unitool sandbox escapes', () => {
  let t: TestApp;
  let base: string;
  let n = 0;
  const H = () => ({ authorization: `Bearer ${t.demo.api_key}`, 'content-type': 'application/json' });
  const api = async (method: string, path: string, body?: object) => {
    const res = await fetch(`${base}/v1/projects/${t.demo.project_id}/unitools${path}`, { method, headers: H(), ...(body ? { body: JSON.stringify(body) } : {}) });
    return { status: res.status, json: await res.json() };
  };
  /** Creates a tool with `code` and test-runs it with `args`. */
  async function attempt(language: 'python' | 'shell', code: string, extra: object = {}, args: object = {}) {
    const created = await api('POST', '', { name: `escape_${++n}`, description: 'escape attempt', code, language, timeout_ms: 3000, ...extra });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const run = await api('POST', `/${created.json.id}/test-run`, { arguments: args });
    expect(run.status, JSON.stringify(run.json)).toBe(200);
    return run.json;
  }
  const healthy = async () => expect((await fetch(`${base}/healthz`)).status).toBe(200);

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.listen();
  });
  afterAll(() => t.close());

  it('has no network: a connect to a port the test listens on never arrives', async () => {
    let connections = 0;
    const server: Server = createServer((s) => {
      connections++;
      s.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const r = await attempt('python', `import socket\nsocket.create_connection(("127.0.0.1", ${port}), timeout=2)\nprint("connected")`);
      expect(r).toMatchObject({ ok: false, error: { code: 'exit_status' } });
      expect(r.error.message).toMatch(/Connection refused|Network is unreachable/);
      const shell = await attempt('shell', `exec 3<>/dev/tcp/127.0.0.1/${port} && echo connected`);
      expect(shell.ok).toBe(false);
      expect(connections).toBe(0);
    } finally {
      server.close();
    }
    await healthy();
  });

  it('cannot read DATA_DIR, the master key or /etc/shadow', async () => {
    const dataFiles = (await readdir(t.dataDir, { recursive: true, withFileTypes: true })).filter((d) => d.isFile()).map((d) => join(d.parentPath, d.name));
    const masterKey = join(t.dataDir, 'master.key');
    expect(dataFiles).toContain(masterKey);
    const dataFile = dataFiles.find((f) => f.endsWith('.json'))!;
    for (const path of [dataFile, masterKey, '/etc/shadow']) {
      const r = await attempt('shell', `cat ${JSON.stringify(path)}`);
      expect(r, path).toMatchObject({ ok: false, error: { code: 'exit_status' } });
      expect(r.error.message).toContain('No such file or directory');
    }
    // Nor through the environment: the code sees PATH, HOME, LANG, PWD (bwrap's) and its own secrets only.
    const env = await attempt('python', 'import os, json; print(json.dumps(sorted(os.environ)))', { secrets: { MY_SECRET: 'x' } });
    expect(env.result).toEqual(['HOME', 'LANG', 'MY_SECRET', 'PATH', 'PWD']);
    const who = await attempt('shell', 'id -u; ls /');
    expect(String(who.result).split('\n')[0]).toBe('65534');
    await healthy();
  });

  it('cannot write outside /tmp, and /tmp is its own', async () => {
    const marker = `parley-escape-${process.pid}-${Date.now()}`;
    const targets = ['/usr/lib', '/', process.cwd(), t.dataDir];
    const r = await attempt('shell', `${targets.map((d) => `touch ${JSON.stringify(join(d, marker))} 2>&1`).join('; ')}; touch /tmp/${marker} && echo tmp-ok`);
    expect(String(r.result)).toMatch(/Read-only file system|No such file or directory/);
    expect(String(r.result)).toContain('tmp-ok');
    for (const d of [...targets, '/tmp']) expect(existsSync(join(d, marker)), d).toBe(false);
    await healthy();
  });

  it('a fork bomb meets the process limit and the timeout', async () => {
    const counted = await attempt(
      'python',
      `import json, os, time
n = 0
try:
    for i in range(500):
        if os.fork() == 0:
            time.sleep(2)
            os._exit(0)
        n += 1
    print(json.dumps({"forked": n}))
except OSError as e:
    print(json.dumps({"forked": n, "error": e.strerror}))`,
    );
    expect(counted.ok).toBe(true);
    expect(counted.result.forked).toBeLessThan(40);
    expect(counted.result.error).toMatch(/Resource temporarily unavailable/);
    const marker = `fork-bomb-${process.pid}-${Date.now()}`;
    const bomb = await attempt('shell', `bomb() { bomb | bomb & }; bomb; sleep 30 # ${marker}`, { timeout_ms: 1500 });
    expect(bomb).toMatchObject({ ok: false, error: { code: 'timeout' } });
    // Nothing of it outlives the run: the pid namespace went with it.
    await vi.waitFor(async () => expect(await processesWith(marker)).toBe(0), { timeout: 10_000, interval: 100 });
    await healthy();
  });

  it("a memory hog fails at the tool's own memory limit, and a tool given more gets more", async () => {
    // 64 MiB fit under the default 128 but not under the tool's 64 (the interpreter needs some
    // too): a sandbox that ignored the tool's memory_mb would let this one through.
    const r = await attempt('python', 'x = bytearray(64 * 1024 * 1024)\nprint("allocated")', { memory_mb: 64 });
    expect(r).toMatchObject({ ok: false, error: { code: 'exit_status' } });
    expect(r.error.message).toContain('MemoryError');
    // …and 160 MiB fail under the default 128 but fit under the tool's 256.
    const more = await attempt('python', 'x = bytearray(160 * 1024 * 1024)\nprint("allocated")', { memory_mb: 256 });
    expect(more).toMatchObject({ ok: true, result: 'allocated' });
    await healthy();
  });

  it('/dev is read-only and /dev/shm is a small scratch of its own', async () => {
    // Each file stays under the 8 MiB file-size limit; together they are more than /dev/shm's 4 MiB.
    const r = await attempt('shell', `for i in 1 2 3; do head -c 3000000 /dev/zero 2>/tmp/err > /dev/shm/f$i || { echo "shm-full $i"; cat /tmp/err; }; done
touch /dev/x 2>&1 || echo dev-refused
echo ok > /dev/null && echo null-ok
df -k /dev/shm | tail -1`);
    expect(r.ok, JSON.stringify(r)).toBe(true);
    const out = String(r.result);
    expect(out).not.toContain('shm-full 1');
    expect(out).toContain('shm-full 2');
    expect(out).toContain('No space left on device');
    expect(out).toMatch(/Read-only file system/);
    expect(out).toContain('dev-refused');
    expect(out).toContain('null-ok');
    expect(Number(out.trim().split('\n').at(-1)!.split(/\s+/)[1])).toBe(4096);
    await healthy();
  });

  it('an endless loop is stopped at its timeout', async () => {
    const r = await attempt('python', 'while True:\n    pass', { timeout_ms: 1000 });
    expect(r).toMatchObject({ ok: false, error: { code: 'timeout' }, exit: { signal: 'SIGKILL' } });
    await healthy();
  });

  it('a flood of output is cut at 64 KiB and stopped', async () => {
    const r = await attempt('shell', 'yes "flood flood flood"');
    expect(r).toMatchObject({ ok: false, error: { code: 'output_limit' }, stdout_truncated: true });
    const stderr = await attempt('shell', 'yes "flood" >&2');
    expect(stderr).toMatchObject({ ok: false, error: { code: 'output_limit' } });
    await healthy();
  });

  it("sees none of the descriptors the server inherited from its launcher", async () => {
    // A child server whose fd 3 is a file the test opened, inherited as a supervisor would pass it.
    const inherited = openSync(join(t.dataDir, 'master.key'), 'r');
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'inherited-fd.fixture.ts')], { stdio: ['ignore', 'pipe', 'inherit', inherited] });
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => (out += chunk));
      await new Promise((resolve) => child.on('close', resolve));
      const r = JSON.parse(out);
      expect(r.ok, out).toBe(true);
      const fds = String(r.result).split('\n').map((line) => line.split(' ')[0]);
      expect(fds, String(r.result)).toEqual(['0', '1', '2']);
    } finally {
      closeSync(inherited);
    }
  });

  it('cannot signal the server process', async () => {
    const r = await attempt('shell', `kill -9 ${process.pid} 2>&1; echo "kill=$?"; kill -9 -1 2>&1; echo done`);
    expect(r.ok).toBe(true);
    expect(String(r.result)).toMatch(/No such process/);
    expect(String(r.result)).toContain('kill=1');
    expect(() => process.kill(process.pid, 0)).not.toThrow();
    await healthy();
  });
});
