// Logs for a person at a terminal are short pretty lines without per-request noise; anything else
// gets pino's JSON. Checked in-process through the formatter and on the real entry point under a
// pseudo-terminal (util-linux `script`).
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app.js';
import { testConfig, type Config } from '../config.js';
import { jsonLogging, loggingFor, terminalLogging } from './logging.js';

async function logsOf(level: Config['logLevel'], make: (out: PassThrough) => Parameters<typeof buildApp>[1]) {
  const dir = await mkdtemp(join(tmpdir(), 'parley-logs-'));
  const out = new PassThrough();
  let text = '';
  out.on('data', (c) => (text += c));
  const app = await buildApp(testConfig(dir, { logLevel: level }), make(out));
  try {
    await app.inject({ method: 'GET', url: '/healthz' });
    app.log.info('something happened');
  } finally {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  }
  return text;
}

describe('logging', () => {
  it('chooses pretty logs for a terminal and JSON otherwise', () => {
    expect(loggingFor(false)).toBe(jsonLogging);
    expect(loggingFor(undefined)).toBe(jsonLogging);
    expect(loggingFor(true).requestLevel).toBe('debug');
    expect(loggingFor(true).stream).toBeDefined();
  });

  it('a terminal sees pretty lines, and request lines only at LOG_LEVEL=debug', async () => {
    const info = await logsOf('info', (out) => ({ logging: terminalLogging(out, false) }));
    expect(info).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: something happened$/m);
    expect(info).not.toContain('{"level"');
    expect(info).not.toContain('/healthz');
    const debug = await logsOf('debug', (out) => ({ logging: terminalLogging(out, false) }));
    expect(debug).toMatch(/DEBUG: GET \/healthz → 200 in \d+ ms/);
  });

  it('JSON logs keep one line per request at info', async () => {
    const json = await logsOf('info', (out) => ({ logging: { ...jsonLogging, stream: out } }));
    const lines = json.trim().split('\n').map((l) => JSON.parse(l));
    const request = lines.filter((l) => l.msg === 'request completed');
    expect(request).toHaveLength(1);
    expect(request[0]).toMatchObject({ level: 30, req: { method: 'GET', url: '/healthz' }, res: { statusCode: 200 } });
    expect(lines.some((l) => l.msg === 'incoming request')).toBe(false);
  });

  it('the real server on a pseudo-terminal prints pretty lines, not JSON', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'parley-tty-'));
    // `exec`: the server itself is the terminal's foreground process, so Ctrl-C reaches only it; with a
    // shell in between, a plain sh (CI's $SHELL) dies of the SIGINT too and `script` reports 130.
    const child = spawn('script', ['-qefc', `exec ${process.execPath} --import tsx server/main.ts`, '/dev/null'], {
      env: { ...process.env, SHELL: '/bin/sh', BASE_URL: '', CHAT_URL: '', CDN_URL: '', PORT: '0', LOG_LEVEL: 'info', DATA_DIR: dir, SEED_DEMO: 'false' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const base = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', () => {
          const m = /Health\s+(\S+)\/healthz/.exec(out);
          if (m) resolve(m[1]!);
        });
        void exited.then(() => reject(new Error(`exited early:\n${out}`)));
      });
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      child.stdin.write('\x03'); // Ctrl-C on the terminal: SIGINT to the server
      expect(await exited).toBe(0);
      expect(out).toMatch(/INFO.*Server listening at http:\/\/127\.0\.0\.1:\d+/);
      expect(out).toMatch(/INFO.*shutting down/);
      expect(out).not.toContain('{"level"');
      expect(out).not.toContain('/healthz →'); // request lines are debug on a terminal
    } finally {
      child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
