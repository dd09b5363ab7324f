// migrate-to-postgres end to end: a real server's data directory moved into a real PostgreSQL and
// served from there by a real server on DATABASE_URL; a run killed with SIGKILL mid-copy and run
// again ends equal, without duplicates; a database holding other data is refused; an unreachable
// database and a held data directory are said in one line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from '../testing/server-process.js';
import { startPostgres, type TestPostgres } from '../store/postgres/testing/pg-server.js';
import { COLLECTION_NAMES, openStore, type Collections, type ParleyStore } from '../store/index.js';
import type { Collection, StoredDoc } from '../store/types.js';
import { collectionSum } from './migrate-to-postgres-hash.js';
import { entryArgs } from '../testing/entry-points.js';

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
  const child = spawn(process.execPath, [...entryArgs('server/cli/main.ts'), 'migrate-to-postgres', ...args], {
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

const coll = (s: ParleyStore, name: string) => s.collection(name as keyof Collections) as unknown as Collection<StoredDoc>;

/** Count and checksum of every collection, read by this test from both stores (the server is stopped). */
async function sums(dir: string, url: string) {
  const lowdb = await openStore(dir);
  const postgres = await openStore('', url);
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

/**
 * A data directory written through the embedded store itself: `count` conversations of five messages
 * over four projects, enough that a copy into PostgreSQL takes seconds and can be killed midway.
 */
async function fillDataDir(dir: string, count: number): Promise<void> {
  const store = await openStore(dir);
  try {
    const conversations = coll(store, 'conversations');
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < count; i++) {
      const project = `project-${i % 4}`;
      const id = `conv-${String(i).padStart(6, '0')}`;
      const messages = Array.from({ length: 5 }, (_, m) => ({ id: `${id}-m${m}`, role: m % 2 ? 'assistant' : 'user', content: `${m}: ${AWKWARD}`, created_at: new Date(i * 1000 + m).toISOString() }));
      writes.push(conversations.put(project, { id, project_id: project, status: 'open', messages, attributes: { n: i, nested: { z: 1, a: [null, true] } } } as StoredDoc));
    }
    writes.push(coll(store, 'organizations').put('global', { id: 'org-1', name: 'Acme 🏭' } as StoredDoc));
    await Promise.all(writes);
  } finally {
    await store.close();
  }
}

async function countIn(url: string, name: string): Promise<number> {
  const store = await openStore('', url);
  try {
    return (await collectionSum(coll(store, name))).documents;
  } finally {
    await store.close();
  }
}

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
  }, 420_000);

  it('resumes after a SIGKILL mid-copy and ends equal, skipping what was already copied', async () => {
    const dir = await tempDir();
    const url = await pg.createDatabase();
    const total = 2500; // enough that the kill at the first progress line (1,000) lands mid-copy
    await fillDataDir(dir, total);

    const first = spawnCli(['--data-dir', dir, '--database-url', url]);
    await new Promise<void>((resolve, reject) => {
      first.child.stdout.on('data', () => /conversations: \d+ of \d+/.test(first.out()) && resolve());
      first.done.then(() => reject(new Error(`finished before it could be killed:\n${first.out()}`)));
    });
    first.child.kill('SIGKILL');
    expect((await first.done).signal).toBe('SIGKILL');
    const copied = await countIn(url, 'conversations');
    expect(copied).toBeGreaterThanOrEqual(1000);
    expect(copied).toBeLessThan(total);

    const started = performance.now();
    const second = await migrate(dir, url);
    const ms = performance.now() - started;
    expect(second.err).toBe('');
    expect(second.code).toBe(0);
    const resumed = Number(/resuming: (\d+) documents/.exec(second.out)![1]);
    expect(resumed).toBeGreaterThanOrEqual(copied); // the organization may have been copied too
    expect(second.out).toContain(`conversations: ${total - copied} copied, ${copied} already there`);
    expect(second.out).toMatch(new RegExp(`^conversations +${total} +ok$`, 'm'));
    console.log(`resumed after SIGKILL at ${copied}/${total} conversations: copied the rest in ${Math.round(ms)} ms, process start included`);

    const both = await sums(dir, url);
    for (const [name, s] of Object.entries(both)) expect(s.postgres, name).toEqual(s.embedded);

    // Once more: nothing left to copy, nothing duplicated.
    const third = await migrate(dir, url);
    expect(third.code).toBe(0);
    expect(third.out).toContain(`conversations: 0 copied, ${total} already there`);
    expect(await countIn(url, 'conversations')).toBe(total);
  }, 300_000);

  it('refuses a database holding other Parley data in one line, and --force replaces it', async () => {
    const dir = await tempDir();
    await fillDataDir(dir, 1200);
    const url = await pg.createDatabase();
    const other = await openStore('', url);
    await coll(other, 'organizations').put('global', { id: 'org-1', name: 'Another company' } as StoredDoc);
    await coll(other, 'projects').put('org-9', { id: 'project-9', name: 'Not in DATA_DIR' } as StoredDoc);
    await other.close();

    const refused = await migrate(dir, url);
    expect(refused.code).toBe(1);
    expect(refused.err.trim().split('\n')).toHaveLength(1);
    expect(refused.err).toMatch(/already holds other Parley data \(2 documents .*--force/);
    expect(await countIn(url, 'conversations')).toBe(0);

    const started = performance.now();
    const forced = await migrate(dir, url, '--force');
    const ms = performance.now() - started;
    expect(forced.err).toBe('');
    expect(forced.code).toBe(0);
    expect(forced.out).toContain('projects: 0 copied, 0 already there, 1 removed');
    console.log(`migrated ${1201} documents into a fresh database in ${Math.round(ms)} ms, process start included`);
    const both = await sums(dir, url);
    for (const [name, s] of Object.entries(both)) expect(s.postgres, name).toEqual(s.embedded);
  }, 300_000);

  it('fails naming the collection when the database does not end equal to DATA_DIR', async () => {
    const dir = await tempDir();
    await fillDataDir(dir, 1500);
    const url = await pg.createDatabase();
    const run = spawnCli(['--data-dir', dir, '--database-url', url]);
    await new Promise<void>((resolve, reject) => {
      run.child.stdout.on('data', () => /conversations: \d+ of \d+/.test(run.out()) && resolve());
      run.done.then(() => reject(new Error(`finished before the other writer wrote:\n${run.out()}`)));
    });
    // Another writer on the database while the copy runs (past the check for existing data).
    const other = await openStore('', url);
    await coll(other, 'labels').put('project-1', { id: 'label-1', name: 'written meanwhile' } as StoredDoc);
    await other.close();
    const { code, out, err } = await run.done;
    expect(code).toBe(1);
    expect(out).toMatch(/^labels +0≠1 +MISMATCH$/m);
    expect(out).toMatch(/^conversations +1500 +ok$/m);
    expect(err.trim()).toMatch(/^Error: verification failed for labels: /);
  }, 300_000);

  it('says in one line that the database cannot be reached, without its password', async () => {
    const dir = await tempDir();
    await fillDataDir(dir, 1);
    const run = await migrate(dir, 'postgresql://parley:s3cret@localhost/parley?host=/nonexistent-socket-dir');
    expect(run.code).toBe(1);
    expect(run.err.trim().split('\n')).toHaveLength(1);
    expect(run.err).toMatch(/cannot use the PostgreSQL database at postgresql:\/\/parley:\*\*\*@localhost\/parley/);
    expect(run.err).not.toContain('s3cret');

    const missing = await migrate(join(dir, 'nope'), await pg.createDatabase());
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/nope does not exist: nothing to migrate/);
    // A mistyped path to some other directory is not turned into an empty data directory.
    const elsewhere = await tempDir();
    const notData = await migrate(elsewhere, await pg.createDatabase());
    expect(notData.code).toBe(1);
    expect(notData.err).toMatch(/is not a Parley data directory/);
    expect(await readdir(elsewhere)).toEqual([]);
  }, 180_000);
});
