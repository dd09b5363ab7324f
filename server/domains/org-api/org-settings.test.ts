// Organization settings through the real app (docs/api.md "Organization settings"): default
// language, time zone and retention are set by admins and checked; the retention dry run counts
// what the daily run then deletes (once a day, under a job claim); erasing a user removes their
// conversations, sessions and identifiers, and the audit log names ids and counts only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { loginAs, type TeamLogin } from '../../http/auth/team-session.fixture.js';
import { createRetention } from '../org/retention.js';

let t: TestApp;
let admin: TeamLogin;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t, 'admin');
});
afterAll(() => t.close());

const org = (method: 'GET' | 'PATCH' | 'POST', path: string, payload?: object, who: TeamLogin = admin) =>
  t.app.inject({ method, url: `/v1/org${path}`, headers: who.headers, ...(payload ? { payload } : {}) });
const api = (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object) =>
  t.app.inject({ method, url: `/v1/projects/${t.demo.project_id}${path}`, headers: { authorization: `Bearer ${t.demo.api_key}` }, ...(payload ? { payload } : {}) });

describe('organization settings', () => {
  it('sets language, time zone and retention, merged field by field; refuses bad values and members', async () => {
    const set = await org('PATCH', '', { settings: { default_language: 'de-CH', timezone: 'Europe/Zurich' } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().settings).toEqual({ default_language: 'de-CH', timezone: 'Europe/Zurich', retention_days: null });
    const more = await org('PATCH', '', { settings: { retention_days: 30 } });
    expect(more.json().settings).toEqual({ default_language: 'de-CH', timezone: 'Europe/Zurich', retention_days: 30 });
    expect((await org('PATCH', '', { settings: { timezone: 'Mars/Olympus' } })).json()).toMatchObject({ error: 'invalid_request' });
    expect((await org('PATCH', '', { settings: { retention_days: 0 } })).statusCode).toBe(400);
    expect((await org('PATCH', '', { settings: { colour: 'red' } })).statusCode).toBe(400);
    const member = await loginAs(t, 'member');
    expect((await org('PATCH', '', { settings: { retention_days: 1 } }, member)).statusCode).toBe(403);
    expect((await org('GET', '/retention', undefined, member)).statusCode).toBe(403);
    await org('PATCH', '', { settings: { retention_days: null } });
  });
});

describe('data retention', () => {
  it('counts in a dry run what the daily run deletes, once a day', async () => {
    const user = (await api('POST', '/users', { email: 'old@example.test' })).json();
    const old = (await api('POST', '/conversations', { user_id: user.id, message: 'An old question' })).json();
    const fresh = (await api('POST', '/conversations', { user_id: user.id, message: 'A new question' })).json();
    // The old one's last activity 40 days ago.
    const stored = await t.app.ctx.services.conversations.require(t.demo.project_id, old.id);
    const longAgo = new Date(Date.now() - 40 * DAY).toISOString();
    await t.app.ctx.store.collection('conversations').put(t.demo.project_id, { ...stored, created_at: longAgo, updated_at: longAgo, last_message_at: longAgo, first_message_at: longAgo });

    expect((await org('GET', '/retention')).json()).toMatchObject({ retention_days: null, due_conversations: 0, cutoff: null });
    await org('PATCH', '', { settings: { retention_days: 30 } });
    const preview = (await org('GET', '/retention')).json();
    expect(preview.due_conversations).toBeGreaterThanOrEqual(1);
    expect(Date.parse(preview.cutoff)).toBeLessThan(Date.now() - 29 * DAY);
    // Nothing deleted by the dry run.
    expect((await api('GET', `/conversations/${old.id}`)).statusCode).toBe(200);

    const retention = createRetention(t.app.ctx);
    await retention.runDaily();
    expect((await api('GET', `/conversations/${old.id}`)).statusCode).toBe(404);
    expect((await api('GET', `/conversations/${fresh.id}`)).statusCode).toBe(200);
    expect((await org('GET', '/retention')).json().due_conversations).toBe(0);
    await org('PATCH', '', { settings: { retention_days: null } });
  });
});

describe('erasure of one user', () => {
  it('removes their conversations and identifiers, leaves others, and audits without personal data', async () => {
    const ada = (await api('POST', '/users', { email: 'ada@erase.test', first_name: 'Ada', external_id: 'crm-77' })).json();
    const bob = (await api('POST', '/users', { email: 'bob@erase.test' })).json();
    const a1 = (await api('POST', '/conversations', { user_id: ada.id, message: 'My address is 1 Secret Lane' })).json();
    const b1 = (await api('POST', '/conversations', { user_id: bob.id, message: 'Hello' })).json();

    const erased = await org('POST', '/erasures', { project_id: t.demo.project_id, user_id: ada.id });
    expect(erased.statusCode, erased.body).toBe(201);
    expect(erased.json()).toMatchObject({ user_id: ada.id, conversations_deleted: 1, messages_deleted: 1 });
    expect((await api('GET', `/conversations/${a1.id}`)).statusCode).toBe(404);
    expect((await api('GET', `/users/${ada.id}`)).statusCode).toBe(404);
    expect((await api('GET', '/users?email=ada@erase.test')).json().data).toEqual([]);
    expect((await api('GET', `/conversations/${b1.id}`)).statusCode).toBe(200);

    const log = await org('GET', '/erasures');
    expect(log.json().data[0]).toMatchObject({ user_id: ada.id, member_id: admin.member_id, conversations_deleted: 1 });
    expect(log.body).not.toMatch(/ada@erase|Ada|crm-77|Secret Lane/);

    expect((await org('POST', '/erasures', { project_id: t.demo.project_id, user_id: ada.id })).statusCode).toBe(404);
    const member = await loginAs(t, 'member');
    expect((await org('POST', '/erasures', { project_id: t.demo.project_id, user_id: bob.id }, member)).statusCode).toBe(403);
  });
});
