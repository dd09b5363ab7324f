import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let P: string;
let H: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  P = `/v1/projects/${t.demo.project_id}/users`;
  H = { authorization: `Bearer ${t.demo.api_key}`, 'content-type': 'application/json' };
});
afterAll(() => t.close());

const req = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: H, ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }) });

describe('users API (spec 2.4, 4)', () => {
  it('creates users identified by email, phone or external id and finds them again', async () => {
    const a = await req('POST', P, { email: 'Ada@Example.com', first_name: 'Ada', external_attributes: { plan: 'pro' } });
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({ email: 'ada@example.com', first_name: 'Ada', external_attributes: { plan: 'pro' }, email_signed: false });
    const b = await req('POST', P, { phone: '+49 (30) 1234-567' });
    expect(b.json().phone).toBe('+49301234567');
    const c = await req('POST', P, { external_id: 'crm-9' });
    expect(c.statusCode).toBe(201);

    expect((await req('GET', `${P}/${a.json().id}`)).json().email).toBe('ada@example.com');
    const byEmail = (await req('GET', `${P}?email=ADA@example.com`)).json();
    expect(byEmail.data.map((u: { id: string }) => u.id)).toEqual([a.json().id]);
    expect((await req('GET', `${P}?phone=%2B49301234567`)).json().data).toHaveLength(1);
    expect((await req('GET', `${P}?external_id=crm-9&email=ada@example.com`)).json().data).toHaveLength(0);
    const all = (await req('GET', `${P}?limit=2`)).json();
    expect(all.data.map((u: { id: string }) => u.id)).toEqual([c.json().id, b.json().id]);
    expect(all.has_more).toBe(true);
  });

  it('refuses a user without identity, a taken identity and unknown fields', async () => {
    const none = await req('POST', P, { first_name: 'Nobody' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('invalid_request');
    const taken = await req('POST', P, { email: 'ada@example.com' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: 'conflict', field: 'email' });
    const extra = await req('POST', P, { email: 'z@example.com', shoe_size: 44 });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().details[0].path).toBe('body.shoe_size');
    const badEmail = await req('POST', P, { email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(400);
  });

  it('patches names and email and merges external_attributes', async () => {
    const u = (await req('POST', P, { external_id: 'merge-1', external_attributes: { plan: 'free', seats: 3 } })).json();
    const res = await req('PATCH', `${P}/${u.id}`, { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', external_attributes: { plan: 'pro', region: 'eu' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.com',
      external_attributes: { plan: 'pro', seats: 3, region: 'eu' },
    });
    expect((await req('PATCH', `${P}/${u.id}`, {})).json().first_name).toBe('Grace');
    const clash = await req('PATCH', `${P}/${u.id}`, { email: 'ada@example.com' });
    expect(clash.statusCode).toBe(409);
    const phone = await req('PATCH', `${P}/${u.id}`, { phone: '+1 555' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().details[0].path).toBe('body.phone');
    expect((await req('PATCH', `${P}/0190f0f0-0000-7000-8000-000000000000`, { first_name: 'x' })).statusCode).toBe(404);
  });

  it('needs userpool:update to change users; read alone only reads', async () => {
    const { key } = await t.app.ctx.services.apiKeys.create(t.demo.project_id, { name: 'ro', permissions: ['userpool:read'], environment: 'test' });
    const ro = { ...H, authorization: `Bearer ${key}` };
    expect((await t.app.inject({ method: 'GET', url: P, headers: ro })).statusCode).toBe(200);
    const denied = await t.app.inject({ method: 'POST', url: P, headers: ro, payload: JSON.stringify({ email: 'q@example.com' }) });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ error: 'insufficient_permissions', required_permissions: ['userpool:read', 'userpool:update'] });
  });
});
