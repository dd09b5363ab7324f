// Team-member session lifetime on the real app: the cookie's Max-Age, sliding expiry (7 days after
// the last use) and the absolute end (30 days after login). Time moves through the clock seam
// (server/lib/clock.ts), never by sleeping.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { ABSOLUTE_TTL_MS, IDLE_TTL_MS } from './service.js';

const DAY = 86_400_000;
let t: TestApp;
let start: number;

beforeEach(async () => {
  t = await createTestApp();
  start = Date.now();
  clock.now = () => start;
});
afterEach(async () => {
  clock.now = () => Date.now();
  await t.close();
});

async function login() {
  const res = await t.app.inject({ method: 'POST', url: '/v1/org/login', payload: { email: t.demo.email, password: t.demo.password } });
  expect(res.statusCode, res.body).toBe(200);
  return { setCookie: String(res.headers['set-cookie']), cookie: String(res.headers['set-cookie']).split(';')[0]!, body: res.json() };
}

/** GET /v1/org/me at `offset` ms after login. */
async function meAt(cookie: string, offset: number) {
  clock.now = () => start + offset;
  return t.app.inject({ method: 'GET', url: '/v1/org/me', headers: { cookie } });
}

const iso = (ms: number) => new Date(ms).toISOString();

describe('team session lifetime', () => {
  it('gives the cookie a Max-Age of the absolute lifetime and clears it on logout', async () => {
    const { setCookie, cookie, body } = await login();
    expect(setCookie).toMatch(new RegExp(`; Max-Age=${ABSOLUTE_TTL_MS / 1000}(;|$)`));
    expect(ABSOLUTE_TTL_MS / 1000).toBe(30 * 86_400);
    expect(body.expires_at).toBe(iso(start + IDLE_TTL_MS));

    const out = await t.app.inject({ method: 'POST', url: '/v1/org/logout', headers: { cookie, 'x-csrf-token': body.csrf_token } });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/^parley_session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await meAt(cookie, 0)).statusCode).toBe(401);
  });

  it('slides: each use extends the session to 7 days after it; 7 idle days end it', async () => {
    const { cookie } = await login();
    const six = await meAt(cookie, 6 * DAY);
    expect(six.statusCode).toBe(200);
    expect(six.json().expires_at).toBe(iso(start + 13 * DAY));

    // Day 12 is past the first 7 days, but only 6 days after the last use.
    const twelve = await meAt(cookie, 12 * DAY);
    expect(twelve.statusCode).toBe(200);
    expect(twelve.json().expires_at).toBe(iso(start + 19 * DAY));

    const idle = await meAt(cookie, 19 * DAY + 1_000);
    expect(idle.statusCode).toBe(401);
    expect(idle.json().error).toBe('unauthorized');
    // The expired session is removed, so going back in time does not revive it.
    expect(await t.app.ctx.store.collection('sessions').list(t.demo.organization_id)).toHaveLength(0);
    expect((await meAt(cookie, 13 * DAY)).statusCode).toBe(401);
  });

  it('ends 30 days after login however often it is used', async () => {
    const { cookie } = await login();
    for (const day of [5, 10, 15, 20, 25]) expect((await meAt(cookie, day * DAY)).statusCode, `day ${day}`).toBe(200);
    const last = await meAt(cookie, 29 * DAY);
    expect(last.statusCode).toBe(200);
    expect(last.json().expires_at).toBe(iso(start + ABSOLUTE_TTL_MS));
    expect((await meAt(cookie, 30 * DAY + 1_000)).statusCode).toBe(401);
  });

  it('keeps a fresh login valid for exactly the idle lifetime', async () => {
    const a = await login();
    const b = await login();
    expect((await meAt(a.cookie, IDLE_TTL_MS - 1_000)).statusCode).toBe(200);
    expect((await meAt(b.cookie, IDLE_TTL_MS)).statusCode).toBe(401);
  });
});
