// Wiki import from an uploaded zip and from a server folder, through the real API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let auth: Record<string, string>;
let base: string;

async function api(method: string, url: string, body?: unknown) {
  const res = await t.app.inject({ method: method as 'GET', url: `${base}${url}`, headers: auth, payload: body as object });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}

async function sync(id: string) {
  const started = await api('POST', `/data-providers/${id}/sync`);
  expect(started.status).toBe(202);
  await t.app.ctx.services.knowledge.waitForSync(t.demo.project_id, id);
  return (await api('GET', `/data-providers/${id}/sync-jobs/${started.body.id}`)).body;
}

async function upload(id: string, files: Record<string, string>) {
  const zip = zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)])));
  const res = await t.app.inject({
    method: 'PUT',
    url: `${base}/data-providers/${id}/archive?name=export.zip`,
    headers: { ...auth, 'content-type': 'application/zip' },
    payload: Buffer.from(zip),
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  auth = { authorization: `Bearer ${t.demo.api_key}` };
  base = `/v1/projects/${t.demo.project_id}`;
});
afterAll(() => t.close());

describe('wiki import', () => {
  it('imports a zipped wiki export of Markdown and HTML pages', async () => {
    const p = await api('POST', '/data-providers', { type: 'wiki', name: 'Team wiki', wiki: { base_url: 'https://wiki.example.com/space' } });
    expect(p.status).toBe(201);
    const uploaded = await upload(p.body.id, {
      'Export/Home.md': '# Team handbook\n\nWelcome to the handbook.\n\n## Holidays\n\nEveryone gets 30 days of paid leave per year.\n',
      'Export/Onboarding 0123456789abcdef0123456789abcdef.md': '---\ntitle: New starter guide\n---\n\n## Laptop\n\nIT hands out a laptop on your first morning.\n\n```sh\nssh-keygen -t ed25519\n```\n',
      'Export/policies/expenses.html': '<html><head><title>Expense policy</title></head><body><nav>MENU</nav><h2>Travel</h2><p>Train travel is reimbursed in second class.</p></body></html>',
      'Export/images/logo.png': 'not a page',
      'Export/huge.md': 'x'.repeat(2 * 1024 * 1024 + 10),
    });
    expect(uploaded.wiki.archive_name).toBe('export.zip');

    const job = await sync(p.body.id);
    expect(job.status).toBe('succeeded');
    expect(job.progress).toMatchObject({ pages_found: 4, pages_fetched: 3, pages_failed: 1, sources_added: 3 });
    expect(job.failures[0]).toMatchObject({ url: 'huge.md' });

    const sources = (await api('GET', `/sources?data_provider_id=${p.body.id}`)).body.data;
    const byKey = Object.fromEntries(sources.map((s: { key: string }) => [s.key, s]));
    expect(Object.keys(byKey).sort()).toEqual(['Home.md', 'Onboarding 0123456789abcdef0123456789abcdef.md', 'huge.md', 'policies/expenses.html']);
    expect(byKey['Home.md']).toMatchObject({ title: 'Team handbook', url: 'https://wiki.example.com/space/Home.md', status: 'indexed', kind: 'wiki_page' });
    expect(byKey['Onboarding 0123456789abcdef0123456789abcdef.md'].title).toBe('New starter guide');
    expect(byKey['policies/expenses.html'].title).toBe('Expense policy');
    expect(byKey['huge.md']).toMatchObject({ status: 'failed' });
    expect(byKey['huge.md'].error).toMatch(/limit/);

    const hits = await t.app.ctx.services.knowledge.search(t.demo.project_id, 'how many days of paid leave', { limit: 1 });
    expect(hits[0]).toMatchObject({ title: 'Team handbook', headings: ['Holidays'] });
    const code = await t.app.ctx.services.knowledge.search(t.demo.project_id, 'ssh-keygen laptop', { limit: 1 });
    expect(code[0].text).toContain('ssh-keygen -t ed25519');
    const travel = await t.app.ctx.services.knowledge.search(t.demo.project_id, 'train travel reimbursed', { limit: 1 });
    expect(travel[0]).toMatchObject({ title: 'Expense policy', headings: ['Travel'] });
    expect(travel[0].text).not.toContain('MENU');

    // A new export: one page changed, one gone, one unchanged.
    await upload(p.body.id, {
      'Export2/Home.md': '# Team handbook\n\nWelcome to the handbook.\n\n## Holidays\n\nEveryone gets 32 days of paid leave per year.\n',
      'Export2/policies/expenses.html': '<html><head><title>Expense policy</title></head><body><nav>MENU</nav><h2>Travel</h2><p>Train travel is reimbursed in second class.</p></body></html>',
    });
    const again = await sync(p.body.id);
    expect(again.progress).toMatchObject({ sources_updated: 1, sources_unchanged: 1, sources_removed: 2 });
    const after = (await api('GET', `/sources?data_provider_id=${p.body.id}`)).body.data;
    expect(after.map((s: { key: string }) => s.key).sort()).toEqual(['Home.md', 'policies/expenses.html']);
  });

  it('imports from a folder inside the allowed import roots only', async () => {
    const folder = join(t.dataDir, 'imports', 'kb');
    await mkdir(join(folder, 'guides'), { recursive: true });
    await writeFile(join(folder, 'guides', 'returns.md'), '# Returns\n\nItems can be returned within 30 days with the receipt.\n');
    await writeFile(join(folder, 'notes.txt'), 'Support hours are 9 to 17 on weekdays.');

    const outside = await api('POST', '/data-providers', { type: 'wiki', name: 'Etc', wiki: { folder_path: '/etc' } });
    expect(outside.status).toBe(400);
    expect(outside.body.details[0].path).toBe('wiki.folder_path');

    const p = await api('POST', '/data-providers', { type: 'wiki', name: 'Folder wiki', wiki: { folder_path: folder } });
    expect(p.status).toBe(201);
    const job = await sync(p.body.id);
    expect(job.status).toBe('succeeded');
    expect(job.progress.sources_added).toBe(2);
    const hits = await t.app.ctx.services.knowledge.search(t.demo.project_id, 'return items receipt', { limit: 1 });
    expect(hits[0]).toMatchObject({ title: 'Returns', url: null });
  });

  it('fails a sync that has nothing to import, with the reason', async () => {
    const p = await api('POST', '/data-providers', { type: 'wiki', name: 'Empty wiki' });
    const job = await sync(p.body.id);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/upload a zip/);
  });

  it('refuses an archive that is not a zip with a recorded failure', async () => {
    const p = await api('POST', '/data-providers', { type: 'wiki', name: 'Broken' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `${base}/data-providers/${p.body.id}/archive`,
      headers: { ...auth, 'content-type': 'application/zip' },
      payload: Buffer.from('this is not a zip file'),
    });
    expect(res.statusCode).toBe(200);
    const job = await sync(p.body.id);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/not a readable zip/);
  });
});
