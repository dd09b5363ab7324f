// Organization API over the real app: team sessions, CSRF, roles, API-key lifecycle (spec 2.1, 2.3, 3.3).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAtMinuteStart } from '../../testing/minute-window.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;

interface Session {
  cookie: string;
  csrf: string;
}

async function login(email: string, password: string, app = t.app): Promise<Session> {
  const res = await app.inject({ method: 'POST', url: '/v1/org/login', payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  const setCookie = String(res.headers['set-cookie']);
  return { cookie: setCookie.split(';')[0], csrf: res.json().csrf_token };
}

function as(s: Session | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { ...extra };
  if (s) {
    headers.cookie = s.cookie;
    headers['x-csrf-token'] = s.csrf;
  }
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }) });
}

let owner: Session;
beforeAll(async () => {
  t = await createTestApp();
  owner = await login(t.demo.email, t.demo.password);
});
afterAll(() => t.close());

describe('login, session cookie, CSRF, logout', () => {
  it('sets an HttpOnly SameSite=Lax cookie and returns the CSRF token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/org/login', payload: { email: t.demo.email.toUpperCase(), password: t.demo.password } });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^parley_session=[\w-]{40,};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/); // BASE_URL is http here
    expect(res.json()).toMatchObject({ member: { email: t.demo.email, role: 'owner' }, organization: { id: t.demo.organization_id } });
    expect(res.json().member.password_hash).toBeUndefined();
    const me = await as(owner, 'GET', '/v1/org/me');
    expect(me.json().csrf_token).toBe(owner.csrf);
  });

  it('marks the cookie Secure when BASE_URL is https', async () => {
    const s = await createTestApp({ baseUrl: 'https://parley.example.com' });
    try {
      const res = await s.app.inject({ method: 'POST', url: '/v1/org/login', payload: { email: s.demo.email, password: s.demo.password } });
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await s.close();
    }
  });

  it('refuses wrong passwords, unknown emails and foreign origins alike', async () => {
    const wrong = await t.app.inject({ method: 'POST', url: '/v1/org/login', payload: { email: t.demo.email, password: 'nope-nope' } });
    expect(wrong.statusCode).toBe(401);
    const unknown = await t.app.inject({ method: 'POST', url: '/v1/org/login', payload: { email: 'who@x.io', password: 'nope-nope' } });
    // The same answer, apart from the request id every error carries (docs/api.md "Errors").
    expect({ ...unknown.json(), request_id: 0 }).toEqual({ ...wrong.json(), request_id: 0 });
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/v1/org/login',
      headers: { origin: 'https://evil.example' },
      payload: { email: t.demo.email, password: t.demo.password },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error).toBe('csrf_failed');
  });

  it('limits sign-in attempts per address', async () => {
    startAtMinuteStart();
    const attempt = () =>
      t.app.inject({ method: 'POST', url: '/v1/org/login', remoteAddress: '198.51.100.9', payload: { email: t.demo.email, password: 'wrong-one' } });
    for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(401);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().retry_after).toBeGreaterThan(0);
    expect(blocked.headers['retry-after']).toBe(String(blocked.json().retry_after));
  });

  it('needs a session (401), refuses API keys (403 session_required) and demands the CSRF token', async () => {
    expect((await as(null, 'GET', '/v1/org/me')).statusCode).toBe(401);
    expect((await as(null, 'GET', '/v1/org/me', undefined, { cookie: 'parley_session=forged' })).statusCode).toBe(401);
    for (const url of ['/v1/org/me', '/v1/org/billing', '/v1/org/members', `/v1/org/projects/${t.demo.project_id}/api-keys`]) {
      const res = await as(null, 'GET', url, undefined, { authorization: `Bearer ${t.demo.api_key}` });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toBe('session_required');
    }
    const noCsrf = await t.app.inject({
      method: 'PATCH',
      url: '/v1/org',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Hacked' }),
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().error).toBe('csrf_failed');
    const wrongCsrf = await as({ ...owner, csrf: 'x'.repeat(32) }, 'PATCH', '/v1/org', { name: 'Hacked' });
    expect(wrongCsrf.json().error).toBe('csrf_failed');
    const ok = await as(owner, 'PATCH', '/v1/org', { name: 'Renamed Co' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().name).toBe('Renamed Co');
  });

  it('logs out at once', async () => {
    const s = await login(t.demo.email, t.demo.password);
    expect((await as(s, 'POST', '/v1/org/logout')).statusCode).toBe(204);
    expect((await as(s, 'GET', '/v1/org/me')).statusCode).toBe(401);
    expect((await as(owner, 'GET', '/v1/org/me')).statusCode).toBe(200);
  });
});

describe('team and roles', () => {
  let admin: Session;
  let member: Session;
  let memberId: string;

  beforeAll(async () => {
    const a = await as(owner, 'POST', '/v1/org/members', { email: 'admin@demo.test', name: 'Ad Min', role: 'admin' });
    expect(a.statusCode).toBe(201);
    expect(a.json().temporary_password).toMatch(/^[\w-]{16}$/);
    expect(a.json().member.must_change_password).toBe(true);
    admin = await login('admin@demo.test', a.json().temporary_password);
    // A temporary password opens only the way to change it.
    const blocked = await as(admin, 'GET', '/v1/org/members');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error).toBe('password_change_required');
    const changed = await as(admin, 'POST', '/v1/org/me/password', { current_password: a.json().temporary_password, new_password: 'admin password 1' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().member.must_change_password).toBeUndefined();
    const m = await as(admin, 'POST', '/v1/org/members', { email: 'member@demo.test', password: 'correct horse battery' });
    expect(m.json()).toMatchObject({ member: { role: 'member' }, temporary_password: null });
    memberId = m.json().member.id;
    member = await login('member@demo.test', 'correct horse battery');
  });

  it('lets members read but not change the organization', async () => {
    expect((await as(member, 'GET', '/v1/org/members')).json().data).toHaveLength(3);
    expect((await as(member, 'GET', '/v1/org/billing')).statusCode).toBe(200);
    expect((await as(member, 'GET', `/v1/org/projects/${t.demo.project_id}/api-keys`)).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['PATCH', '/v1/org', { name: 'x' }],
      ['POST', '/v1/org/members', { email: 'x@demo.test' }],
      ['POST', `/v1/org/projects/${t.demo.project_id}/api-keys`, { name: 'k', permissions: ['conversation:read'] }],
      ['PATCH', '/v1/org/billing', { plan: 'enterprise' }],
    ] as const) {
      const res = await as(member, method, url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ error: 'forbidden' });
    }
  });

  it('keeps owner powers with owners', async () => {
    expect((await as(admin, 'PATCH', '/v1/org/billing', { plan: 'standard' })).statusCode).toBe(403);
    expect((await as(admin, 'POST', '/v1/org/members', { email: 'boss@demo.test', role: 'owner' })).statusCode).toBe(403);
    const ownerId = (await as(owner, 'GET', '/v1/org/me')).json().member.id;
    expect((await as(admin, 'DELETE', `/v1/org/members/${ownerId}`)).statusCode).toBe(403);
    const demote = await as(owner, 'PATCH', `/v1/org/members/${ownerId}`, { role: 'admin' });
    expect(demote.statusCode).toBe(409); // the last owner stays
    const billing = await as(owner, 'PATCH', '/v1/org/billing', { plan: 'enterprise', rate_limits: { per_minute: 5000, per_day: 2_000_000 } });
    expect(billing.json()).toMatchObject({ plan: 'enterprise', rate_limits: { per_minute: 5000, per_day: 2_000_000, burst_per_minute: 10_000, burst_seconds: 10 } });
  });

  it('applies role changes and removals at once', async () => {
    const promoted = await as(admin, 'PATCH', `/v1/org/members/${memberId}`, { role: 'admin' });
    expect(promoted.json().role).toBe('admin');
    expect((await as(member, 'PATCH', '/v1/org', { name: 'By new admin' })).statusCode).toBe(200);
    expect((await as(admin, 'DELETE', `/v1/org/members/${memberId}`)).statusCode).toBe(204);
    expect((await as(member, 'GET', '/v1/org/me')).statusCode).toBe(401);
  });
});

describe('API keys over the org API (spec 2.3, 3.3)', () => {
  const base = () => `/v1/org/projects/${t.demo.project_id}/api-keys`;
  const useKey = (key: string, path = 'conversations') =>
    t.app.inject({ method: 'GET', url: `/v1/projects/${t.demo.project_id}/${path}`, headers: { authorization: `Bearer ${key}` } });

  it('creates (full key once), lists masks, reveals, edits and deletes with immediate effect', async () => {
    const created = await as(owner, 'POST', base(), { name: 'Backend', permissions: ['conversation:read'] });
    expect(created.statusCode).toBe(201);
    const { key, api_key } = created.json();
    expect(key).toMatch(/^sk_test_[A-Za-z0-9_-]{43}$/);
    expect(api_key).toMatchObject({ name: 'Backend', environment: 'test', permissions: ['conversation:read'], last_used_at: null });
    expect(api_key.mask).toBe(`sk_test_…${key.slice(-4)}`);
    expect(api_key.key_hash).toBeUndefined();
    expect(api_key.encrypted_key).toBeUndefined();

    const list = (await as(owner, 'GET', base())).json().data;
    const listed = list.find((k: { id: string }) => k.id === api_key.id);
    expect(listed.mask).toBe(api_key.mask);
    expect(JSON.stringify(list)).not.toContain(key);
    // The data files hold neither the key nor the master key.
    const { readdir, readFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const files = (await readdir(t.dataDir, { recursive: true })).map(String).filter((f) => /\.(json|log)$/.test(f));
    for (const f of files) expect(await readFile(join(t.dataDir, f), 'utf8'), f).not.toContain(key.slice(8));

    expect((await useKey(key)).statusCode).toBe(200);
    // The last use is recorded after the response (off the request's path) and shows once durable.
    await vi.waitFor(async () => {
      const used = (await as(owner, 'GET', `${base()}/${api_key.id}`)).json();
      expect(used.last_used_at).not.toBeNull();
    });

    // Reveal asks for the member's password again (spec 2.3 "explicit reveal by an authenticated user").
    expect((await as(owner, 'POST', `${base()}/${api_key.id}/reveal`)).statusCode).toBe(400);
    const wrong = await as(owner, 'POST', `${base()}/${api_key.id}/reveal`, { password: 'not my password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe('forbidden');
    const revealed = await as(owner, 'POST', `${base()}/${api_key.id}/reveal`, { password: t.demo.password });
    expect(revealed.json().key).toBe(key);

    const edited = await as(owner, 'PATCH', `${base()}/${api_key.id}`, { permissions: ['metric:read'] });
    expect(edited.json().permissions).toEqual(['metric:read']);
    const denied = await useKey(key);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toBe('insufficient_permissions');

    expect((await as(owner, 'DELETE', `${base()}/${api_key.id}`)).statusCode).toBe(204);
    const gone = await useKey(key);
    expect(gone.statusCode).toBe(401);
    expect((await as(owner, 'GET', `${base()}/${api_key.id}`)).statusCode).toBe(404);
  });

  it('validates permissions and environment, and hides other organizations’ projects', async () => {
    const bad = await as(owner, 'POST', base(), { name: 'x', permissions: ['conversation:destroy'] });
    expect(bad.statusCode).toBe(400);
    const empty = await as(owner, 'POST', base(), { name: 'x', permissions: [] });
    expect(empty.statusCode).toBe(400);
    const live = await as(owner, 'POST', base(), { name: 'live one', permissions: ['conversation:read'], environment: 'live' });
    expect(live.json().key).toMatch(/^sk_live_/);
    expect((await useKey(live.json().key)).statusCode).toBe(401); // this server runs in test

    const otherOrg = await t.app.ctx.services.org.createOrganization({ name: 'Other' });
    const foreign = await t.app.ctx.services.projects.createProject({ organizationId: otherOrg.id, name: 'Theirs' });
    expect((await as(owner, 'GET', `/v1/org/projects/${foreign.id}/api-keys`)).statusCode).toBe(404);
    const projects = (await as(owner, 'GET', '/v1/org/projects')).json().data;
    expect(projects.map((p: { id: string }) => p.id)).toEqual([t.demo.project_id]);
  });

  it('replays an idempotent key creation instead of minting a second key', async () => {
    const body = { name: 'Idem', permissions: ['conversation:read'] };
    const a = await as(owner, 'POST', base(), body, { 'idempotency-key': 'create-idem-1' });
    const b = await as(owner, 'POST', base(), body, { 'idempotency-key': 'create-idem-1' });
    expect(b.body).toBe(a.body);
    const named = (await as(owner, 'GET', base())).json().data.filter((k: { name: string }) => k.name === 'Idem');
    expect(named).toHaveLength(1);
  });
});
