// Table-driven spec 5 test: every 401/403 case on EVERY project route. The table is built from the
// routes the app registered under /v1/projects/ (app.projectRoutes, filled by an onRoute hook), so a
// route another module adds later is covered without touching this file.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { PERMISSIONS, type Permission } from '../../../shared/permissions.js';
import type { GuardedRoute } from './project-guard.js';
import { ROLES, ROLE_PERMISSIONS } from '../../../shared/roles.js';
import { effectivePermissions } from '../../../shared/permissions.js';
import type { MemberRole } from '../../../shared/schemas/entities.js';
import { loginAs, type TeamLogin } from './team-session.fixture.js';

let t: TestApp;
let baseUrl: string;
let routes: GuardedRoute[];
let otherProjectKey: string;
let liveKey: string;
let deletedKey: string;
let n = 0;
/** Each request from its own address, so the per-address bucket of failed auth never fills up. */
const addr = () => `10.${(++n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

const WRITE_OF: Record<string, Permission | undefined> = {
  conversation: 'conversation:write',
  userpool: 'userpool:update',
  knowledge: 'knowledge:write',
  table: 'table:write',
  label: 'label:upsert',
};

async function key(permissions: readonly string[], opts: { project?: string; env?: 'live' | 'test' } = {}) {
  const { key } = await t.app.ctx.services.apiKeys.create(opts.project ?? t.demo.project_id, {
    name: 'table test',
    permissions: [...permissions],
    environment: opts.env ?? 'test',
  });
  return key;
}

function urlOf(route: GuardedRoute): string {
  return route.url.replace(/:([a-z_]+)/gi, (_, name: string) =>
    name === 'project_id' ? t.demo.project_id : '0190f0f0-0000-7000-8000-000000000000',
  );
}

async function call(route: GuardedRoute, authorization?: string, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { ...extra };
  if (authorization !== undefined) headers.authorization = authorization;
  const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
  if (withBody) headers['content-type'] = 'application/json';
  return t.app.inject({ method: route.method as 'GET', url: urlOf(route), headers, remoteAddress: addr(), ...(withBody ? { payload: '{}' } : {}) });
}

function expectRateHeaders(res: { headers: Record<string, unknown> }) {
  expect(Number(res.headers['x-ratelimit-limit'])).toBeGreaterThan(0);
  expect(res.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
  expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000 - 1);
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  baseUrl = await t.listen();
  // The table sends many requests: give the demo organization a large agreed limit (spec 8 enterprise).
  await t.app.ctx.services.org.updateOrganization(t.demo.organization_id, { plan: 'enterprise', rate_limits: { per_minute: 1e6, per_day: 1e7 } });
  routes = t.app.projectRoutes;
  const other = await t.app.ctx.services.projects.createProject({ organizationId: t.demo.organization_id, name: 'Other' });
  otherProjectKey = await key(PERMISSIONS, { project: other.id });
  liveKey = await key(PERMISSIONS, { env: 'live' });
  deletedKey = await key(PERMISSIONS);
  const rec = await t.app.ctx.services.apiKeys.lookup(deletedKey);
  await t.app.ctx.services.apiKeys.remove(t.demo.project_id, rec!.id);
});
afterAll(() => t.close());

describe('the route table', () => {
  it('holds the spec section 4 routes with exactly their permissions', () => {
    const perms = (method: string, url: string) => routes.find((r) => r.method === method && r.url === url)?.permissions.slice().sort();
    const P = '/v1/projects/:project_id';
    expect(perms('GET', `${P}/conversations`)).toEqual(['conversation:read']);
    expect(perms('POST', `${P}/conversations`)).toEqual(['conversation:read', 'conversation:write', 'userpool:read']);
    expect(perms('POST', `${P}/conversations/:conversation_id/generate`)).toEqual(['conversation:generate', 'conversation:read', 'userpool:read']);
    expect(perms('PATCH', `${P}/users/:user_id`)).toEqual(['userpool:read', 'userpool:update']);
    expect(perms('GET', `${P}/metrics`)).toEqual(['conversation:read', 'export:read', 'metric:read']);
  });

  it('every project route declares the permissions it needs', () => {
    expect(routes.length).toBeGreaterThanOrEqual(8);
    for (const r of routes) expect(r.permissions.length, `${r.method} ${r.url}`).toBeGreaterThan(0);
  });
});

describe('spec 5 on every project route', () => {
  const unauthorizedCases: [string, () => string | undefined][] = [
    ['missing header', () => undefined],
    ['empty header', () => ''],
    ['missing Bearer word', () => t.demo.api_key],
    ['other scheme', () => `Basic ${t.demo.api_key}`],
    ['lower-case bearer', () => `bearer ${t.demo.api_key}`],
    ['two spaces', () => `Bearer  ${t.demo.api_key}`],
    ['leading whitespace', () => ` Bearer ${t.demo.api_key}`],
    ['trailing whitespace', () => `Bearer ${t.demo.api_key} `],
    ['tab', () => `Bearer\t${t.demo.api_key}`],
    ['line break inside', () => `Bearer\n${t.demo.api_key}`],
    ['trailing line break', () => `Bearer ${t.demo.api_key}\r\n`],
    ['malformed (short secret)', () => `Bearer ${t.demo.api_key.slice(0, -1)}`],
    ['malformed (long secret)', () => `Bearer ${t.demo.api_key}x`],
    ['malformed (bad prefix)', () => `Bearer ${t.demo.api_key.replace('sk_test_', 'pk_test_')}`],
    ['malformed (bad character)', () => `Bearer ${t.demo.api_key.slice(0, -1)}!`],
    ['unknown key', () => `Bearer sk_test_${'A'.repeat(43)}`],
    ['deleted key', () => `Bearer ${deletedKey}`],
    ['key of the other environment', () => `Bearer ${liveKey}`],
  ];

  it('answers 401 unauthorized with WWW-Authenticate and rate-limit headers', async () => {
    for (const route of routes) {
      for (const [name, header] of unauthorizedCases) {
        const res = await call(route, header());
        expect(res.statusCode, `${route.method} ${route.url}: ${name}`).toBe(401);
        expect(res.json().error).toBe('unauthorized');
        expect(res.headers['www-authenticate'], name).toMatch(/^Bearer realm="parley"/);
        expectRateHeaders(res);
      }
    }
  });

  it('answers 401 to a line break in the header over real HTTP too', async () => {
    const port = Number(new URL(baseUrl).port);
    const send = (path: string, header: string) =>
      new Promise<string>((resolve) => {
        const s = net.connect(port, '127.0.0.1', () => s.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n${header}\r\nConnection: close\r\n\r\n`));
        let buf = '';
        s.on('data', (d) => (buf += d));
        s.on('close', () => resolve(buf));
        s.on('error', () => resolve(buf));
      });
    for (const route of routes) {
      for (const header of [`Authorization: Bearer\r\n ${t.demo.api_key}`, `Authorization: Bearer ${t.demo.api_key}\n`]) {
        const res = await send(urlOf(route), header);
        expect(res.split('\r\n')[0], `${route.url} ${JSON.stringify(header.slice(-50))}`).toBe('HTTP/1.1 401 Unauthorized');
        expect(res).toMatch(/\r\nWWW-Authenticate: Bearer/);
        expect(res).toMatch(/\r\nX-RateLimit-Limit: \d+/);
        expect(JSON.parse(res.slice(res.indexOf('\r\n\r\n') + 4)).error).toBe('unauthorized');
      }
    }
  });

  it('answers 403 wrong_project to a key of another project', async () => {
    for (const route of routes) {
      const res = await call(route, `Bearer ${otherProjectKey}`);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().error).toBe('wrong_project');
      expectRateHeaders(res);
    }
  });

  it('answers 403 insufficient_permissions naming the required permissions when one is missing', async () => {
    for (const route of routes) {
      for (const missing of route.permissions) {
        // Everything else, but not `missing` nor anything that implies it (spec 5.4).
        const [resource, action] = missing.split(':');
        const granted = PERMISSIONS.filter((p) => p !== missing && !(action === 'read' && p.startsWith(`${resource}:`)));
        const res = await call(route, `Bearer ${await key(granted)}`);
        expect(res.statusCode, `${route.method} ${route.url} without ${missing}`).toBe(403);
        const body = res.json();
        expect(body.error).toBe('insufficient_permissions');
        expect(body.required_permissions.slice().sort()).toEqual(route.permissions.slice().sort());
        expect(body.missing_permissions).toContain(missing);
        expectRateHeaders(res);
      }
    }
  });

  it('lets write, update and upsert stand in for the matching read (spec 5.4)', async () => {
    let checked = 0;
    for (const route of routes) {
      const swapped = route.permissions.map((p) => {
        const [resource, action] = p.split(':');
        return action === 'read' && WRITE_OF[resource] ? WRITE_OF[resource]! : p;
      });
      if (swapped.every((p, i) => p === route.permissions[i])) continue;
      const res = await call(route, `Bearer ${await key([...new Set(swapped)])}`);
      expect([401, 403], `${route.method} ${route.url} with ${swapped.join(',')}`).not.toContain(res.statusCode);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(3);
  });

  it('lets a key with exactly the required permissions through', async () => {
    for (const route of routes) {
      const res = await call(route, `Bearer ${await key(route.permissions)}`);
      expect([401, 403], `${route.method} ${route.url}`).not.toContain(res.statusCode);
      expectRateHeaders(res);
    }
  });

  it('authenticates unknown paths under /v1/projects/ before answering 404', async () => {
    const url = `/v1/projects/${t.demo.project_id}/no-such-thing`;
    const anon = await t.app.inject({ method: 'GET', url, remoteAddress: addr() });
    expect(anon.statusCode).toBe(401);
    expectRateHeaders(anon);
    const ok = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t.demo.api_key}` } });
    expect(ok.statusCode).toBe(404);
    expect(ok.json().error).toBe('not_found');
    expectRateHeaders(ok);
  });
});

describe('team sessions on every project route (docs/operators.md)', () => {
  const logins = {} as Record<MemberRole, TeamLogin>;
  let stranger: TeamLogin;
  beforeAll(async () => {
    for (const role of ROLES) logins[role] = await loginAs(t, role);
    const org = await t.app.ctx.services.org.createOrganization({ name: 'Elsewhere' });
    stranger = await loginAs(t, 'owner', { organizationId: org.id });
  });

  it('checks each route\'s permissions against each role\'s set', async () => {
    let refused = 0;
    for (const route of routes) {
      for (const role of ROLES) {
        const have = effectivePermissions(ROLE_PERMISSIONS[role]);
        const missing = route.permissions.filter((p) => !have.has(p));
        const res = await call(route, undefined, logins[role].headers);
        const label = `${role} ${route.method} ${route.url}`;
        if (missing.length > 0) {
          refused += 1;
          expect(res.statusCode, label).toBe(403);
          expect(res.json().error, label).toBe('insufficient_permissions');
          expect(res.json().missing_permissions, label).toEqual(missing);
          expect(res.json().role, label).toBe(role);
        } else {
          expect([401, 403], `${label}: ${res.body.slice(0, 200)}`).not.toContain(res.statusCode);
        }
        expectRateHeaders(res);
      }
    }
    expect(refused).toBeGreaterThan(0);
  });

  it('lets the operator role read and answer conversations and edit labels, never knowledge or keys', () => {
    const operator = effectivePermissions(ROLE_PERMISSIONS.operator);
    for (const p of ['conversation:read', 'conversation:write', 'userpool:read', 'label:read', 'label:upsert']) expect(operator.has(p), p).toBe(true);
    for (const p of ['knowledge:write', 'table:write', 'deployment:update', 'full_export:read', 'conversation:generate']) expect(operator.has(p), p).toBe(false);
  });

  it('needs X-CSRF-Token on every state-changing route', async () => {
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      const res = await call(route, undefined, { cookie: logins.owner.cookie });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().error).toBe('csrf_failed');
    }
  });

  it('answers 404 to a member of another organization and 401 to a stale cookie', async () => {
    for (const route of routes) {
      const res = await call(route, undefined, stranger.headers);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(404);
      const stale = await call(route, undefined, { cookie: 'parley_session=nope', 'x-csrf-token': 'x' });
      expect(stale.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});
