// GET /v1/projects/{project_id} over the real app (spec 2.2, 5.5 `project:read`): an API key of the
// project with project:read, or a team-member session of the project's organization.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'POST', url: '/v1/org/login', payload: { email: t.demo.email, password: t.demo.password } });
  cookie = String(res.headers['set-cookie']).split(';')[0]!;
});
afterAll(() => t.close());

const url = () => `/v1/projects/${t.demo.project_id}`;
const get = (path: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: path, headers });
const keyWith = async (projectId: string, permissions: string[]) =>
  (await t.app.ctx.services.apiKeys.create(projectId, { name: 'projects test', permissions, environment: 'test' })).key;

describe('GET /v1/projects/{project_id}', () => {
  it('serves the project to an API key with project:read', async () => {
    const res = await get(url(), { authorization: `Bearer ${await keyWith(t.demo.project_id, ['project:read'])}` });
    expect(res.statusCode, res.body).toBe(200);
    const stored = (await t.app.ctx.services.projects.getProject(t.demo.project_id))!;
    expect(res.json()).toEqual(stored);
    expect(res.json()).toMatchObject({ id: t.demo.project_id, organization_id: t.demo.organization_id, user_pool_id: expect.any(String) });
    expect(res.headers['x-ratelimit-limit']).toBeDefined();
  });

  it('refuses keys without the permission or of another project, and callers without credentials', async () => {
    const narrow = await get(url(), { authorization: `Bearer ${await keyWith(t.demo.project_id, ['conversation:read'])}` });
    expect(narrow.statusCode).toBe(403);
    expect(narrow.json()).toMatchObject({ error: 'insufficient_permissions', required_permissions: ['project:read'] });
    const other = await t.app.ctx.services.projects.createProject({ organizationId: t.demo.organization_id, name: 'Other' });
    const wrong = await get(url(), { authorization: `Bearer ${await keyWith(other.id, ['project:read'])}` });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe('wrong_project');
    const none = await get(url());
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toBe('unauthorized');
  });

  it('serves the project to a team member of its organization, and hides other organizations’ projects', async () => {
    const mine = await get(url(), { cookie });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().id).toBe(t.demo.project_id);
    const stranger = await t.app.ctx.services.org.createOrganization({ name: 'Elsewhere', plan: 'standard' });
    const theirs = await t.app.ctx.services.projects.createProject({ organizationId: stranger.id, name: 'Theirs' });
    const hidden = await get(`/v1/projects/${theirs.id}`, { cookie });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error).toBe('not_found');
    expect((await get(url(), { cookie: 'parley_session=forged' })).statusCode).toBe(401);
  });

  it('checks a key as a key even when a session cookie comes along', async () => {
    const res = await get(url(), { cookie, authorization: `Bearer ${await keyWith(t.demo.project_id, ['conversation:read'])}` });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('insufficient_permissions');
  });

  it('is documented with both ways in', async () => {
    const doc = (await get('/v1/openapi.json')).json();
    const op = doc.paths['/v1/projects/{project_id}'].get;
    expect(op.security).toEqual([{ apiKey: [] }, { session: [] }]);
    expect(op['x-required-permissions']).toEqual(['project:read']);
  });
});
