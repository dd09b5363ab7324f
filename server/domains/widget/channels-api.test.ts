// Widget channels over the API (docs/api.md "Widget channels"): create, read, list, update, delete;
// the spec 8.2 origin rules with clear 400s; "would my page be allowed?"; secret rotation shown once;
// snippets per mode; permissions per key and per role; and a change reaching a live widget at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { loginAs } from '../../http/auth/team-session.fixture.js';
import { connectWidget } from './test-client.js';
import { PROTOCOL_VERSION } from '../../../shared/protocol.js';

let t: TestApp;
let auth: Record<string, string>;
const P = () => `/v1/projects/${t.demo.project_id}`;
const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers = auth) =>
  t.app.inject({ method, url: `${P()}${url}`, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ctx.services.org.updateOrganization(t.demo.organization_id, { plan: 'enterprise', rate_limits: { per_minute: 1e6, per_day: 1e7 } });
  auth = { authorization: `Bearer ${t.demo.api_key}` };
});
afterAll(() => t.close());

describe('widget channels API', () => {
  it('creates, lists, reads, changes and deletes a channel; the secret never appears in it', async () => {
    const created = await api('POST', '/channels', {
      name: 'Shop',
      allowed_origins: ['HTTPS://Shop.Example.com/', 'https://*.example.com', 'http://localhost:8080'],
      greeting: 'Hi!',
      texts: { de: { name: 'Laden', greeting: 'Hallo!' } },
      theme: { color: '#aa3300', position: 'left' },
      session_ttl_days: 30,
    });
    expect(created.statusCode).toBe(201);
    const c = created.json();
    expect(c).toMatchObject({
      name: 'Shop',
      allowed_origins: ['https://shop.example.com', 'https://*.example.com', 'http://localhost:8080'],
      greeting: 'Hi!',
      theme: { color: '#aa3300', position: 'left' },
      session_ttl_days: 30,
      require_verified_identity: false,
      has_identity_secret: false,
    });
    expect(c.frame_id).toMatch(/^fr_/);
    expect((await api('GET', '/channels')).json().data.map((x: { id: string }) => x.id)).toContain(c.id);
    expect((await api('GET', `/channels/${c.id}`)).json().texts).toEqual({ de: { name: 'Laden', greeting: 'Hallo!' } });

    const patched = (await api('PATCH', `/channels/${c.id}`, { name: 'Shop 2', greeting: null, session_ttl_days: null, locale: 'de' })).json();
    expect(patched).toMatchObject({ name: 'Shop 2', greeting: null, session_ttl_days: null, locale: 'de' });

    const rotated = await api('POST', `/channels/${c.id}/identity-secret`);
    expect(rotated.json().identity_secret).toMatch(/^ids_/);
    const after = (await api('GET', `/channels/${c.id}`)).json();
    expect(after.has_identity_secret).toBe(true);
    expect(JSON.stringify(after)).not.toContain(rotated.json().identity_secret);
    expect((await api('PATCH', `/channels/${c.id}`, { require_verified_identity: true })).json().require_verified_identity).toBe(true);

    expect((await api('DELETE', `/channels/${c.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/channels/${c.id}`)).json().error).toBe('not_found');
  });

  it('refuses malformed origins with a 400 naming each entry', async () => {
    const res = await api('POST', '/channels', { name: 'x', allowed_origins: ['shop.example.com', 'https://shop.example.com/help', 'https://*.com', 'https://a.*.example.com', 'ftp://x.example'] });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe('invalid_request');
    expect(body.details.map((d: { path: string }) => d.path)).toEqual([0, 1, 2, 3, 4].map((i) => `allowed_origins.${i}`));
    expect(body.details[0].message).toContain('https://shop.example.com');
    expect(body.details[1].message).toContain('path');
    const colour = await api('POST', '/channels', { name: 'x', theme: { color: 'red; background:url(x)' } });
    expect(colour.statusCode).toBe(400);
    // require_verified_identity without a secret cannot work: say what to do first.
    const c = (await api('POST', '/channels', { name: 'y' })).json();
    const verified = await api('PATCH', `/channels/${c.id}`, { require_verified_identity: true });
    expect(verified.statusCode).toBe(409);
    expect(verified.json().message).toContain('Rotate the identity secret');
  });

  it('answers "would my page be allowed?" with the deciding entry (spec 8.2 wildcard rules)', async () => {
    const c = (await api('POST', '/channels', { name: 'w', allowed_origins: ['https://*.example.com', 'http://127.0.0.1:4000'] })).json();
    const check = async (url: string) => (await api('GET', `/channels/${c.id}/origin-check?url=${encodeURIComponent(url)}`)).json();
    expect(await check('https://a.b.example.com/help?x=1')).toMatchObject({ origin: 'https://a.b.example.com', allowed: true, matched: 'https://*.example.com' });
    const bare = await check('https://example.com/');
    expect(bare).toMatchObject({ allowed: false, matched: null });
    expect(bare.reason).toContain('not the bare domain');
    expect(await check('http://127.0.0.1:4000/page.html')).toMatchObject({ allowed: true, matched: 'http://127.0.0.1:4000' });
    expect((await check('http://127.0.0.1:4001/')).allowed).toBe(false);
    expect((await api('GET', `/channels/${c.id}/origin-check?url=${encodeURIComponent('javascript:alert(1)')}`)).statusCode).toBe(400);
  });

  it('gives the snippet and the csp.md policy for each mode', async () => {
    const c = (await api('POST', '/channels', { name: 's' })).json();
    const s = (await api('GET', `/channels/${c.id}/snippets`)).json();
    expect(s.modes.launcher.html).toContain(`data-frame-id="${c.frame_id}"`);
    expect(s.modes.inline.html).toContain('data-mode="inline"');
    expect(s.modes.iframe.html).toContain(`/frame/${c.frame_id}`);
    const csp = (await t.app.inject({ method: 'GET', url: '/v1/widget/csp?mode=launcher' })).json().policy;
    expect(s.modes.launcher.csp).toBe(csp);
  });

  it('needs project:read to read and deployment:update to change, for keys and for roles', async () => {
    const c = (await api('POST', '/channels', { name: 'perm' })).json();
    const readKey = (await t.app.ctx.services.apiKeys.create(t.demo.project_id, { name: 'r', permissions: ['project:read'], environment: 'test' })).key;
    const read = { authorization: `Bearer ${readKey}` };
    expect((await api('GET', '/channels', undefined, read)).statusCode).toBe(200);
    const denied = await api('PATCH', `/channels/${c.id}`, { name: 'no' }, read);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ error: 'insufficient_permissions', missing_permissions: ['deployment:update'] });
    const none = (await t.app.ctx.services.apiKeys.create(t.demo.project_id, { name: 'n', permissions: ['conversation:read'], environment: 'test' })).key;
    expect((await api('GET', '/channels', undefined, { authorization: `Bearer ${none}` })).statusCode).toBe(403);

    const operator = await loginAs(t, 'operator');
    expect((await api('GET', `/channels/${c.id}`, undefined, operator.headers)).statusCode).toBe(200);
    expect((await api('POST', `/channels/${c.id}/identity-secret`, undefined, operator.headers)).statusCode).toBe(403);
    const admin = await loginAs(t, 'admin');
    expect((await api('PATCH', `/channels/${c.id}`, { name: 'by admin' }, admin.headers)).json().name).toBe('by admin');
  });

  it('applies a change to the next widget connection without a restart', async () => {
    const c = (await api('POST', '/channels', { name: 'Live', allowed_origins: ['https://live.example.com'] })).json();
    const url = await t.listen();
    const first = await connectWidget(url, 'https://other.example.com');
    first.send({ type: 'session.hello', v: PROTOCOL_VERSION, frame_id: c.frame_id });
    expect((await first.next('error')).error).toBe('origin_not_allowed');
    first.close();
    await api('PATCH', `/channels/${c.id}`, { allowed_origins: ['https://live.example.com', 'https://other.example.com'], greeting: 'Welcome back' });
    const second = await connectWidget(url, 'https://other.example.com');
    second.send({ type: 'session.hello', v: PROTOCOL_VERSION, frame_id: c.frame_id });
    const welcome = await second.next('session.welcome');
    expect(welcome.channel).toMatchObject({ name: 'Live', greeting: 'Welcome back' });
    second.close();
  });
});
