// Visitor tokens and rate-limit buckets: pure logic, with explicit clocks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createTokenSigner, verifyVisitorTokens } from './tokens.js';
import { RateLimiter } from './limits.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { connectWidget } from './test-client.js';

const signer = createTokenSigner(randomBytes(32));
const DAY = 86_400_000;

describe('visitor tokens', () => {
  it('verify what they signed, for the same kind and frame only', () => {
    const token = signer.sign({ kind: 'session', frame_id: 'fr_a', device_id: 'd1', user_id: 'u1', session_id: 's1' }, 7);
    expect(signer.verify(token, 'session', 'fr_a')).toMatchObject({ device_id: 'd1', user_id: 'u1', session_id: 's1' });
    expect(signer.verify(token, 'session', 'fr_b')).toBeNull();
    expect(signer.verify(token, 'user', 'fr_a')).toBeNull();
    expect(signer.verify(token.replace('.session.', '.device.'), 'device', 'fr_a')).toBeNull();
  });

  it('refuse a changed payload, another key and garbage', () => {
    const token = signer.sign({ kind: 'device', frame_id: 'fr_a', device_id: 'd1' }, 183);
    const [v, k, payload, sig] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const tampered = Buffer.from(JSON.stringify({ ...claims, device_id: 'd2' })).toString('base64url');
    expect(signer.verify(`${v}.${k}.${tampered}.${sig}`, 'device', 'fr_a')).toBeNull();
    expect(createTokenSigner(randomBytes(32)).verify(token, 'device', 'fr_a')).toBeNull();
    for (const junk of ['', 'pv1', 'pv1.device..', 'a.b.c.d', token + 'x', null, undefined]) expect(signer.verify(junk, 'device', 'fr_a')).toBeNull();
  });

  it('expire after their lifetime (7-day session, or the channel override)', () => {
    const t0 = Date.UTC(2026, 0, 1);
    const week = signer.sign({ kind: 'session', frame_id: 'f', device_id: 'd', user_id: 'u', session_id: 's' }, 7, t0);
    expect(signer.verify(week, 'session', 'f', t0 + 7 * DAY - 1000)).not.toBeNull();
    expect(signer.verify(week, 'session', 'f', t0 + 7 * DAY)).toBeNull();
    const month = signer.sign({ kind: 'session', frame_id: 'f', device_id: 'd', user_id: 'u', session_id: 's' }, 30, t0);
    expect(signer.verify(month, 'session', 'f', t0 + 29 * DAY)).not.toBeNull();
  });
});

describe('rate limiter', () => {
  it('allows a minute of burst, then refuses with the seconds until the next token', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    for (let i = 0; i < 6; i++) expect(limiter.take('k', 6)).toBe(0);
    expect(limiter.take('k', 6)).toBe(10);
    now += 4_000;
    expect(limiter.take('k', 6)).toBe(6);
    now += 6_000;
    expect(limiter.take('k', 6)).toBe(0);
    expect(limiter.take('other', 6)).toBe(0);
  });

  it('forgets idle buckets so visitors that left do not accumulate', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    for (let i = 0; i < 15_000; i++) limiter.take(`visitor-${i}`, 10);
    expect(limiter.size).toBe(15_000);
    now += 61_000;
    for (let i = 0; i < 5_000; i++) limiter.take(`late-${i}`, 10);
    expect(limiter.size).toBeLessThan(6_000);
    limiter.forget('late-1');
    expect(limiter.size).toBeLessThan(5_000);
  });
});

describe('verifyVisitorTokens (for HTTP endpoints acting for a visitor, e.g. voice uploads)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('accepts the tokens the gateway issued and refuses mixed or missing ones', async () => {
    const base = await t.listen();
    const c = await connectWidget(base, base);
    c.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id });
    const welcome = await c.next('session.welcome');
    c.send({ type: 'message.send', client_id: 'voice-0001', content: 'hello' });
    const tokens = await c.next('session.tokens');
    await c.next('message.ack');
    c.close();
    const channel = { frame_id: t.demo.frame_id, project_id: t.demo.project_id };
    const ok = await verifyVisitorTokens(t.app.ctx, channel, { device_token: welcome.device_token, session_token: tokens.session_token }, { requireSession: true });
    expect(ok).toMatchObject({ project_id: t.demo.project_id });
    expect(ok?.session_id).toBeTruthy();
    expect(await verifyVisitorTokens(t.app.ctx, channel, { device_token: welcome.device_token }, { requireSession: true })).toBeNull();
    expect(await verifyVisitorTokens(t.app.ctx, channel, { device_token: welcome.device_token })).toMatchObject({ session_id: null });
    expect(await verifyVisitorTokens(t.app.ctx, channel, { session_token: tokens.session_token })).toBeNull();
    expect(await verifyVisitorTokens(t.app.ctx, { ...channel, frame_id: 'fr_other' }, { device_token: welcome.device_token })).toBeNull();
  });
});
