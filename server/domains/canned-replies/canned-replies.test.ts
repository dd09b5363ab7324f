// Canned replies over the real app (docs/operators.md "Canned replies"): CRUD through the project
// routes, shortcuts unique per project, conversation:read to list and conversation:write to change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { loginAs, type TeamLogin } from '../../http/auth/team-session.fixture.js';

let t: TestApp;
let operator: TeamLogin;
let member: TeamLogin;
const P = () => `/v1/projects/${t.demo.project_id}`;
const as = (login: TeamLogin, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `${P()}${url}`, headers: login.headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
const withKey = async (permissions: string[], method: 'GET' | 'POST', url: string, payload?: unknown) => {
  const { key } = await t.app.ctx.services.apiKeys.create(t.demo.project_id, { name: 'k', permissions, environment: 'test' });
  return t.app.inject({ method, url: `${P()}${url}`, headers: { authorization: `Bearer ${key}` }, ...(payload !== undefined ? { payload: payload as object } : {}) });
};

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ctx.services.org.updateOrganization(t.demo.organization_id, { plan: 'enterprise', rate_limits: { per_minute: 1e6, per_day: 1e7 } });
  operator = await loginAs(t, 'operator');
  member = await loginAs(t, 'member');
});
afterAll(() => t.close());

describe('canned replies', () => {
  it('creates, lists by shortcut, changes and deletes; a taken shortcut is a 409', async () => {
    const refund = await as(operator, 'POST', '/canned-replies', { shortcut: 'refund', title: 'Refund policy', content: 'Refunds take 5 working days.' });
    expect(refund.statusCode).toBe(201);
    const id = refund.json().id;
    expect(refund.json()).toMatchObject({ shortcut: 'refund', title: 'Refund policy', content: 'Refunds take 5 working days.', project_id: t.demo.project_id });
    await as(operator, 'POST', '/canned-replies', { shortcut: 'hello', title: 'Greeting', content: 'Hi! How can I help?' });
    expect((await as(operator, 'GET', '/canned-replies')).json().data.map((r: { shortcut: string }) => r.shortcut)).toEqual(['hello', 'refund']);

    expect((await as(operator, 'POST', '/canned-replies', { shortcut: 'refund', title: 'Again', content: 'x' })).json().error).toBe('conflict');
    expect((await as(operator, 'PATCH', `/canned-replies/${id}`, { shortcut: 'hello' })).json().error).toBe('conflict');
    expect((await as(operator, 'POST', '/canned-replies', { shortcut: 'Has Space', title: 'Bad', content: 'x' })).statusCode).toBe(400);
    expect((await as(operator, 'POST', '/canned-replies', { shortcut: 'empty', title: 'Empty', content: '' })).statusCode).toBe(400);

    const changed = await as(operator, 'PATCH', `/canned-replies/${id}`, { shortcut: 'refunds', content: 'Refunds take 3 working days.' });
    expect(changed.json()).toMatchObject({ id, shortcut: 'refunds', title: 'Refund policy', content: 'Refunds take 3 working days.' });
    expect((await as(operator, 'GET', `/canned-replies/${id}`)).json().shortcut).toBe('refunds');
    expect((await as(operator, 'DELETE', `/canned-replies/${id}`)).statusCode).toBe(204);
    expect((await as(operator, 'GET', `/canned-replies/${id}`)).statusCode).toBe(404);
    expect((await as(operator, 'DELETE', `/canned-replies/${id}`)).statusCode).toBe(404);
  });

  it('lets whoever reads conversations list them, and only who may reply change them', async () => {
    expect((await as(member, 'GET', '/canned-replies')).statusCode).toBe(200);
    expect((await as(member, 'POST', '/canned-replies', { shortcut: 'nope', title: 'Nope', content: 'x' })).json()).toMatchObject({
      error: 'insufficient_permissions',
      missing_permissions: ['conversation:write'],
    });
    expect((await withKey(['conversation:read'], 'GET', '/canned-replies')).statusCode).toBe(200);
    expect((await withKey(['label:read'], 'GET', '/canned-replies')).statusCode).toBe(403);
    expect((await withKey(['conversation:write'], 'POST', '/canned-replies', { shortcut: 'bot', title: 'Bot', content: 'From a key.' })).statusCode).toBe(201);
  });

  it('keeps each project\'s replies apart', async () => {
    const project = await t.app.ctx.services.projects.createProject({ organizationId: t.demo.organization_id, name: 'Other shop' });
    const other = await t.app.inject({ method: 'GET', url: `/v1/projects/${project.id}/canned-replies`, headers: operator.headers });
    expect(other.json().data).toEqual([]);
  });
});
