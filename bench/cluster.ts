// bench:cluster — N real server processes (server/main.ts) on one throwaway PostgreSQL database, as
// docs/scaling.md describes: the same DATABASE_URL and PARLEY_MASTER_KEY, the demo seeded by the first
// only, each its own DATA_DIR. Widget visitors (bench/widget-visitors.ts, real WebSockets, each from
// its own loopback address) are spread over the instances; each message waits for its ack (after the
// durable commit) and for the stored AI answer (offline answerer) before the next. Measures messages/s,
// ack and answer p99, CPU per message of each server process and of PostgreSQL (from /proc), database
// growth per message and connections in use. Then the same with one instance, for comparison.
// Prints figures only; it does not pass or fail. The machine's load average is printed with them.
// INSTANCES (default 2), VISITORS (default 120), MESSAGES (default 3), COMPARE (default 1: also run
// INSTANCES=1 first; 0 skips it).
// Last line: instances=… msgs_per_s=… ack_p99_ms=… answer_p99_ms=… app_cpu_ms_per_msg=… pg_cpu_ms_per_msg=… db_bytes_per_msg=… pg_connections=…
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startServerProcess } from '../server/testing/server-process.js';
import { startPostgres, type TestPostgres } from '../server/store/postgres/testing/pg-server.js';

const INSTANCES = Number(process.env.INSTANCES ?? 2);
const VISITORS = Number(process.env.VISITORS ?? 120);
const MESSAGES = Number(process.env.MESSAGES ?? 3);
const COMPARE = process.env.COMPARE !== '0' && INSTANCES !== 1;
/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const TICK_MS = 10;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

/** utime+stime of a process in ms, plus its reaped children's (cutime+cstime) when asked. */
function cpuMs(pid: number, children = false): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // After "pid (comm) ": state is field 3, so utime (14) … cstime (17) sit at index 11 … 14.
    const own = Number(fields[11]) + Number(fields[12]);
    return (children ? own + Number(fields[13]) + Number(fields[14]) : own) * TICK_MS;
  } catch {
    return 0; // gone
  }
}

/** PostgreSQL's CPU: the postmaster (with its exited backends) and every live backend. */
function postgresCpuMs(postmaster: number): Map<number, number> {
  const times = new Map([[postmaster, cpuMs(postmaster, true)]]);
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.split(') ')[1]!.split(' ')[1]) === postmaster) times.set(Number(name), cpuMs(Number(name)));
    } catch {
      // exited while listed
    }
  }
  return times;
}
/** CPU spent between two postgresCpuMs snapshots (a backend that exited between them is in the postmaster's children). */
function postgresDelta(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

function ask<T = any>(child: ChildProcess, msg: object): Promise<T> {
  return new Promise((resolve, reject) => {
    child.once('message', (reply: any) => (reply.error ? reject(new Error(reply.error)) : resolve(reply)));
    child.send(msg);
  });
}

type Chat = { welcome: number[]; firstAck: number[]; acks: number[]; answers: number[]; seconds: number; cpuMs: number };

async function run(pgServer: TestPostgres, instances: number, visitors: ChildProcess) {
  const url = await pgServer.createDatabase();
  const env = { DATABASE_URL: url, PARLEY_MASTER_KEY: randomBytes(32).toString('base64'), LOG_LEVEL: 'warn', OPENAI_BASE_URL: '', OPENAI_API_KEY: '' };
  const dirs: string[] = [];
  const servers: ReturnType<typeof startServerProcess>[] = [];
  const db = new pg.Client({ connectionString: url });
  try {
    const start = async (seed: boolean) => {
      const dir = await mkdtemp(join(tmpdir(), 'parley-bench-cluster-'));
      dirs.push(dir);
      const server = startServerProcess({ ...env, DATA_DIR: dir, SEED_DEMO: String(seed) });
      servers.push(server);
      return server.ready;
    };
    // The first seeds the demo; the others start once it is there (docs/scaling.md: one seeder).
    const bases = [await start(true)];
    const frameId = /frame id\s+(\S+)/.exec(servers[0]!.output())![1]!;
    bases.push(...(await Promise.all(Array.from({ length: instances - 1 }, () => start(false)))));
    await db.connect();
    const size = async () => Number((await db.query<{ n: string }>('SELECT pg_database_size(current_database()) AS n')).rows[0]!.n);
    // The instances' connections: this bench's own one is left out.
    const connections = async () => Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')).rows[0]!.n);

    // A few conversations on every instance first (lazy module loads, JIT, pools opening).
    await ask(visitors, { cmd: 'chat', bases, frame_id: frameId, visitors: 2 * instances, messages: MESSAGES, spread_ips: true });
    const size0 = await size();
    const app0 = servers.map((s) => cpuMs(s.child.pid!));
    const pg0 = postgresCpuMs(pgServer.pid);
    let peakConnections = await connections();
    const sampler = setInterval(() => void connections().then((n) => (peakConnections = Math.max(peakConnections, n)), () => {}), 250);
    const load = loadavg()[0]!;
    const chat = (await ask(visitors, { cmd: 'chat', bases, frame_id: frameId, visitors: VISITORS, messages: MESSAGES, spread_ips: true })).result as Chat;
    clearInterval(sampler);
    const appMs = servers.map((s, i) => cpuMs(s.child.pid!) - app0[i]!);
    const pgMs = postgresDelta(pg0, postgresCpuMs(pgServer.pid));
    const size1 = await size();
    const sent = VISITORS * MESSAGES;
    return {
      instances,
      sent,
      chat,
      load,
      msgsPerS: sent / chat.seconds,
      appPerMsg: appMs.map((ms) => ms / sent),
      pgPerMsg: pgMs / sent,
      bytesPerMsg: (size1 - size0) / sent,
      peakConnections,
      connectionsAfter: await connections(),
    };
  } finally {
    await db.end().catch(() => {});
    for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }
}

function report(r: Awaited<ReturnType<typeof run>>) {
  const { chat } = r;
  const ms = (n: number) => n.toFixed(1);
  const sum = r.appPerMsg.reduce((a, b) => a + b, 0);
  console.log(`${r.instances} instance(s): ${VISITORS} visitors × ${MESSAGES} messages over real WebSockets, one PostgreSQL (fsync and synchronous_commit on), offline answerer; load average ${r.load.toFixed(2)} on ${availableParallelism()} cores`);
  console.log(`  hello → welcome p50/p99        ${ms(percentile(chat.welcome, 50))} / ${ms(percentile(chat.welcome, 99))} ms`);
  console.log(`  first message → ack p50/p99    ${ms(percentile(chat.firstAck, 50))} / ${ms(percentile(chat.firstAck, 99))} ms`);
  console.log(`  follow-up → ack p50/p99        ${ms(percentile(chat.acks, 50))} / ${ms(percentile(chat.acks, 99))} ms`);
  console.log(`  send → stored answer p50/p99   ${ms(percentile(chat.answers, 50))} / ${ms(percentile(chat.answers, 99))} ms`);
  console.log(`  messages per second (each with its answer): ${r.msgsPerS.toFixed(1)} (${r.sent} in ${chat.seconds.toFixed(2)} s)`);
  console.log(`  CPU per message: app ${sum.toFixed(2)} ms (per instance ${r.appPerMsg.map((x) => x.toFixed(2)).join(', ')}), PostgreSQL ${r.pgPerMsg.toFixed(2)} ms, visitors' process ${(chat.cpuMs / r.sent).toFixed(2)} ms`);
  console.log(`  database growth: ${r.bytesPerMsg.toFixed(0)} bytes per message (with its answer); connections to the database: ${r.peakConnections} at peak, ${r.connectionsAfter} after`);
  return `instances=${r.instances} msgs_per_s=${r.msgsPerS.toFixed(1)} ack_p99_ms=${ms(percentile(chat.acks, 99))} first_ack_p99_ms=${ms(percentile(chat.firstAck, 99))} answer_p99_ms=${ms(percentile(chat.answers, 99))} app_cpu_ms_per_msg=${sum.toFixed(2)} pg_cpu_ms_per_msg=${r.pgPerMsg.toFixed(2)} db_bytes_per_msg=${r.bytesPerMsg.toFixed(0)} pg_connections=${r.peakConnections} load_avg=${r.load.toFixed(2)}`;
}

const pgServer = await startPostgres();
const visitors = fork(fileURLToPath(new URL('./widget-visitors.ts', import.meta.url)), { execArgv: ['--import', 'tsx'] });
try {
  await new Promise((resolve) => visitors.once('message', resolve));
  const lines: string[] = [];
  if (COMPARE) lines.push(report(await run(pgServer, 1, visitors)));
  lines.push(report(await run(pgServer, INSTANCES, visitors)));
  for (const line of lines) console.log(line);
} finally {
  visitors.kill();
  await pgServer.stop();
}
