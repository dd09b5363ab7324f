// The instance operators' admin API (docs/billing.md "Admin API") over the real app: who gets in
// (only the ADMIN_TOKEN, never a project key or a team session, and the token nowhere else), a
// contract's round trip through the same service and validation as the admin CLI, and the 400s.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { loginAs, type TeamLogin } from '../../http/auth/team-session.fixture.js';
import { clock } from '../../lib/clock.js';

const TOKEN = randomBytes(32).toString('base64url');
const NEXT = randomBytes(32).toString('base64url');
let t: TestApp;
let off: TestApp;
let owner: TeamLogin;

beforeAll(async () => {
  t = await createTestApp({ adminTokens: [TOKEN, NEXT] });
  off = await createTestApp();
  owner = await loginAs(t, 'owner');
});
afterAll(async () => {
  clock.now = () => Date.now();
  await t?.close();
  await off?.close();
});

const admin = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, token = TOKEN, app = t) =>
  app.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });
const subUrl = () => `/v1/admin/organizations/${t.demo.organization_id}/subscription`;
const CONTRACT = {
  start_date: '2026-01-01T00:00:00.000Z',
  currency: 'EUR',
  testphase_days: 30,
  line_items: [
    { category: 'chat_messages', volume: 5000, rate: 4, overage_rate: 6 },
    { category: 'ticketing_messages', volume: 1000, rate: 12, overage_rate: 15, overage_unit: 10 },
    { category: 'projects', volume: 2, rate: 5000, overage_rate: 5000 },
  ],
  billing_contacts: ['billing@customer.test'],
};

describe('who may call the admin API', () => {
  it('lists every admin route', () => {
    const routes = t.app.adminRoutes.map((r) => `${r.method} ${r.url}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /v1/admin/organizations',
        'GET /v1/admin/organizations/:organization_id/subscription',
        'PUT /v1/admin/organizations/:organization_id/subscription',
        'POST /v1/admin/organizations/:organization_id/subscription/actions',
        'GET /v1/admin/organizations/:organization_id/invoices',
      ]),
    );
  });

  it('is off (404 admin_api_disabled) on a server without ADMIN_TOKEN, whatever is sent', async () => {
    for (const route of t.app.adminRoutes) {
      const url = route.url.replace(':organization_id', off.demo.organization_id);
      for (const token of [TOKEN, '']) {
        const res = await admin(route.method as 'GET', url, route.method === 'GET' ? undefined : {}, token, off);
        expect(res.statusCode, `${route.method} ${url}`).toBe(404);
        expect(res.json().error).toBe('admin_api_disabled');
      }
    }
    expect((await off.app.inject({ method: 'GET', url: '/v1/admin/anything' })).json().error).toBe('admin_api_disabled');
  });

  it('refuses a missing, wrong or malformed token, a project API key and a team session with 401', async () => {
    const cases: [string, Record<string, string>][] = [
      ['nothing', {}],
      ['a wrong token', { authorization: `Bearer ${randomBytes(32).toString('base64url')}` }],
      ['the token without Bearer', { authorization: TOKEN }],
      ['the token with a trailing space', { authorization: `Bearer ${TOKEN} ` }],
      ['a prefix of the token', { authorization: `Bearer ${TOKEN.slice(0, -1)}` }],
      ['a project API key', { authorization: `Bearer ${t.demo.api_key}` }],
      ['an owner session', owner.headers],
    ];
    for (const route of t.app.adminRoutes) {
      const url = route.url.replace(':organization_id', t.demo.organization_id);
      for (const [what, headers] of cases) {
        const res = await t.app.inject({ method: route.method as 'GET', url, headers });
        expect(res.statusCode, `${route.method} ${url} with ${what}`).toBe(401);
        expect(res.json().error).toBe('unauthorized');
        expect(res.headers['www-authenticate']).toBe('Bearer realm="parley-admin"');
      }
    }
    // Unknown admin paths authenticate first, so they do not reveal which routes exist.
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/nothing-here' })).statusCode).toBe(401);
    expect((await admin('GET', '/v1/admin/nothing-here')).statusCode).toBe(404);
  });

  it('accepts each configured token, and counts the requests (rate-limit headers)', async () => {
    for (const token of [TOKEN, NEXT]) {
      const res = await admin('GET', '/v1/admin/organizations', undefined, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(Number(res.headers['x-ratelimit-limit'])).toBeGreaterThan(0);
    }
  });

  it('never opens a team route with the admin token', async () => {
    const project = await t.app.inject({ method: 'GET', url: `/v1/projects/${t.demo.project_id}/conversations`, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(project.statusCode).toBe(401);
    const org = await t.app.inject({ method: 'GET', url: '/v1/org/subscription', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(org.statusCode).toBe(403);
    expect(org.json().error).toBe('session_required');
  });
});

describe('contracts through the admin API', () => {
  it('answers 404 no_subscription before a contract is set, and lists the organization without one', async () => {
    const res = await admin('GET', subUrl());
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('no_subscription');
    const list = (await admin('GET', '/v1/admin/organizations')).json().data as { id: string; subscription_status: string | null }[];
    expect(list.find((o) => o.id === t.demo.organization_id)).toMatchObject({ subscription_status: null });
  });

  it('sets a contract, reads it back as the team sees it, changes its line items, cancels, resumes and expires it', async () => {
    clock.now = () => Date.parse('2026-01-10T00:00:00Z');
    const set = await admin('PUT', subUrl(), CONTRACT);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().subscription).toMatchObject({ status: 'trial', currency: 'EUR', testphase_end: '2026-01-31T00:00:00.000Z', billing_contacts: ['billing@customer.test'] });
    expect(set.json().subscription.line_items[1]).toEqual({ category: 'ticketing_messages', volume: 1000, rate: 12, unit: 1, overage_rate: 15, overage_unit: 10, prepaid_until: null });

    const team = await t.app.inject({ method: 'GET', url: '/v1/org/subscription', headers: { cookie: owner.cookie } });
    expect(team.json().subscription).toEqual((await admin('GET', subUrl())).json().subscription);
    const list = (await admin('GET', '/v1/admin/organizations')).json().data as { id: string; subscription_status: string | null }[];
    expect(list.find((o) => o.id === t.demo.organization_id)?.subscription_status).toBe('trial');

    const changed = await admin('PUT', subUrl(), { line_items: [{ category: 'generated_messages', volume: 100, rate: 5, overage_rate: 7 }] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().subscription.line_items.map((i: { category: string }) => i.category)).toEqual(['generated_messages']);
    // The whole contract sent again (its own dates included) is accepted: only a change of dates is refused.
    const resent = await admin('PUT', subUrl(), { ...CONTRACT, contract_months: 12, billing_period: 'monthly' });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().subscription.line_items).toHaveLength(3);
    const redated = await admin('PUT', subUrl(), { ...CONTRACT, start_date: '2026-02-01T00:00:00.000Z' });
    expect(redated.statusCode).toBe(409);
    expect(redated.json().error).toBe('invalid_transition');

    clock.now = () => Date.parse('2026-03-10T00:00:00Z');
    const cancelled = await admin('POST', `${subUrl()}/actions`, { action: 'cancel' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().subscription).toMatchObject({ status: 'cancelled', ends_at: '2027-01-01T00:00:00.000Z' });
    expect((await admin('POST', `${subUrl()}/actions`, { action: 'resume' })).json().subscription.status).toBe('active');
    const expired = await admin('POST', `${subUrl()}/actions`, { action: 'expire' });
    expect(expired.json().subscription.status).toBe('expired');
    const again = await admin('POST', `${subUrl()}/actions`, { action: 'expire' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('invalid_transition');

    const invoices = await admin('GET', `/v1/admin/organizations/${t.demo.organization_id}/invoices`);
    expect(invoices.statusCode).toBe(200);
    // January and February closed on their own; March up to the expiry.
    expect(invoices.json().data.map((i: { period_start: string }) => i.period_start.slice(0, 10))).toEqual(['2026-03-01', '2026-02-01', '2026-01-01']);
  });

  it('refuses bad contracts with the CLI’s 400s, unknown organizations with 404', async () => {
    const bad: [unknown, string][] = [
      [{ line_items: [{ category: 'generated_messages', volume: 1, rate: 1, overage_rate: 1 }, { category: 'chat_messages', volume: 1, rate: 1, overage_rate: 1 }] }, 'billing_category_conflict'],
      [{ line_items: [{ category: 'chat_messages', volume: 1, rate: 1, overage_rate: 1 }, { category: 'chat_messages', volume: 2, rate: 1, overage_rate: 1 }] }, 'billing_category_conflict'],
      [{ ...CONTRACT, testphase_days: 85 }, 'invalid_request'],
      [{ ...CONTRACT, currency: 'euro' }, 'invalid_request'],
      [{ line_items: [] }, 'invalid_request'],
      [{ line_items: [{ category: 'chat_messages', volume: -1, rate: 1, overage_rate: 1 }] }, 'invalid_request'],
      [{ line_items: [{ category: 'chat_messages', volume: 1, rate: 1.5, overage_rate: 1 }] }, 'invalid_request'],
      [{ ...CONTRACT, price: 1 }, 'invalid_request'],
    ];
    const other = await t.app.ctx.services.org.createOrganization({ name: 'Fresh' });
    for (const [body, code] of bad) {
      const res = await admin('PUT', `/v1/admin/organizations/${other.id}/subscription`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error, JSON.stringify(body)).toBe(code);
    }
    expect((await admin('GET', `/v1/admin/organizations/${other.id}/subscription`)).json().error).toBe('no_subscription');
    expect((await admin('POST', `/v1/admin/organizations/${other.id}/subscription/actions`, { action: 'renew' })).statusCode).toBe(400);
    const unknown = await admin('PUT', '/v1/admin/organizations/0190f0f0-0000-7000-8000-000000000000/subscription', CONTRACT);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('not_found');
    expect((await admin('GET', '/v1/admin/organizations/not-a-uuid/subscription')).statusCode).toBe(400);
  });
});
