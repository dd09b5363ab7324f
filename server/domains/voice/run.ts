// Child processes for ffmpeg and pocketsphinx: argument arrays only (never a shell), a hard timeout,
// bounded output, and a small concurrency gate because decoding and recognition are CPU-bound.
import { spawn } from 'node:child_process';
import { access, constants } from 'node:fs/promises';

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

const MAX_OUTPUT = 256 * 1024;

export function run(cmd: string, args: string[], options: { timeoutMs: number; stdin?: Buffer }): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.stdout.on('data', (d: Buffer) => {
      if (stdout.length < MAX_OUTPUT) stdout += d.toString('utf8');
    });
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < MAX_OUTPUT) stderr += d.toString('utf8');
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve({ code: null, stdout, stderr: stderr + String(err), timedOut });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, timedOut });
    });
    // A child that exits before reading all of stdin raises EPIPE; the exit code tells the story.
    child.stdin.on('error', () => {});
    child.stdin.end(options.stdin ?? undefined);
  });
}

const found = new Map<string, Promise<string | null>>();

/** Absolute path of an executable on PATH (cached), or null when the OS package is missing. */
export function which(cmd: string): Promise<string | null> {
  let p = found.get(cmd);
  if (!p) {
    p = (async () => {
      for (const dir of (process.env.PATH ?? '/usr/bin:/bin').split(':')) {
        const full = `${dir || '.'}/${cmd}`;
        try {
          await access(full, constants.X_OK);
          return full;
        } catch {
          /* next */
        }
      }
      return null;
    })();
    found.set(cmd, p);
  }
  return p;
}

/** At most `limit` tasks at a time; the rest wait in order. */
export function createGate(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function gated<T>(task: () => Promise<T>): Promise<T> {
    if (active >= limit) await new Promise<void>((r) => waiting.push(r));
    active += 1;
    try {
      return await task();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}
