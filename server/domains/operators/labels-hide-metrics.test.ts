// Labels as project entities, batch labels, permanent (batch) hide, and the metrics built on real
// statuses and ratings (docs/operators.md; spec 2.5, 3.4, 10).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { loginAs, type TeamLogin } from '../../http/auth/team-session.fixture.js';

let t: TestApp;
let operator: TeamLogin;
let member: TeamLogin;
const P = () => `/v1/projects/${t.demo.project_id}`;
const as = (login: TeamLogin, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `${P()}${url}`, headers: login.headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
const key = async (permissions: string[]) =>
  (await t.app.ctx.services.apiKeys.create(t.demo.project_id, { name: 'k', permissions, environment: 'test' })).key;

async function conversation(content = 'What does it cost?') {
  const user = await t.app.ctx.services.users.create(t.demo.project_id, {});
  return t.app.ctx.services.conversations.create({ projectId: t.demo.project_id, userId: user.id, firstMessage: { role: 'user', content } });
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ctx.services.org.updateOrganization(t.demo.organization_id, { plan: 'enterprise', rate_limits: { per_minute: 1e6, per_day: 1e7 } });
  operator = await loginAs(t, 'operator');
  member = await loginAs(t, 'member');
});
afterAll(() => t.close());

describe('labels', () => {
  it('creates, renames and deletes labels; names are unique per project; label:read vs label:upsert', async () => {
    const created = await as(operator, 'POST', '/labels', { name: 'Billing', color: '#ff8800' });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect((await as(operator, 'POST', '/labels', { name: 'billing' })).json().error).toBe('conflict');
    expect((await as(operator, 'POST', '/labels', { name: 'x', color: 'red' })).statusCode).toBe(400);
    const renamed = await as(operator, 'PATCH', `/labels/${id}`, { name: 'Invoices' });
    expect(renamed.json()).toMatchObject({ id, name: 'Invoices', color: '#ff8800' });
    expect((await as(member, 'GET', '/labels')).json().data.map((l: { name: string }) => l.name)).toContain('Invoices');
    expect((await as(member, 'POST', '/labels', { name: 'Nope' })).json()).toMatchObject({ error: 'insufficient_permissions', missing_permissions: ['label:upsert'] });
    const readKey = await key(['label:read']);
    const byKey = (method: 'GET' | 'POST', payload?: object) =>
      t.app.inject({ method, url: `${P()}/labels`, headers: { authorization: `Bearer ${readKey}` }, ...(payload ? { payload } : {}) });
    expect((await byKey('GET')).statusCode).toBe(200);
    expect((await byKey('POST', { name: 'Nope' })).statusCode).toBe(403);

    const c = await conversation();
    await as(operator, 'PATCH', `/conversations/${c.id}`, { labels: [id] });
    expect((await as(operator, 'PATCH', `/conversations/${c.id}`, { labels: ['0190f0f0-0000-7000-8000-000000000000'] })).statusCode).toBe(400);
    expect((await as(operator, 'DELETE', `/labels/${id}`)).statusCode).toBe(204);
    expect((await as(operator, 'GET', `/conversations/${c.id}`)).json().labels).toEqual([]);
    expect((await as(operator, 'DELETE', `/labels/${id}`)).statusCode).toBe(404);
  });

  it('applies and removes labels in batch', async () => {
    const a = (await as(operator, 'POST', '/labels', { name: 'Urgent' })).json().id;
    const b = (await as(operator, 'POST', '/labels', { name: 'Refund' })).json().id;
    const [c1, c2, c3] = [await conversation(), await conversation(), await conversation()];
    const added = await as(operator, 'POST', '/conversations/batch/labels', { conversation_ids: [c1.id, c2.id, c3.id], add: [a, b] });
    expect(added.json()).toEqual({ updated: [c1.id, c2.id, c3.id], not_found: [] });
    const removed = await as(operator, 'POST', '/conversations/batch/labels', { conversation_ids: [c1.id, c2.id], remove: [b] });
    expect(removed.json().updated).toEqual([c1.id, c2.id]);
    const list = (await as(operator, 'GET', `/conversations?labels=${b}`)).json().data.map((c: { id: string }) => c.id);
    expect(list).toEqual([c3.id]);
    const stranger = '0190f0f0-0000-7000-8000-000000000000';
    expect((await as(operator, 'POST', '/conversations/batch/labels', { conversation_ids: [c1.id, stranger], add: [a] })).json().not_found).toEqual([stranger]);
    expect((await as(member, 'POST', '/conversations/batch/labels', { conversation_ids: [c1.id], add: [a] })).statusCode).toBe(403);
  });
});

describe('hide', () => {
  it('hides in batch permanently: gone from lists and metrics, no way back', async () => {
    const [c1, c2, keep] = [await conversation(), await conversation(), await conversation()];
    await as(operator, 'PATCH', `/conversations/${c1.id}`, { status: 'resolved' });
    const before = (await as(operator, 'GET', '/metrics')).json().totals.conversations;
    expect((await as(operator, 'POST', '/conversations/batch/hide', { conversation_ids: [c1.id, c2.id] })).statusCode).toBe(400);
    const hidden = await as(operator, 'POST', '/conversations/batch/hide', { conversation_ids: [c1.id, c2.id], permanent: true });
    expect(hidden.json()).toEqual({ updated: [c1.id, c2.id], not_found: [] });
    const ids = (await as(operator, 'GET', '/conversations?limit=100')).json().data.map((c: { id: string }) => c.id);
    expect(ids).not.toContain(c1.id);
    expect(ids).toContain(keep.id);
    expect((await as(operator, 'GET', '/metrics')).json().totals.conversations).toBe(before - 2);
    // Irreversible: nothing can change a hidden conversation, not even its status; hiding again finds nothing.
    expect((await as(operator, 'PATCH', `/conversations/${c1.id}`, { status: 'active' })).statusCode).toBe(404);
    const again = await as(operator, 'POST', `/conversations/${c1.id}/hide`, { permanent: true });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('not_found');
    expect((await as(operator, 'PATCH', `/conversations/${keep.id}`, { hidden: false } as object)).statusCode).toBe(400);
    expect((await as(member, 'POST', `/conversations/${keep.id}/hide`, { permanent: true })).statusCode).toBe(403);
  });

  it("answers 404 for another project's conversation by its path, and leaves it alone", async () => {
    const other = await t.app.ctx.services.projects.createProject({ organizationId: t.demo.organization_id, name: 'Elsewhere' });
    const user = await t.app.ctx.services.users.create(other.id, {});
    const theirs = await t.app.ctx.services.conversations.create({ projectId: other.id, userId: user.id, firstMessage: { role: 'user', content: 'hi' } });
    const res = await as(operator, 'POST', `/conversations/${theirs.id}/hide`, { permanent: true });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('not_found');
    expect((await t.app.ctx.services.conversations.get(other.id, theirs.id))?.hidden).toBeFalsy();
    // The batch form lists it instead: one id of many is not a reason to fail the rest.
    expect((await as(operator, 'POST', '/conversations/batch/hide', { conversation_ids: [theirs.id], permanent: true })).json()).toEqual({ updated: [], not_found: [theirs.id] });
  });
});

describe('metrics from real statuses and ratings', () => {
  it('Resolution Rate and CSAT follow the workflow; filters narrow them; hidden excluded', async () => {
    const fresh = await createTestApp();
    try {
      const owner = await loginAs(fresh, 'owner');
      const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
        fresh.app.inject({ method, url: `/v1/projects/${fresh.demo.project_id}${url}`, headers: owner.headers, ...(payload ? { payload } : {}) });
      const make = async () => {
        const user = await fresh.app.ctx.services.users.create(fresh.demo.project_id, {});
        return fresh.app.ctx.services.conversations.create({ projectId: fresh.demo.project_id, userId: user.id, firstMessage: { role: 'user', content: 'hi' } });
      };
      const [a, b, c, d] = [await make(), await make(), await make(), await make()];
      await call('PATCH', `/conversations/${a.id}`, { status: 'resolved' });
      await call('PATCH', `/conversations/${b.id}`, { status: 'resolved' });
      await call('POST', `/conversations/${c.id}/takeover`);
      await fresh.app.ctx.services.conversations.patch(fresh.demo.project_id, a.id, { rating: 5 });
      await fresh.app.ctx.services.conversations.patch(fresh.demo.project_id, b.id, { rating: 2 });
      await fresh.app.ctx.services.conversations.patch(fresh.demo.project_id, d.id, { rating: 'abandoned' });
      const totals = async (q = '') => (await call('GET', `/metrics${q}`)).json().totals;
      expect(await totals()).toMatchObject({ conversations: 4, resolution_rate: 0.5, rated_conversations: 2, csat_score: 0.5 });
      expect(await totals('?status=escalated')).toMatchObject({ conversations: 1, resolution_rate: 0 });
      expect(await totals('?status=unresolved')).toMatchObject({ conversations: 1 });
      expect(await totals('?rating=abandoned')).toMatchObject({ conversations: 1, rated_conversations: 0 });
      await call('POST', `/conversations/${b.id}/hide`, { permanent: true });
      expect(await totals()).toMatchObject({ conversations: 3, resolution_rate: 0.3333, csat_score: 1 });
    } finally {
      await fresh.close();
    }
  });
});
