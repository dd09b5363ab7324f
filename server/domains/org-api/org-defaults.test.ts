// What the organization's settings change for everyone else (docs/api.md "Organization settings"):
// business hours are checked (a bad time or an overlap is a 400 naming the interval), and the
// metrics' days are the organization's calendar days unless the caller names a `tz`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { loginAs, type TeamLogin } from '../../http/auth/team-session.fixture.js';

let t: TestApp;
let admin: TeamLogin;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t, 'admin');
});
afterAll(() => t.close());

const patch = (settings: object) => t.app.inject({ method: 'PATCH', url: '/v1/org', headers: admin.headers, payload: { settings } });
const api = (method: 'GET' | 'POST', path: string, payload?: object) =>
  t.app.inject({ method, url: `/v1/projects/${t.demo.project_id}${path}`, headers: { authorization: `Bearer ${t.demo.api_key}` }, ...(payload ? { payload } : {}) });

describe('business hours in the organization settings', () => {
  it('stores a weekly schedule with an away message, replaces it whole, and clears it with null', async () => {
    const hours = { week: { monday: [{ open: '09:00', close: '12:00' }, { open: '13:00', close: '17:30' }], saturday: [] }, away_message: 'Back on Monday.' };
    const set = await patch({ timezone: 'Europe/Berlin', business_hours: hours });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().settings).toMatchObject({ timezone: 'Europe/Berlin', business_hours: hours });
    const replaced = await patch({ business_hours: { week: { friday: [{ open: '10:00', close: '24:00' }] } } });
    expect(replaced.json().settings.business_hours).toEqual({ week: { friday: [{ open: '10:00', close: '24:00' }] } });
    expect((await patch({ business_hours: null })).json().settings.business_hours).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/v1/org', headers: admin.headers })).json().settings.timezone).toBe('Europe/Berlin');
  });

  it('refuses times that close before they open or overlap, with the code and the path', async () => {
    const backwards = await patch({ business_hours: { week: { tuesday: [{ open: '18:00', close: '09:00' }] } } });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ error: 'invalid_business_hours', details: [{ path: 'body.settings.business_hours.week.tuesday.0' }] });
    const overlap = await patch({ business_hours: { week: { wednesday: [{ open: '09:00', close: '13:00' }, { open: '12:30', close: '17:00' }] } } });
    expect(overlap.json()).toMatchObject({ error: 'invalid_business_hours', details: [{ path: 'body.settings.business_hours.week.wednesday.1' }] });
    for (const bad of [{ week: { monday: [{ open: '9:00', close: '17:00' }] } }, { week: { monday: [{ open: '24:00', close: '24:00' }] } }, { week: { someday: [] } }, { week: {}, colour: 'red' }]) {
      const res = await patch({ business_hours: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error).toBe('invalid_request');
    }
    expect((await t.app.inject({ method: 'GET', url: '/v1/org', headers: admin.headers })).json().settings.business_hours).toBeNull();
  });
});

describe('metrics days in the organization’s time zone', () => {
  it('counts a conversation at 23:30 UTC on the next day in Berlin, on the UTC day with tz=UTC', async () => {
    const user = (await api('POST', '/users', { email: 'late@tz.test' })).json();
    const created = (await api('POST', '/conversations', { user_id: user.id, message: 'A late question' })).json();
    const stored = await t.app.ctx.services.conversations.require(t.demo.project_id, created.id);
    const late = '2026-03-01T23:30:00.000Z';
    await t.app.ctx.store.collection('conversations').put(t.demo.project_id, {
      ...stored,
      created_at: late,
      messages: stored.messages.map((m) => ({ ...m, created_at: late })),
    });
    const range = '?start_date=2026-02-28T00:00:00Z&end_date=2026-03-03T00:00:00Z';
    const day = (body: { data: { date: string; conversations: number; messages: number }[] }, date: string) => body.data.find((r) => r.date === date);

    await patch({ timezone: 'UTC' });
    const utc = (await api('GET', `/metrics${range}`)).json();
    expect(day(utc, '2026-03-01')).toMatchObject({ conversations: 1, messages: 1 });

    await patch({ timezone: 'Europe/Berlin' });
    const berlin = await api('GET', `/metrics${range}`);
    expect(berlin.statusCode, berlin.body).toBe(200);
    expect(day(berlin.json(), '2026-03-01')).toMatchObject({ conversations: 0, messages: 0 });
    expect(day(berlin.json(), '2026-03-02')).toMatchObject({ conversations: 1, messages: 1 });
    // The caller's tz wins over the organization's.
    expect(day((await api('GET', `/metrics${range}&tz=UTC`)).json(), '2026-03-01')).toMatchObject({ conversations: 1 });
    const unknown = await api('GET', `/metrics${range}&tz=Mars/Olympus`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: 'invalid_request', details: [{ path: 'querystring.tz' }] });
    await patch({ timezone: 'UTC' });
  });
});
