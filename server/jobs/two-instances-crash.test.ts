// The kill -9 test (docs/architecture.md section 7): two real server processes on one PostgreSQL
// database serve API clients; one is killed with SIGKILL mid-load and mid-sync. Every message an
// instance acknowledged (2xx) is in the database afterwards, and the knowledge sync started on the
// killed instance is taken over and finished by the other once its claim lapses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from '../testing/server-process.js';
import { startPostgres, type TestPostgres } from '../store/postgres/testing/pg-server.js';
import { html, startSite, type TestSite } from '../domains/knowledge/testing/site.js';

const PAGES = 12;
let pg: TestPostgres;
let site: TestSite;
const runs: ReturnType<typeof startServerProcess>[] = [];
const dirs: string[] = [];
beforeAll(async () => {
  pg = await startPostgres();
  site = await startSite();
  const links = Array.from({ length: PAGES }, (_, i) => `<a href="/p/${i}">Page ${i}</a>`).join(' ');
  site.pages.set('/', html('Help centre', `<main><p>All our help pages.</p>${links}</main>`));
  for (let i = 0; i < PAGES; i++) site.pages.set(`/p/${i}`, html(`Page ${i}`, `<main><h2>Topic ${i}</h2><p>Everything about topic number ${i} and how it works.</p></main>`));
}, 60_000);
afterAll(async () => {
  for (const run of runs) if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
  await Promise.all(runs.map((r) => r.exited));
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  await site?.close();
  await pg?.stop();
});

async function start(env: Record<string, string>) {
  const dir = await mkdtemp(join(tmpdir(), 'parley-crash-'));
  dirs.push(dir);
  const run = startServerProcess({ DATA_DIR: dir, ...env });
  runs.push(run);
  return { run, base: await run.ready };
}

describe('two instances, one killed with SIGKILL', () => {
  it('keeps every acknowledged message and finishes the killed instance’s sync on the other', async () => {
    const env = {
      DATABASE_URL: await pg.createDatabase(),
      PARLEY_MASTER_KEY: randomBytes(32).toString('base64'),
      ALLOW_PRIVATE_FETCH: 'true',
      // A dead instance's claims lapse after 2 s instead of 30 s.
      JOB_LEASE_SECONDS: '2',
    };
    const a = await start(env);
    const key = /API key\s+(\S+)/.exec(a.run.output())![1]!;
    const project = /project id\s+(\S+)/.exec(a.run.output())![1]!;
    const b = await start(env);
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const api = (base: string, path: string, init: RequestInit = {}) => fetch(`${base}/v1/projects/${project}${path}`, { headers, ...init });

    // A sync on A, held mid-crawl by the site so the kill lands while it runs.
    const provider = (await (await api(a.base, '/data-providers', { method: 'POST', body: JSON.stringify({ type: 'web_crawler', name: 'Help', crawler: { start_urls: [`${site.url}/`] } }) })).json()) as { id: string };
    site.hold('/p/*');
    const started = await api(a.base, `/data-providers/${provider.id}/sync`, { method: 'POST' });
    expect(started.status).toBe(202);
    const job = (await started.json()) as { id: string };
    await site.arrived('/p/0');
    // B refuses a second sync of the provider meanwhile: one running sync across instances.
    expect((await api(b.base, `/data-providers/${provider.id}/sync`, { method: 'POST' })).status).toBe(409);

    // Load: clients send messages to both instances; each 2xx is remembered.
    const acknowledged: string[] = [];
    let sending = true;
    const client = async (base: string, n: number) => {
      for (let i = 0; sending; i++) {
        try {
          const res = await api(base, '/conversations', { method: 'POST', body: JSON.stringify({ user_id: `load-${n}`, message: `message ${n}-${i}` }) });
          if (res.ok) acknowledged.push(((await res.json()) as { id: string }).id);
        } catch {
          // The killed instance: a refused or cut request was never acknowledged.
          if (base === a.base) return;
        }
      }
    };
    const clients = [0, 1, 2, 3].map((n) => client(n % 2 ? b.base : a.base, n));
    await new Promise((r) => setTimeout(r, 1500));
    a.run.child.kill('SIGKILL');
    await a.run.exited;
    site.release();
    await new Promise((r) => setTimeout(r, 1000));
    sending = false;
    await Promise.all(clients);
    expect(acknowledged.length).toBeGreaterThan(20);

    // Every acknowledged conversation, with its message, is read back from the survivor. The load may
    // have used up the plan's minute (the limit holds across instances): the reads wait as Retry-After says.
    const fromB = async (path: string): Promise<Response> => {
      for (;;) {
        const res = await api(b.base, path);
        if (res.status !== 429) return res;
        await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? '1') * 1000));
      }
    };
    for (const id of acknowledged) {
      const res = await fromB(`/conversations/${id}`);
      expect(res.status, id).toBe(200);
      expect(((await res.json()) as { messages: unknown[] }).messages.length).toBeGreaterThanOrEqual(1);
    }

    // B takes the sync over once A's claim lapses and finishes it.
    const deadline = Date.now() + 60_000;
    let status = 'running';
    let read: { status: string; progress: { sources_added: number; sources_unchanged: number } } | undefined;
    while (status === 'running' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      read = (await (await fromB(`/data-providers/${provider.id}/sync-jobs/${job.id}`)).json()) as typeof read;
      status = read!.status;
    }
    expect(status).toBe('succeeded');
    const sources = (await (await fromB(`/sources?data_provider_id=${provider.id}&limit=100`)).json()) as { data: { status: string }[] };
    expect(sources.data.length).toBe(PAGES + 1);

    b.run.child.kill('SIGTERM');
    expect(await b.run.exited).toBe(0);
  }, 180_000);
});
