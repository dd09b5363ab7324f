// Spec 8: the X-RateLimit-* headers on every response, not only under /v1/projects/: organization
// routes (signed in, refused and public) and signed export links. Spec 5.2: whitespace around the
// bearer value is a 401 even where Node's parser trims it, checked over a raw TCP socket.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { loginAs, type TeamLogin } from '../auth/team-session.fixture.js';

let t: TestApp;
let port: number;
let admin: TeamLogin;

beforeAll(async () => {
  t = await createTestApp();
  port = Number(new URL(await t.listen()).port);
  await t.app.ctx.services.org.updateOrganization(t.demo.organization_id, { plan: 'professional' });
  admin = await loginAs(t, 'admin');
});
afterAll(() => t.close());

const headersOf = (res: { headers: Record<string, unknown> }) => ({
  limit: res.headers['x-ratelimit-limit'],
  remaining: Number(res.headers['x-ratelimit-remaining']),
  reset: Number(res.headers['x-ratelimit-reset']),
});

describe('rate-limit headers outside /v1/projects/', () => {
  it('counts a member’s organization requests against the organization’s plan', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/v1/org', headers: { cookie: admin.cookie } });
    const b = await t.app.inject({ method: 'GET', url: '/v1/org/members', headers: { cookie: admin.cookie } });
    expect(a.statusCode).toBe(200);
    expect(headersOf(a).limit).toBe('300'); // professional
    expect(headersOf(a).reset).toBeGreaterThan(Date.now() / 1000 - 1);
    // One bucket for the organization: the second request sees one fewer (unless the minute rolled).
    if (headersOf(a).reset === headersOf(b).reset) expect(headersOf(b).remaining).toBe(headersOf(a).remaining - 1);
  });

  it('puts them on refusals: no session (per address), a missing CSRF token, a role too low', async () => {
    const anon = await t.app.inject({ method: 'GET', url: '/v1/org', remoteAddress: '192.0.2.40' });
    expect(anon.statusCode).toBe(401);
    expect(headersOf(anon)).toMatchObject({ limit: '100', remaining: 99 });
    const csrf = await t.app.inject({ method: 'PATCH', url: '/v1/org', headers: { cookie: admin.cookie }, payload: { name: 'x' } });
    expect(csrf.statusCode).toBe(403);
    expect(headersOf(csrf).limit).toBe('300');
    const member = await loginAs(t, 'member');
    const low = await t.app.inject({ method: 'POST', url: '/v1/org/projects', headers: member.headers, payload: { name: 'nope' } });
    expect(low.statusCode).toBe(403);
    expect(headersOf(low).limit).toBe('300');
  });

  it('answers 429 with retry_after on organization routes too', async () => {
    await t.app.ctx.services.org.updateOrganization(t.demo.organization_id, { plan: 'enterprise', rate_limits: { per_minute: 2, per_day: 1000 } });
    try {
      for (let attempt = 0; attempt < 2; attempt++) {
        t.app.rateLimiter.reset(`org:${t.demo.organization_id}`);
        const res = [];
        // 2 per minute, then the burst up to 2× (4 in the window), then refused.
        for (let i = 0; i < 5; i++) res.push(await t.app.inject({ method: 'GET', url: '/v1/org', headers: { cookie: admin.cookie } }));
        if (new Set(res.map((r) => r.headers['x-ratelimit-reset'])).size > 1) continue;
        expect(res.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 429]);
        expect(res[4].json()).toMatchObject({ error: 'rate_limit_exceeded' });
        expect(res[4].headers['retry-after']).toBe(String(res[4].json().retry_after));
        return;
      }
      throw new Error('the minute rolled over twice');
    } finally {
      await t.app.ctx.services.org.updateOrganization(t.demo.organization_id, { plan: 'professional' });
    }
  });

  it('counts public organization routes and signed export links per address', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/v1/org/login', payload: { email: 'nobody@x.test', password: 'wrong password' }, remoteAddress: '192.0.2.41' });
    expect(login.statusCode).toBe(401);
    expect(headersOf(login)).toMatchObject({ limit: '100', remaining: 99 });
    const link = await t.app.inject({ method: 'GET', url: '/v1/exports/0190f0f0-0000-7000-8000-000000000000/download?expires=1&signature=x', remoteAddress: '192.0.2.41' });
    expect(link.statusCode).toBeGreaterThanOrEqual(400);
    expect(link.statusCode).toBeLessThan(500);
    expect(headersOf(link)).toMatchObject({ limit: '100', remaining: 98 });
  });
});

/** Sends raw request heads on one connection and returns each response's status code. */
function raw(heads: string[]): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1', () => s.write(heads.join('')));
    let buf = '';
    s.on('data', (d) => {
      buf += d.toString('latin1');
      const statuses = [...buf.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));
      if (statuses.length === heads.length) {
        s.destroy();
        resolve(statuses);
      }
    });
    s.on('error', reject);
  });
}

describe('whitespace around the bearer value over real HTTP (spec 5.2)', () => {
  const url = () => `/v1/projects/${t.demo.project_id}/conversations?limit=1`;
  const head = (authorizationLine: string) => `GET ${url()} HTTP/1.1\r\nHost: x\r\n${authorizationLine}\r\n\r\n`;

  it('refuses every padded form with 401, though Node trims them before the app sees the header', async () => {
    const key = t.demo.api_key;
    const padded = [
      `Authorization: Bearer ${key}\t`,
      `Authorization: Bearer ${key} `,
      `Authorization: Bearer ${key} \t `,
      `Authorization:  Bearer ${key}`,
      `Authorization:\tBearer ${key}`,
      `authorization: \tBearer ${key}`,
      `Authorization: Bearer  ${key}`,
      `Authorization: Bearer\t${key}`,
    ];
    for (const line of padded) expect(await raw([head(line)]), JSON.stringify(line)).toEqual([401]);
  });

  it('accepts the plain forms, and tells pipelined requests on one connection apart', async () => {
    const key = t.demo.api_key;
    expect(await raw([head(`Authorization: Bearer ${key}`)])).toEqual([200]);
    expect(await raw([head(`Authorization:Bearer ${key}`)])).toEqual([200]);
    expect(await raw([head(`Authorization: Bearer ${key}\t`), head(`Authorization: Bearer ${key}`), head(`Authorization: Bearer ${key} `)])).toEqual([401, 200, 401]);
  });
});
