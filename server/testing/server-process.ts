// Runs the real entry point (server/main.ts) as a child process, as a newcomer's `npm start` does,
// and resolves `ready` with the base URL it prints once it is listening and seeded.
import { spawn } from 'node:child_process';
import { entryArgs } from './entry-points.js';

export function startServerProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, [...entryArgs('server/main.ts')], {
    // Vitest sets BASE_URL=/ in process.env (Vite's base); the child must derive its own.
    env: { ...process.env, BASE_URL: '', CHAT_URL: '', CDN_URL: '', LOG_LEVEL: 'warn', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const m = /Health\s+(\S+)\/healthz/.exec(out);
      if (m) resolve(m[1]!);
    });
    exited.then(() => reject(new Error(`exited early:\n${out}`)));
  });
  ready.catch(() => {}); // tests that expect an early exit never await it
  return { child, ready, exited, output: () => out };
}
