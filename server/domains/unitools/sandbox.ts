// Runs one Unitool's code in a bubblewrap sandbox (spec 2.9; docs/behaviour.md "Unitools").
// The code sees a read-only /usr (the interpreters and their libraries), a private tmpfs /tmp, its
// own /proc and a minimal /dev, and nothing else of the host: no DATA_DIR, no master key, no repo,
// no /etc/shadow. --unshare-all gives it empty network, pid, ipc, uts and user namespaces, so it
// cannot connect anywhere (not even to 127.0.0.1 of the host) nor see or signal a host process.
//
// Found on Debian 12 (bwrap 0.8, not setuid): bwrap started by root maps the sandbox uid to host
// root, which the kernel exempts from RLIMIT_NPROC, so a fork bomb would not be stopped. When the
// server runs as root, bwrap is therefore started as uid/gid 65534 (nobody) and builds an
// unprivileged user namespace; the sandbox is 65534 inside too. Run as another user, bwrap runs as
// that user and the process limit counts that user's processes.
//
// Limits: prlimit (util-linux) inside the sandbox sets CPU seconds, address space (memory_mb),
// processes, file size and open files; where the host allows, the run's own cgroup holds the whole
// run to memory_mb (run-cgroup.ts); a wall-clock timeout and a cap on stdout/stderr kill the
// whole process group (and --die-with-parent plus the pid namespace take everything inside with
// it). Arguments go in as JSON on stdin; the result is what the code prints on stdout. How many
// runs execute at once, and in which order, is run-queue.ts's business.
import { spawn } from 'node:child_process';
import { existsSync, lstatSync, readlinkSync } from 'node:fs';
import { createRunCgroup, type CgroupHost, type RunCgroup } from './run-cgroup.js';

/** What a tool may print before it is stopped (stdout; stderr is kept short for the error text). */
export const OUTPUT_CAP = 64 * 1024;
const STDERR_CAP = 64 * 1024;
const STDERR_KEEP = 1500;
const NOBODY = 65534;
/** Processes (and threads) of a run when its cgroup holds the run's memory as a whole. */
export const MAX_PROCESSES = 32;
/**
 * Without a cgroup each process may use memory_mb of address space, so a run's total is this many
 * times memory_mb: fewer processes keep that total honest and stated (docs/behaviour.md "Unitools").
 */
export const MAX_PROCESSES_WITHOUT_CGROUP = 8;
const MAX_OPEN_FILES = 64;
const MAX_FILE_BYTES = 8 * 1024 * 1024;
const TMP_BYTES = 16 * 1024 * 1024;
/** /dev/shm (POSIX shared memory, Python's multiprocessing locks): its own small tmpfs; the rest of /dev is read-only. */
const SHM_BYTES = 4 * 1024 * 1024;
/**
 * Started in place of bwrap: waits on fd 3 until the server has put it in the run's cgroup (so
 * nothing of the run starts outside it), then closes every descriptor but stdin, stdout and stderr
 * (those the server inherited from its launcher are not marked close-on-exec, and bwrap passes
 * whatever it is given into the sandbox), then becomes bwrap, without the SHLVL bash's exec adds.
 */
const LAUNCHER = 'read -r -u 3 go || exit 1; for fd in /proc/$$/fd/*; do [ -e "$fd" ] || continue; fd=${fd##*/}; [ "$fd" -gt 2 ] && exec {fd}>&-; done; exec /usr/bin/env -u SHLVL "$@"';

export type SandboxLanguage = 'python' | 'shell';

export interface SandboxRequest {
  language: SandboxLanguage;
  code: string;
  /** Written to stdin as JSON. */
  input: unknown;
  /** The only environment variables the code sees besides PATH, HOME and LANG (decrypted secrets). */
  env: Record<string, string>;
  timeoutMs: number;
  memoryMb: number;
  /** Where the run's cgroup is made; null: no cgroup, fewer processes (MAX_PROCESSES_WITHOUT_CGROUP). */
  cgroup: CgroupHost | null;
}

export type SandboxErrorCode = 'timeout' | 'output_limit' | 'cpu_limit' | 'memory_limit' | 'exit_status' | 'killed' | 'sandbox_unavailable';

export interface SandboxOutcome {
  ok: boolean;
  /** stdout parsed as JSON, else its text (trimmed); null when it printed nothing. */
  result?: unknown;
  error?: { code: SandboxErrorCode; message: string };
  stdout_truncated: boolean;
  duration_ms: number;
  exit: { code: number | null; signal: string | null };
}

const INTERPRETERS: Record<SandboxLanguage, (code: string) => string[]> = {
  // -I: ignore PYTHON* variables and the user site directory.
  python: (code) => ['/usr/bin/python3', '-I', '-c', code],
  shell: (code) => ['/bin/bash', '-c', code],
};

/** The top-level directories the interpreters need: symlinks (merged /usr) stay symlinks. */
function rootEntries(): string[] {
  const args: string[] = ['--ro-bind', '/usr', '/usr'];
  for (const dir of ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32']) {
    if (!existsSync(dir)) continue;
    const st = lstatSync(dir);
    if (st.isSymbolicLink()) args.push('--symlink', readlinkSync(dir), dir);
    else if (st.isDirectory()) args.push('--ro-bind', dir, dir);
  }
  // Only what the dynamic loader and Debian's alternatives need from /etc.
  for (const file of ['/etc/ld.so.cache', '/etc/alternatives', '/etc/localtime']) args.push('--ro-bind-try', file, file);
  return args;
}

let cachedRoot: string[] | null = null;

export function bwrapArgs(req: Pick<SandboxRequest, 'language' | 'code' | 'timeoutMs' | 'memoryMb' | 'cgroup'>): string[] {
  cachedRoot ??= rootEntries();
  const cpuSeconds = Math.ceil(req.timeoutMs / 1000) + 1;
  return [
    '--unshare-all',
    '--die-with-parent',
    '--new-session',
    ...cachedRoot,
    '--size', String(TMP_BYTES), '--tmpfs', '/tmp',
    '--proc', '/proc',
    // --dev is a tmpfs without a size (half the host's memory): /dev/shm gets a small one of its
    // own, and /dev itself is made read-only (the remount does not reach /dev/shm below it).
    '--dev', '/dev',
    '--size', String(SHM_BYTES), '--tmpfs', '/dev/shm',
    '--remount-ro', '/dev',
    '--uid', String(NOBODY), '--gid', String(NOBODY),
    '--hostname', 'unitool',
    '--remount-ro', '/',
    '--chdir', '/tmp',
    '/usr/bin/prlimit',
    `--cpu=${cpuSeconds}`,
    `--as=${req.memoryMb * 1024 * 1024}`,
    `--nproc=${req.cgroup ? MAX_PROCESSES : MAX_PROCESSES_WITHOUT_CGROUP}`,
    `--fsize=${MAX_FILE_BYTES}`,
    `--nofile=${MAX_OPEN_FILES}`,
    '--core=0',
    '--',
    ...INTERPRETERS[req.language](req.code),
  ];
}

/** Why the sandbox cannot run here, or null when bwrap, prlimit and the interpreter are present. */
export function sandboxMissing(language: SandboxLanguage): string | null {
  const needs = ['/usr/bin/bwrap', '/usr/bin/prlimit', '/bin/bash', ...(language === 'python' ? ['/usr/bin/python3'] : [])];
  const missing = needs.filter((p) => !existsSync(p));
  return missing.length ? `missing on the server: ${missing.join(', ')} (Debian packages bubblewrap, util-linux, python3, bash)` : null;
}

function parseResult(stdout: string): unknown {
  const text = stdout.trim();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function runInSandbox(req: SandboxRequest): Promise<SandboxOutcome> {
  const missing = sandboxMissing(req.language);
  if (missing) return Promise.resolve(unavailable(missing));
  return execute(req);
}

function unavailable(message: string): SandboxOutcome {
  return { ok: false, error: { code: 'sandbox_unavailable', message }, stdout_truncated: false, duration_ms: 0, exit: { code: null, signal: null } };
}

function execute(req: SandboxRequest): Promise<SandboxOutcome> {
  const started = performance.now();
  const asRoot = process.getuid?.() === 0;
  let cgroup: RunCgroup | null = null;
  try {
    if (req.cgroup) cgroup = createRunCgroup(req.cgroup, req.memoryMb * 1024 * 1024, MAX_PROCESSES);
  } catch (err) {
    return Promise.resolve(unavailable(`could not make the run's cgroup under ${req.cgroup!.parent}: ${(err as Error).message}`));
  }
  const child = spawn('/bin/bash', ['-c', LAUNCHER, 'unitool-launcher', '/usr/bin/bwrap', ...bwrapArgs(req)], {
    // bwrap passes its environment on: the secrets travel here, not in argv (which any local user can read).
    env: { PATH: '/usr/bin:/bin', HOME: '/tmp', LANG: 'C.UTF-8', ...req.env },
    cwd: '/',
    stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
    detached: true,
    ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
  });
  let setupError: string | null = null;
  const go = child.stdio[3] as NodeJS.WritableStream & { on(event: 'error', fn: () => void): void };
  go.on('error', () => {});
  if (child.pid) {
    try {
      cgroup?.enter(child.pid);
      go.end('go\n');
    } catch (err) {
      // Without its cgroup the run would have no memory limit for the whole: it does not start.
      setupError = `could not place the run in its cgroup ${cgroup?.path}: ${(err as Error).message}`;
      go.end();
    }
  }
  const stdout: Buffer[] = [];
  let stdoutBytes = 0;
  let stderr = '';
  let stderrBytes = 0;
  let stopped: 'timeout' | 'output_limit' | null = null;

  const stop = (why: 'timeout' | 'output_limit') => {
    stopped ??= why;
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  const timer = setTimeout(() => stop('timeout'), req.timeoutMs);

  child.stdout.on('data', (chunk: Buffer) => {
    const room = OUTPUT_CAP - stdoutBytes;
    if (room > 0) stdout.push(chunk.subarray(0, room));
    stdoutBytes += chunk.length;
    if (stdoutBytes > OUTPUT_CAP) stop('output_limit');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderrBytes += chunk.length;
    stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEEP);
    if (stderrBytes > STDERR_CAP) stop('output_limit');
  });
  // A tool that exits without reading its arguments closes the pipe: not an error of ours.
  child.stdin.on('error', () => {});
  child.stdin.end(JSON.stringify(req.input ?? {}));

  return new Promise((resolve) => {
    const finish = (code: number | null, signal: string | null, spawnError?: Error) => {
      clearTimeout(timer);
      const duration_ms = Math.round(performance.now() - started);
      const exit = { code, signal };
      const truncated = stdoutBytes > OUTPUT_CAP;
      const tail = stderr.trim().split('\n').slice(-5).join('\n');
      const fail = (c: SandboxErrorCode, message: string): SandboxOutcome => ({ ok: false, error: { code: c, message }, stdout_truncated: truncated, duration_ms, exit });
      const oomKilled = cgroup?.oomKilled() ?? false;
      cgroup?.remove();
      if (spawnError) return resolve(fail('sandbox_unavailable', `could not start bwrap: ${spawnError.message}`));
      if (setupError) return resolve(fail('sandbox_unavailable', setupError));
      if (stopped === 'timeout') return resolve(fail('timeout', `ran longer than its timeout of ${req.timeoutMs} ms and was stopped`));
      if (stopped === 'output_limit') return resolve(fail('output_limit', `printed more than ${OUTPUT_CAP / 1024} KiB and was stopped`));
      // The kernel stopped a process of the run at the run's memory limit (its cgroup): whatever
      // the code printed after that is not to be trusted as its answer.
      if (oomKilled && code !== 0) return resolve(fail('memory_limit', `used more than its memory limit of ${req.memoryMb} MiB (all its processes together) and was stopped`));
      // bwrap reports its own setup failures on stderr as "bwrap: …" with status 1.
      if (code === 1 && /^bwrap: /m.test(stderr)) return resolve(fail('sandbox_unavailable', `the sandbox could not start: ${tail}`));
      // Inside the pid namespace the tool's death by a signal comes back as status 128 + signal.
      if (code === 128 + 24 || code === 128 + 9) {
        if (code === 152) return resolve(fail('cpu_limit', `used more than its CPU time limit and was stopped`));
        return resolve(fail('killed', `was killed${tail ? `: ${tail}` : ''}`));
      }
      if (code !== 0) return resolve(fail(code === null ? 'killed' : 'exit_status', `exited with status ${code ?? signal}${tail ? `: ${tail}` : ''}`));
      resolve({ ok: true, result: parseResult(Buffer.concat(stdout).toString('utf8')), stdout_truncated: false, duration_ms, exit });
    };
    child.on('error', (err) => finish(null, null, err));
    child.on('close', (code, signal) => finish(code, signal));
  });
}
