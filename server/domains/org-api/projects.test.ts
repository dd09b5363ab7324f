// Renaming and deleting projects over the real app (spec 2.1, 2.2): session only, admins only, a
// deleted project's data is gone and its id answers 404; a shared user pool keeps its users.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let session: { cookie: string; csrf: string };

function as(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = { cookie: session.cookie, 'x-csrf-token': session.csrf }) {
  return t.app.inject({ method, url, headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) }, ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }) });
}

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'POST', url: '/v1/org/login', payload: { email: t.demo.email, password: t.demo.password } });
  session = { cookie: String(res.headers['set-cookie']).split(';')[0], csrf: res.json().csrf_token };
});
afterAll(() => t.close());

describe('PATCH and DELETE /v1/org/projects/{id}', () => {
  it('renames a project; a blank or unknown one is a 400 / 404', async () => {
    const created = (await as('POST', '/v1/org/projects', { name: 'Staging' })).json();
    const renamed = await as('PATCH', `/v1/org/projects/${created.id}`, { name: '  Staging EU ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: created.id, name: 'Staging EU' });
    const list = (await as('GET', '/v1/org/projects')).json().data;
    expect(list.find((p: { id: string }) => p.id === created.id).name).toBe('Staging EU');
    expect((await as('PATCH', `/v1/org/projects/${created.id}`, { name: '   ' })).json().error).toBe('invalid_request');
    expect((await as('PATCH', `/v1/org/projects/${created.id}`, { name: 'x', color: 'red' })).statusCode).toBe(400);
    const missing = await as('PATCH', '/v1/org/projects/00000000-0000-4000-8000-000000000000', { name: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('not_found');
  });

  it('is session only: an API key cannot rename or delete', async () => {
    const res = await as('PATCH', `/v1/org/projects/${t.demo.project_id}`, { name: 'Mine' }, { authorization: `Bearer ${t.demo.api_key}` });
    expect(res.statusCode).toBe(403);
    expect((await as('DELETE', `/v1/org/projects/${t.demo.project_id}`, undefined, { authorization: `Bearer ${t.demo.api_key}` })).statusCode).toBe(403);
    expect((await as('GET', '/v1/org/projects')).json().data.find((p: { id: string }) => p.id === t.demo.project_id).name).not.toBe('Mine');
  });

  it('deletes a project with its data; its id is then a 404 everywhere; other projects keep theirs', async () => {
    const doomed = (await as('POST', '/v1/org/projects', { name: 'Doomed' })).json();
    const provider = await as('POST', `/v1/projects/${doomed.id}/data-providers`, { type: 'manual', name: 'FAQ' });
    expect(provider.statusCode, provider.body).toBe(201);
    await as('POST', `/v1/projects/${doomed.id}/data-providers/${provider.json().id}/snippets`, { content: 'Doomed text' });
    await as('POST', `/v1/projects/${doomed.id}/labels`, { name: 'Doomed label', color: '#b3261e' });
    const before = await t.app.ctx.store.collection('sources').list(doomed.id);
    expect(before.length).toBe(1);

    const res = await as('DELETE', `/v1/org/projects/${doomed.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect((await as('GET', '/v1/org/projects')).json().data.map((p: { id: string }) => p.id)).not.toContain(doomed.id);
    for (const name of ['sources', 'data_providers', 'chunk_sets', 'labels', 'channels'] as const) {
      expect(await t.app.ctx.store.collection(name).list(doomed.id), name).toEqual([]);
    }
    expect((await as('GET', `/v1/projects/${doomed.id}/data-providers`)).statusCode).toBe(404);
    expect((await as('DELETE', `/v1/org/projects/${doomed.id}`)).statusCode).toBe(404);
    // The demo project is untouched.
    expect((await as('GET', `/v1/projects/${t.demo.project_id}/data-providers`)).statusCode).toBe(200);
  });
});
