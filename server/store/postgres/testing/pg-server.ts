// A throwaway PostgreSQL for one test file (docs/architecture.md section 9: real services, no mocks).
// A cluster in a temp dir (a copy of a template initdb made once), the postmaster listening only on a
// unix socket in that dir (no TCP port, so no port to race for and nothing reachable from outside),
// fsync on so every COMMIT a test awaits is really flushed, and one fresh database per test.
// stop() removes everything.
//
// PostgreSQL refuses to run as root and tests run as root in CI, so as root the server runs as the
// `nobody` user. It is started through setpriv with a parent-death signal: if the test process dies
// without reaching stop() (a crash, a kill, a hook that timed out), the kernel kills the postmaster
// and its backends notice and exit, so no PostgreSQL outlives its test file.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import pg from 'pg';

export interface TestPostgres {
  /** Creates an empty database and returns its URL (what DATABASE_URL would hold). */
  createDatabase(): Promise<string>;
  /** Milliseconds from the start of the call to the first accepted connection. */
  readonly startMs: number;
  /** Documents stored so far in all databases created (wrappers check a suite really used them). */
  countDocuments(): Promise<number>;
  /** The postmaster's process id (tests check it is gone after stop). */
  readonly pid: number;
  stop(): Promise<void>;
}

const USER = 'parley';
const PREFIX = 'parley-pg-';
/** Part of the template cluster's name: raise it when the initdb options change. */
const TEMPLATE_VERSION = 1;

/** The newest installed PostgreSQL's bin directory (Debian: /usr/lib/postgresql/<major>/bin). */
export function postgresBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))) : [];
  majors.sort((a, b) => Number(b) - Number(a));
  if (majors.length === 0) throw new Error('PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): run scripts/system-deps.sh');
  return join(root, majors[0]!, 'bin');
}

/** The command prefix that runs a server program as a non-root user and ties it to this process. */
function runAs(): { prefix: string[]; uid?: number; gid?: number } {
  const root = process.getuid?.() === 0;
  const ids = root ? { uid: Number(execFileSync('id', ['-u', 'nobody']).toString()), gid: Number(execFileSync('id', ['-g', 'nobody']).toString()) } : {};
  const prefix = ['setpriv'];
  if (root) prefix.push(`--reuid=${ids.uid}`, `--regid=${ids.gid}`, '--clear-groups');
  return { prefix, ...ids };
}

export async function startPostgres(): Promise<TestPostgres> {
  const started = performance.now();
  const bin = postgresBinDir();
  const as = runAs();
  await removeAbandoned();
  const dir = await mkdtemp(join(tmpdir(), PREFIX));
  await chmod(dir, 0o700);
  if (as.uid !== undefined) await chown(dir, as.uid, as.gid!);
  const data = join(dir, 'data');
  let child: ChildProcess | undefined;
  const killNow = () => child?.kill('SIGKILL');
  try {
    execFileSync('cp', ['-a', await clusterTemplate(bin, as), data]);
    const settings = {
      listen_addresses: '',
      unix_socket_directories: dir,
      fsync: 'on',
      synchronous_commit: 'on',
      max_connections: '100',
      shared_buffers: '16MB',
      logging_collector: 'off',
    };
    const args = [...as.prefix.slice(1), '--pdeathsig', 'KILL', join(bin, 'postgres'), '-D', data];
    for (const [name, value] of Object.entries(settings)) args.push('-c', `${name}=${value}`);
    const server = (child = spawn(as.prefix[0]!, args, { stdio: ['ignore', 'ignore', 'pipe'] }));
    const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
    process.once('exit', killNow);
    const log: string[] = [];
    server.stderr!.setEncoding('utf8').on('data', (chunk: string) => log.push(chunk));
    const url = (database: string) => `postgresql://${USER}@localhost/${database}?host=${encodeURIComponent(dir)}`;
    const admin = await connectWhenReady(url('postgres'), server, log);
    const startMs = Math.round(performance.now() - started);
    let count = 0;
    return {
      startMs,
      pid: server.pid!,
      async createDatabase() {
        const name = `t_${++count}`;
        await admin.query(`CREATE DATABASE ${name}`);
        return url(name);
      },
      async countDocuments() {
        let total = 0;
        for (let n = 1; n <= count; n++) {
          const client = new pg.Client({ connectionString: url(`t_${n}`) });
          await client.connect();
          const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM parley_documents`).catch(() => ({ rows: [{ n: '0' }] }));
          await client.end();
          total += Number(rows[0]!.n);
        }
        return total;
      },
      async stop() {
        await admin.end().catch(() => {});
        // Immediate shutdown: no checkpoint for a cluster about to be deleted.
        if (server.exitCode === null && server.signalCode === null) server.kill('SIGQUIT');
        const timer = setTimeout(() => server.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
        process.off('exit', killNow);
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    killNow();
    process.off('exit', killNow);
    await rm(dir, { recursive: true, force: true });
    const initLog = (err as { stderr?: Buffer }).stderr?.toString();
    throw new Error(`the test PostgreSQL did not start: ${(err as Error).message}${initLog ? `\n${initLog}` : ''}`);
  }
}

/**
 * initdb takes most of a start (about 0.7 s of 1), so it runs once per machine into a template
 * cluster that every start copies (about 0.1 s). Built in a temp dir and renamed into place, so a
 * start that races another, or dies half way, never leaves a half-made template to be copied.
 */
async function clusterTemplate(bin: string, as: ReturnType<typeof runAs>): Promise<string> {
  const cache = join(tmpdir(), `parley-pgtemplate-${TEMPLATE_VERSION}-${basename(dirname(bin))}-${as.uid ?? process.getuid?.() ?? 0}`);
  if (existsSync(join(cache, 'complete'))) return join(cache, 'data');
  const work = await mkdtemp(join(tmpdir(), 'parley-pgtemplate-tmp-'));
  try {
    if (as.uid !== undefined) await chown(work, as.uid, as.gid!);
    // --no-sync only skips initdb's own flush of files that are copied and thrown away; the server
    // itself runs with fsync on.
    execFileSync(as.prefix[0]!, [...as.prefix.slice(1), join(bin, 'initdb'), '-D', join(work, 'data'), '-U', USER, '-A', 'trust', '--no-locale', '-E', 'UTF8', '--no-sync'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    await writeFile(join(work, 'complete'), '');
    await rename(work, cache).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err; // another start made it first
    });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return join(cache, 'data');
}

/** Connects as soon as the server accepts connections; fails with its log if it exits first. */
async function connectWhenReady(url: string, child: ChildProcess, log: string[]): Promise<pg.Client> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`postgres exited: ${log.join('').slice(-2000)}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      client.on('error', () => {}); // the server going away at stop()
      return client;
    } catch (err) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw new Error(`postgres not ready after 30 s: ${(err as Error).message}\n${log.join('').slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
  }
}

/**
 * The parent-death signal stops the server of a test process that died, but its temp dir stays:
 * remove such dirs (an hour old, no live postmaster) so killed runs do not fill the disk.
 */
async function removeAbandoned(): Promise<void> {
  const names = await readdir(tmpdir()).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.startsWith(PREFIX))) {
    const dir = join(tmpdir(), name);
    const info = await stat(dir).catch(() => null);
    if (!info || Date.now() - info.mtimeMs < 3600_000) continue;
    let pid = 0;
    try {
      pid = Number(readFileSync(join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    } catch {
      // no pid file: initdb never finished, or the server stopped
    }
    if (!pid || !isRunning(pid)) await rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}

/** Whether a process is still running (used by the harness's own test). */
export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/\) [ZX] /.test(stat); // a zombie has exited
  } catch {
    return false;
  }
}
