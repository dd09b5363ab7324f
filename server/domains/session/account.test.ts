// The member's own account: change the password (current one required; other sessions end, this one
// stays) and sign out everywhere (every session ends at once).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { loginAs } from '../../http/auth/team-session.fixture.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (headers: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

it('changes the password with the current one; other sessions end, this one stays', async () => {
  const first = await loginAs(t, 'operator');
  const email = (await call(first.headers, 'GET', '/v1/org/me')).json().member.email as string;
  const second = await t.app.inject({ method: 'POST', url: '/v1/org/login', payload: { email, password: 'correct horse battery' } });
  const secondHeaders = { cookie: String(second.headers['set-cookie']).split(';')[0]!, 'x-csrf-token': second.json().csrf_token };

  const wrong = await call(first.headers, 'POST', '/v1/org/me/password', { current_password: 'nope', new_password: 'a brand new one' });
  expect(wrong.statusCode).toBe(403);
  expect((await call(first.headers, 'POST', '/v1/org/me/password', { current_password: 'correct horse battery', new_password: 'short' })).statusCode).toBe(400);
  const ok = await call(first.headers, 'POST', '/v1/org/me/password', { current_password: 'correct horse battery', new_password: 'a brand new one' });
  expect(ok.statusCode, ok.body).toBe(200);
  expect((await call(first.headers, 'GET', '/v1/org/me')).statusCode).toBe(200);
  expect((await call(secondHeaders, 'GET', '/v1/org/me')).statusCode).toBe(401);
  const old = await t.app.inject({ method: 'POST', url: '/v1/org/login', payload: { email, password: 'correct horse battery' } });
  expect(old.statusCode).toBe(401);
  expect((await t.app.inject({ method: 'POST', url: '/v1/org/login', payload: { email, password: 'a brand new one' } })).statusCode).toBe(200);
});

it('signs out everywhere: every session of the member ends', async () => {
  const a = await loginAs(t, 'member');
  const email = (await call(a.headers, 'GET', '/v1/org/me')).json().member.email as string;
  const b = await t.app.inject({ method: 'POST', url: '/v1/org/login', payload: { email, password: 'correct horse battery' } });
  const bHeaders = { cookie: String(b.headers['set-cookie']).split(';')[0]!, 'x-csrf-token': b.json().csrf_token };
  const other = await loginAs(t, 'member');
  const res = await call(a.headers, 'POST', '/v1/org/me/sign-out-everywhere');
  expect(res.statusCode).toBe(204);
  expect((await call(a.headers, 'GET', '/v1/org/me')).statusCode).toBe(401);
  expect((await call(bHeaders, 'GET', '/v1/org/me')).statusCode).toBe(401);
  // Someone else's session is untouched.
  expect((await call(other.headers, 'GET', '/v1/org/me')).statusCode).toBe(200);
});

it('an invite link works once: it sets the password and signs in; used or made up, it is a 404', async () => {
  const owner = await loginAs(t, 'owner');
  const res = await call(owner.headers, 'POST', '/v1/org/members', { email: 'link@example.test', role: 'operator', invite: 'link' });
  expect(res.statusCode, res.body).toBe(201);
  const { invite_url, temporary_password, member } = res.json();
  expect(temporary_password).toBeNull();
  expect(JSON.stringify(res.json())).not.toContain('invite_hash');
  const token = new URL(invite_url).hash.slice(1);
  const accept = (tk: string) => t.app.inject({ method: 'POST', url: '/v1/org/invites/accept', payload: { token: tk, password: 'my own password' } });
  const first = await accept(token);
  expect(first.statusCode, first.body).toBe(200);
  expect(first.json().member).toMatchObject({ id: member.id, role: 'operator' });
  expect(first.json().member.must_change_password).toBeUndefined();
  expect((await accept(token)).statusCode).toBe(404);
  expect((await accept(`${token.slice(0, -3)}abc`)).statusCode).toBe(404);
  expect((await t.app.inject({ method: 'POST', url: '/v1/org/login', payload: { email: 'link@example.test', password: 'my own password' } })).statusCode).toBe(200);
});
