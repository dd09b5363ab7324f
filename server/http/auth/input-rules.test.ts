// Table-driven rules over every organization route (app.orgRoutes, filled by onRoute) and the /v1
// project routes: session-only org routes (spec 2.1, 5.6), CSRF, unknown query parameters,
// and the 4xx input errors (413, 415, invalid JSON) with their rate-limit headers (spec 8).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import type { OrgRoute } from './session.js';

let t: TestApp;
let session: { cookie: string; csrf: string };
const NOBODY = '0190f0f0-0000-7000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ctx.services.org.updateOrganization(t.demo.organization_id, { plan: 'enterprise', rate_limits: { per_minute: 1e6, per_day: 1e7 } });
  const res = await t.app.inject({ method: 'POST', url: '/v1/org/login', payload: { email: t.demo.email, password: t.demo.password } });
  session = { cookie: String(res.headers['set-cookie']).split(';')[0], csrf: res.json().csrf_token };
});
afterAll(() => t.close());

const fill = (url: string) => url.replace(/:([a-z_]+)/gi, (_, name: string) => (name === 'project_id' ? t.demo.project_id : NOBODY));
const hasBody = (method: string) => ['POST', 'PUT', 'PATCH'].includes(method);

function call(route: { method: string; url: string }, headers: Record<string, string>, query = '') {
  const h = { ...headers, ...(hasBody(route.method) ? { 'content-type': 'application/json' } : {}) };
  return t.app.inject({ method: route.method as 'GET', url: fill(route.url) + query, headers: h, ...(hasBody(route.method) ? { payload: '{}' } : {}) });
}

describe('organization routes (spec 2.1, 5.6)', () => {
  let routes: OrgRoute[];
  beforeAll(() => {
    routes = t.app.orgRoutes.filter((r) => r.role !== 'public');
  });

  it('lists every org route with its role', () => {
    expect(routes.length).toBeGreaterThanOrEqual(16);
    const role = (method: string, url: string) => t.app.orgRoutes.find((r) => r.method === method && r.url === url)?.role;
    expect(role('POST', '/v1/org/login')).toBe('public');
    expect(role('GET', '/v1/org/projects/:project_id/api-keys')).toBe('member');
    expect(role('POST', '/v1/org/projects/:project_id/api-keys')).toBe('admin');
    expect(role('POST', '/v1/org/projects/:project_id/api-keys/:key_id/reveal')).toBe('admin');
    expect(role('PATCH', '/v1/org/billing')).toBe('owner');
  });

  it('refuses an API key with 403 session_required on every one, even with a valid session cookie', async () => {
    for (const route of routes) {
      const withKey: Record<string, string>[] = [
        { authorization: `Bearer ${t.demo.api_key}` },
        { authorization: `Bearer ${t.demo.api_key}`, cookie: session.cookie, 'x-csrf-token': session.csrf },
      ];
      for (const headers of withKey) {
        const res = await call(route, headers);
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(res.json().error).toBe('session_required');
      }
    }
  });

  it('answers 401 without a session and 403 csrf_failed to a state change without the token', async () => {
    for (const route of routes) {
      const anon = await call(route, {});
      expect(anon.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(anon.json().error).toBe('unauthorized');
      if (route.method === 'GET') continue;
      const noToken = await call(route, { cookie: session.cookie });
      expect(noToken.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(noToken.json().error).toBe('csrf_failed');
    }
  });

  it('answers 400 unknown_parameter to any query parameter, before looking at the body', async () => {
    for (const route of t.app.orgRoutes) {
      const res = await call(route, { cookie: session.cookie, 'x-csrf-token': session.csrf }, '?colour=red');
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(400);
      expect(res.json()).toMatchObject({ error: 'unknown_parameter', details: [{ path: 'querystring.colour' }] });
    }
    // The session survived the refused logout above.
    expect((await t.app.inject({ method: 'GET', url: '/v1/org/me', headers: { cookie: session.cookie } })).statusCode).toBe(200);
  });
});

describe('project routes of the /v1 API', () => {
  const H = () => ({ authorization: `Bearer ${t.demo.api_key}` });
  const P = '/v1/projects/:project_id';
  const mine = [
    ['GET', `${P}/conversations`],
    ['POST', `${P}/conversations`],
    ['GET', `${P}/conversations/:conversation_id`],
    ['POST', `${P}/conversations/:conversation_id/generate`],
    ['GET', `${P}/users`],
    ['POST', `${P}/users`],
    ['GET', `${P}/users/:user_id`],
    ['PATCH', `${P}/users/:user_id`],
    ['GET', `${P}/metrics`],
  ].map(([method, url]) => ({ method, url }));

  it('answers 400 unknown_parameter with rate-limit headers on every project route', async () => {
    for (const route of mine) expect(t.app.projectRoutes.some((r) => r.method === route.method && r.url === route.url), route.url).toBe(true);
    for (const route of t.app.projectRoutes) {
      const res = await call(route, H(), '?colour=red');
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(400);
      expect(res.json()).toMatchObject({ error: 'unknown_parameter', details: [{ path: 'querystring.colour' }] });
      expect(res.headers['x-ratelimit-limit']).toBe('1000000');
    }
  });

  it('answers 413, 415 and invalid_json with rate-limit headers on every body route', async () => {
    for (const route of mine.filter((r) => hasBody(r.method))) {
      const url = fill(route.url);
      const big = await t.app.inject({ method: route.method as 'POST', url, headers: { ...H(), 'content-type': 'application/json' }, payload: JSON.stringify({ message: 'a'.repeat(1_100_000) }) });
      expect(big.statusCode, url).toBe(413);
      expect(big.json().error).toBe('payload_too_large');
      expect(big.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
      for (const type of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const res = await t.app.inject({ method: route.method as 'POST', url, headers: { ...H(), 'content-type': type }, payload: 'a=1' });
        expect(res.statusCode, `${url} ${type}`).toBe(415);
        expect(res.json().error).toBe('unsupported_media_type');
        expect(res.headers['x-ratelimit-reset']).toMatch(/^\d+$/);
      }
      const broken = await t.app.inject({ method: route.method as 'POST', url, headers: { ...H(), 'content-type': 'application/json' }, payload: '{"a":' });
      expect(broken.statusCode, url).toBe(400);
      expect(broken.json().error).toBe('invalid_json');
      expect(broken.headers['x-ratelimit-limit']).toBe('1000000');
    }
  });
});

describe('secrets at rest (spec 2.3)', () => {
  it('keeps the master key out of the JSON data files', async () => {
    const master = (await readFile(join(t.dataDir, 'master.key'), 'utf8')).trim();
    expect(master.length).toBeGreaterThan(40);
    // demo-credentials.json is the demo's deliberate hand-over of its key to the README example, not
    // stored data; every other JSON file is the store.
    const files = (await readdir(t.dataDir, { recursive: true })).map(String).filter((f) => /\.(json|log)$/.test(f) && f !== 'demo-credentials.json');
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const text = await readFile(join(t.dataDir, f), 'utf8');
      expect(text, f).not.toContain(master);
      expect(text, f).not.toContain(t.demo.api_key.slice(8));
    }
  });
});
