// migrate-to-postgres end to end: a real server's data directory moved into a real PostgreSQL and
// served from there by a real server on DATABASE_URL; a run killed with SIGKILL mid-copy and run
// again ends equal, without duplicates; a database holding other data is refused; an unreachable
// database and a held data directory are said in one line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from '../testing/server-process.js';
import { startPostgres, type TestPostgres } from '../store/postgres/testing/pg-server.js';
import { COLLECTION_NAMES, type Collections } from '../store/index.js';
import { COLLECTION_OPTIONS } from '../store/collections.js';
import { openLowdbStore } from '../store/lowdb/lowdb-store.js';
import { openPostgresStore } from '../store/postgres/pg-store.js';
import type { Collection, Store, StoredDoc } from '../store/types.js';
import { collectionSum } from './migrate-to-postgres-hash.js';

let pg: TestPostgres;
const dirs: string[] = [];
const servers: ReturnType<typeof startServerProcess>[] = [];
beforeAll(async () => {
  pg = await startPostgres();
});
afterAll(async () => {
  for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
  await Promise.all(servers.map((s) => s.exited));
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  await pg?.stop();
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'parley-migrate-'));
  dirs.push(dir);
  return dir;
}

function spawnCli(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/main.ts', 'migrate-to-postgres', ...args], {
    env: { ...process.env, BASE_URL: '', DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (err += c));
  const done = new Promise<{ code: number | null; signal: string | null; out: string; err: string }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, out, err })),
  );
  return { child, done, out: () => out };
}

const migrate = (dir: string, url: string, ...more: string[]) => spawnCli(['--data-dir', dir, '--database-url', url, ...more]).done;

type AnyStore = Store<Collections>;
const coll = (s: AnyStore, name: string) => s.collection(name as keyof Collections) as unknown as Collection<StoredDoc>;

/** Count and checksum of every collection, read by this test from both stores (the server is stopped). */
async function sums(dir: string, url: string) {
  const lowdb = await openLowdbStore<Collections>({ dir, options: COLLECTION_OPTIONS }, COLLECTION_NAMES);
  const postgres = await openPostgresStore<Collections>({ url, options: COLLECTION_OPTIONS }, COLLECTION_NAMES);
  try {
    const out: Record<string, { embedded: unknown; postgres: unknown }> = {};
    for (const name of COLLECTION_NAMES) out[name] = { embedded: await collectionSum(coll(lowdb, name)), postgres: await collectionSum(coll(postgres, name)) };
    return out;
  } finally {
    await lowdb.close();
    await postgres.close();
  }
}

/** Text a store must keep exactly: non-BMP emoji, combining marks, RTL, NUL and a lone surrogate. */
const AWKWARD = 'Grüße 👋🏽 é\u0301 עברית \u0000 nul, lone \ud800 surrogate, 中文';

describe('migrate-to-postgres', () => {
  it("moves a real server's data into PostgreSQL, where a server on DATABASE_URL serves it unchanged", async () => {
    const dir = await tempDir();
    const url = await pg.createDatabase();
    const embedded = startServerProcess({ DATA_DIR: dir });
    servers.push(embedded);
    const base = await embedded.ready;
    const key = /API key\s+(\S+)/.exec(embedded.output())![1]!;
    const project = /project id\s+(\S+)/.exec(embedded.output())![1]!;
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${base}/v1/projects/${project}${path}`, { ...init, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } });

    const user = await api('/users', { method: 'POST', body: JSON.stringify({ first_name: 'Zoë 🦊', email: 'zoe@example.com', external_id: 'crm-7' }) });
    expect(user.status).toBe(201);
    const created = await api('/conversations', { method: 'POST', body: JSON.stringify({ user_id: 'crm-7', message: AWKWARD }) });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    for (const content of ['second 🚀', `third ${AWKWARD}`]) {
      expect((await api(`/conversations/${id}/messages`, { method: 'POST', body: JSON.stringify({ type: 'comment', content }) })).status).toBe(201);
    }
    const reads = async (get: typeof api) => {
      const sources = (await (await get('/sources')).json()) as { data: { id: string }[] };
      return {
        conversation: await (await get(`/conversations/${id}`)).json(),
        users: await (await get('/users')).json(),
        sources,
        chunks: await (await get(`/sources/${sources.data[0]!.id}/chunks`)).json(),
      };
    };
    const before = await reads(api);
    const messages = (before.conversation as { messages: { content: string }[] }).messages;
    expect(messages.map((m) => m.content)).toEqual([AWKWARD, 'second 🚀', `third ${AWKWARD}`]);
    expect(before.sources.data.length).toBeGreaterThan(0);
    expect((before.chunks as { data: unknown[] }).data.length).toBeGreaterThan(0);

    // The running server holds the directory: the CLI says so and copies nothing.
    const held = await migrate(dir, url);
    expect(held.code).toBe(1);
    expect(held.err.trim()).toMatch(new RegExp(`in use by process ${embedded.child.pid} .*stop the server first`));
    expect(held.err.trim().split('\n')).toHaveLength(1);

    embedded.child.kill('SIGTERM');
    expect(await embedded.exited).toBe(0);

    const started = performance.now();
    const run = await migrate(dir, url);
    const ms = performance.now() - started;
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^conversations +1 +ok$/m);
    expect(run.out).toMatch(/^chunk_sets +\d+ +ok$/m);
    expect(run.out).not.toContain('MISMATCH');
    const verified = /verified: (\d+) documents/.exec(run.out);
    expect(verified).not.toBeNull();
    console.log(`migrated the demo data dir (${verified![1]} documents) in ${Math.round(ms)} ms, process start included`);

    const both = await sums(dir, url);
    for (const [name, s] of Object.entries(both)) expect(s.postgres, name).toEqual(s.embedded);

    const onPostgres = startServerProcess({ DATA_DIR: dir, DATABASE_URL: url });
    servers.push(onPostgres);
    const pgBase = await onPostgres.ready;
    expect(onPostgres.output()).toContain('documents in PostgreSQL');
    expect(onPostgres.output()).not.toContain('Demo data created');
    const after = await reads((path, init = {}) =>
      fetch(`${pgBase}/v1/projects/${project}${path}`, { ...init, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } }),
    );
    expect(after).toEqual(before);
    onPostgres.child.kill('SIGTERM');
    expect(await onPostgres.exited).toBe(0);
  }, 240_000);
});
