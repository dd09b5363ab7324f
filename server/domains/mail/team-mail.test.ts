// Team e-mail end to end on a real SMTP server: the invite link in the e-mail signs the member in;
// "Forgot password?" answers 202 for any address, e-mails a link that sets a new password once and
// ends every other session; asks are rate-limited; the admins' outbox shows what was sent.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAtMinuteStart } from '../../testing/minute-window.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { loginAs } from '../../http/auth/team-session.fixture.js';
import { linkIn, startTestSmtp, type TestSmtp } from './testing/smtp-server.fixture.js';

let smtp: TestSmtp;
let t: TestApp;
let base: string;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ mail: { smtpUrl: smtp.url, from: 'Parley <parley@example.test>' } });
  base = await t.listen();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers, ...(remoteAddress ? { remoteAddress } : {}) });
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/v1/org/me', headers: { cookie } });
const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie']).split(';')[0]!;

it('e-mails an invite link that signs the member in; the console is told it was e-mailed', async () => {
  const admin = await loginAs(t, 'admin');
  const res = await post('/v1/org/members', { email: 'new.hire@example.test', name: 'New Hire', role: 'operator', invite: 'link' }, { ...admin.headers, 'accept-language': 'de-DE,de;q=0.9' });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json()).toMatchObject({ invite_emailed: true });
  const mail = await smtp.waitFor('new.hire@example.test');
  expect(mail.subject).toContain('Einladung');
  const link = linkIn(mail, `${base}/app/invite#`);
  expect(link).toBe(res.json().invite_url);
  expect(mail.html).toContain(link.replace(/&/g, '&amp;'));
  const accepted = await post('/v1/org/invites/accept', { token: new URL(link).hash.slice(1), password: 'my first password' });
  expect(accepted.statusCode, accepted.body).toBe(200);
  expect((await me(cookieOf(accepted))).json().member.email).toBe('new.hire@example.test');
});

it('resets a password through the e-mailed link once; other sessions end; a second use fails', async () => {
  const member = await loginAs(t, 'operator');
  const email = (await me(member.cookie)).json().member.email as string;
  const other = await loginAs(t, 'operator');
  const after = smtp.received.length;
  const ask = await post('/v1/org/password-reset', { email: email.toUpperCase() });
  expect(ask.statusCode, ask.body).toBe(202);
  const mail = await smtp.waitFor(email, { after });
  expect(mail.subject).toMatch(/Reset your Parley password/);
  const token = new URL(linkIn(mail, `${base}/app/reset-password#`)).hash.slice(1);

  const reset = await post('/v1/org/password-reset/complete', { token, password: 'a whole new secret' });
  expect(reset.statusCode, reset.body).toBe(200);
  expect((await me(cookieOf(reset))).statusCode).toBe(200);
  // The member's earlier session ended; another member's did not.
  expect((await me(member.cookie)).statusCode).toBe(401);
  expect((await me(other.cookie)).statusCode).toBe(200);
  expect((await post('/v1/org/password-reset/complete', { token, password: 'yet another secret' })).statusCode).toBe(404);
  expect((await post('/v1/org/login', { email, password: 'correct horse battery' })).statusCode).toBe(401);
  expect((await post('/v1/org/login', { email, password: 'a whole new secret' })).statusCode).toBe(200);
  // Only a hash was stored, and it is gone once used.
  const stored = (await t.app.ctx.store.collection('members').findBy('email', email))[0]!;
  expect(stored.reset_hash).toBeUndefined();
});

it('answers 202 for an unknown address and sends nothing; a made-up link is a 404', async () => {
  const after = smtp.received.length;
  expect((await post('/v1/org/password-reset', { email: 'nobody-here@example.test' }, {}, '10.1.1.1')).statusCode).toBe(202);
  await new Promise((r) => setTimeout(r, 300));
  expect(smtp.received.slice(after).some((m) => m.subject?.includes('Reset'))).toBe(false);
  const outbox = await t.app.ctx.store.collection('mail_outbox').list(t.demo.organization_id);
  expect(outbox.some((m) => m.to === 'nobody-here@example.test')).toBe(false);
  expect((await post('/v1/org/password-reset/complete', { token: `${t.demo.organization_id}.x.madeupsecret`, password: 'whatever it is' })).statusCode).toBe(404);
});

it('limits asks per e-mail address and per client address', async () => {
  startAtMinuteStart();
  const first = await post('/v1/org/password-reset', { email: 'limited@example.test' }, {}, '10.2.2.2');
  expect(first.statusCode).toBe(202);
  const again = await post('/v1/org/password-reset', { email: 'limited@example.test' }, {}, '10.2.2.3');
  expect(again.statusCode).toBe(429);
  expect(again.headers['retry-after']).toBeTruthy();
  const codes: number[] = [];
  for (let i = 0; i < 7; i++) codes.push((await post('/v1/org/password-reset', { email: `many-${i}@example.test` }, {}, '10.3.3.3')).statusCode);
  expect(codes.slice(0, 5)).toEqual([202, 202, 202, 202, 202]);
  expect(codes.at(-1)).toBe(429);
});

it('shows admins the outbox (kind, recipient, status, attempts); other roles get a 403', async () => {
  const admin = await loginAs(t, 'admin');
  const test = await post('/v1/org/mail/test', {}, admin.headers);
  expect(test.statusCode, test.body).toBe(202);
  const res = await t.app.inject({ method: 'GET', url: '/v1/org/mail', headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body).toMatchObject({ configured: true, from: 'Parley <parley@example.test>' });
  expect(body.messages[0]).toMatchObject({ kind: 'test', status: expect.stringMatching(/queued|sent/) });
  expect(body.messages.some((m: { kind: string; to: string }) => m.kind === 'invite' && m.to === 'new.hire@example.test')).toBe(true);
  expect(JSON.stringify(body)).not.toContain('reset-password#');
  const operator = await loginAs(t, 'operator');
  expect((await t.app.inject({ method: 'GET', url: '/v1/org/mail', headers: operator.headers })).statusCode).toBe(403);
  // Every member may ask whether e-mail is on (the conversation view says so under a left address).
  expect((await t.app.inject({ method: 'GET', url: '/v1/org/mail/enabled', headers: operator.headers })).json()).toEqual({ configured: true });
});

it('without SMTP: the invite says it was not e-mailed, a reset ask is 503 not_configured', async () => {
  const bare = await createTestApp();
  try {
    const admin = await loginAs(bare, 'admin');
    const res = await bare.app.inject({ method: 'POST', url: '/v1/org/members', headers: admin.headers, payload: { email: 'x@example.test', invite: 'link' } });
    expect(res.json()).toMatchObject({ invite_emailed: false });
    const ask = await bare.app.inject({ method: 'POST', url: '/v1/org/password-reset', payload: { email: 'x@example.test' } });
    expect(ask.statusCode).toBe(503);
    expect(ask.json().error).toBe('not_configured');
    const status = await bare.app.inject({ method: 'GET', url: '/v1/org/mail', headers: admin.headers });
    expect(status.json()).toEqual({ configured: false, from: null, messages: [] });
    expect((await bare.app.inject({ method: 'GET', url: '/v1/org/mail/enabled', headers: admin.headers })).json()).toEqual({ configured: false });
  } finally {
    await bare.close();
  }
});
