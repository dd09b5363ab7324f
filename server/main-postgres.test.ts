// The real entry point on DATABASE_URL (docs/architecture.md "PostgreSQL store"): two server
// processes on one database, each with its own DATA_DIR and the shared master key, serve one state;
// an unreachable database stops the start with one line that hides the password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from './testing/server-process.js';
import { startPostgres, type TestPostgres } from './store/postgres/testing/pg-server.js';

let pg: TestPostgres;
const runs: ReturnType<typeof startServerProcess>[] = [];
const dirs: string[] = [];
beforeAll(async () => {
  pg = await startPostgres();
});
afterAll(async () => {
  for (const run of runs) if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
  await Promise.all(runs.map((r) => r.exited));
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  await pg?.stop();
});

async function start(env: Record<string, string>) {
  const dir = await mkdtemp(join(tmpdir(), 'parley-main-pg-'));
  dirs.push(dir);
  const run = startServerProcess({ DATA_DIR: dir, ...env });
  runs.push(run);
  return run;
}

describe('server/main.ts on PostgreSQL', () => {
  it('serves one state from two processes on one database', async () => {
    const env = { DATABASE_URL: await pg.createDatabase(), PARLEY_MASTER_KEY: randomBytes(32).toString('base64') };
    const a = await start(env);
    const baseA = await a.ready;
    expect(a.output()).toContain('documents in PostgreSQL');
    const key = /API key\s+(\S+)/.exec(a.output())![1]!;
    const project = /project id\s+(\S+)/.exec(a.output())![1]!;
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const conversations = (base: string) => `${base}/v1/projects/${project}/conversations`;

    // The second process finds the demo organization in the database and seeds nothing.
    const b = await start(env);
    const baseB = await b.ready;
    expect(b.output()).not.toContain('Demo data created');

    const created = await fetch(conversations(baseA), { method: 'POST', headers, body: JSON.stringify({ user_id: 'crm-1', message: 'Where is my order?' }) });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    // The reply is generated and stored by the other process; the first one reads it.
    const generated = await fetch(`${conversations(baseB)}/${id}/generate`, { method: 'POST', headers: { authorization: headers.authorization } });
    expect(generated.status).toBeLessThan(300);
    const read = (await (await fetch(`${conversations(baseA)}/${id}`, { headers })).json()) as { messages: { role: string }[] };
    expect(read.messages.map((m) => m.role)).toEqual(['user', 'assistant']);

    a.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    expect(await b.exited).toBe(0);
  }, 120_000);

  it('stops with one line naming the database, without its password, when it cannot be reached', async () => {
    const run = await start({ DATABASE_URL: 'postgresql://parley:s3cret@localhost/parley?host=/nonexistent-socket-dir' });
    expect(await run.exited).toBe(3);
    expect(run.output()).toMatch(/cannot use the PostgreSQL database at postgresql:\/\/parley:\*\*\*@localhost\/parley/);
    expect(run.output()).not.toContain('s3cret');
  }, 60_000);
});
