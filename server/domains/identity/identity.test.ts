// Verified identity on the real app and store (spec 2.4): signatures, tokens, merging rules.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { AppError } from '../../errors.js';
import type { Channel } from '../../../shared/schemas/entities.js';
import { createHmac } from 'node:crypto';
import { signJwt, signValue, verifyJwt, verifyValue } from './verify.js';
import { channelIdentitySecret } from './channel-secret.js';
import { STORE_COMMANDS } from '../../cli/commands.js';

describe('signatures and tokens', () => {
  const secret = 'ids_test_secret';

  it('checks HMAC-SHA256 hex of v2:<field>:<canonical value>', () => {
    const sig = signValue(secret, 'email', 'ada@example.com');
    expect(sig).toMatch(/^[0-9a-f]{64}$/);
    expect(sig).toBe(createHmac('sha256', secret).update('v2:email:ada@example.com').digest('hex'));
    expect(verifyValue(secret, 'email', 'ada@example.com', sig)).toEqual({ ok: true, value: 'ada@example.com' });
    expect(verifyValue(secret, 'email', 'ada@example.com', sig.toUpperCase()).ok).toBe(true);
    // A variant spelling carrying the canonical value's signature is that value (canonicalise, then check).
    expect(verifyValue(secret, 'email', ' Ada@Example.com', sig)).toEqual({ ok: true, value: 'ada@example.com' });
    expect(verifyValue(secret, 'email', 'eve@example.com', sig)).toMatchObject({ ok: false, reason: 'the email signature does not match' });
    expect(verifyValue('other', 'email', 'ada@example.com', sig).ok).toBe(false);
    expect(verifyValue(secret, 'email', 'ada@example.com', 'short').ok).toBe(false);
  });

  it('says why a signature of a variant, of another field or in the v1 form is refused', () => {
    const variant = verifyValue(secret, 'email', 'Ada@Example.com', signValue(secret, 'email', 'Ada@Example.com'));
    expect(variant).toEqual({ ok: false, reason: expect.stringContaining('canonical form') });
    const phone = verifyValue(secret, 'phone', '+1 (555) 123-4567', signValue(secret, 'phone', '+1 (555) 123-4567'));
    expect(phone).toEqual({ ok: false, reason: expect.stringContaining('"+15551234567"') });
    const crossField = verifyValue(secret, 'phone', '+15551234567', signValue(secret, 'external_id', '+15551234567'));
    expect(crossField).toEqual({ ok: false, reason: 'this signature is for the external_id, not for the phone' });
    const v1 = verifyValue(secret, 'email', 'ada@example.com', createHmac('sha256', secret).update('ada@example.com').digest('hex'));
    expect(v1).toEqual({ ok: false, reason: expect.stringContaining('v1 signature') });
  });

  it('accepts short-lived HS256 tokens only', () => {
    const now = Math.floor(Date.now() / 1000);
    const ok = verifyJwt(secret, signJwt(secret, { sub: 'cust-42', email: 'ada@example.com' }));
    expect(ok).toEqual({ ok: true, claims: { email: 'ada@example.com', external_id: 'cust-42' } });
    expect(verifyJwt('wrong', signJwt(secret, { email: 'a@b.c' })).ok).toBe(false);
    expect(verifyJwt(secret, signJwt(secret, { email: 'a@b.c', iat: now - 4000, exp: now - 600 }))).toMatchObject({ ok: false, reason: 'the token has expired' });
    expect(verifyJwt(secret, signJwt(secret, { email: 'a@b.c', exp: now + 86400 })).ok).toBe(false);
    // Identity claims must be canonical: a token for `Ada@Example.com` does not vouch for `ada@example.com`.
    expect(verifyJwt(secret, signJwt(secret, { email: 'Ada@Example.com' }))).toMatchObject({ ok: false, reason: expect.stringContaining('email claim must be in canonical form') });
    expect(verifyJwt(secret, signJwt(secret, { sub: ' cust-42' })).ok).toBe(false);
    expect(verifyJwt(secret, signJwt(secret, { phone: '+1 555 0100' })).ok).toBe(false);
    const [, payload] = signJwt(secret, { email: 'a@b.c' }).split('.');
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    expect(verifyJwt(secret, none).ok).toBe(false);
    expect(verifyJwt(secret, 'not.a.jwt').ok).toBe(false);
  });
});

describe('identify', () => {
  let t: TestApp;
  let channel: Channel;
  let secret: string;
  beforeEach(async () => {
    t = await createTestApp();
    const res = await channelIdentitySecret(t.app.ctx.services.projects, t.demo.project_id);
    channel = res.channel;
    secret = res.secret;
  });
  afterEach(() => t.close());

  const svc = () => t.app.ctx.services;
  const P = () => t.demo.project_id;
  async function visitorWithConversation(text = 'hello') {
    const user = await svc().users.create(P(), {});
    const conv = await svc().conversations.create({ projectId: P(), userId: user.id, channelType: 'website_widget', firstMessage: { role: 'user', content: text } });
    return { user, conv };
  }
  async function errorCode(p: Promise<unknown>) {
    return p.then(() => 'no error', (e) => (e instanceof AppError ? e.code : String(e)));
  }

  it('creates and rotates the channel secret', async () => {
    expect(secret).toMatch(/^ids_/);
    expect((await channelIdentitySecret(svc().projects, P())).secret).toBe(secret);
    const rotated = await channelIdentitySecret(svc().projects, P(), { rotate: true, requireVerified: true });
    expect(rotated.secret).not.toBe(secret);
    expect(rotated.channel.require_verified_identity).toBe(true);
  });

  it('the CLI shows the secret and switches required verification', async () => {
    const lines: string[] = [];
    await STORE_COMMANDS['channel-secret']!.run({ project: P(), 'require-verified': 'yes' }, t.app.ctx, (l) => lines.push(l));
    expect(lines.at(-1)).toBe(secret);
    expect(lines).toContain('require_verified_identity true');
    await STORE_COMMANDS['channel-secret']!.run({ project: P(), rotate: true }, t.app.ctx, (l) => lines.push(l));
    expect(lines.at(-1)).not.toBe(secret);
  });

  it('a signed email verifies the anonymous visitor in place', async () => {
    const { user, conv } = await visitorWithConversation();
    const r = await svc().identity.identify(P(), channel, user.id, { email: 'ada@example.com', email_signature: signValue(secret, 'email', 'ada@example.com'), first_name: 'Ada' });
    expect(r.user.id).toBe(user.id);
    expect(r.user).toMatchObject({ email: 'ada@example.com', email_signed: true, phone_signed: false, first_name: 'Ada' });
    expect(r.verified_fields).toEqual(['email']);
    expect((await svc().conversations.get(P(), conv.id))!.user_id).toBe(user.id);
  });

  it('a verified identity of an existing user moves the anonymous conversations to that user', async () => {
    const known = await svc().users.create(P(), { external_id: 'cust-42', email: 'ada@example.com' });
    const { user: anon, conv } = await visitorWithConversation();
    const r = await svc().identity.identify(P(), channel, anon.id, { jwt: signJwt(secret, { sub: 'cust-42' }) });
    expect(r.user.id).toBe(known.id);
    expect(r.user.external_id_signed).toBe(true);
    expect(r.previous_user_id).toBe(anon.id);
    expect(r.moved_conversation_ids).toEqual([conv.id]);
    expect((await svc().conversations.get(P(), conv.id))!.user_id).toBe(known.id);
  });

  it('unsigned values are stored aside and never merge', async () => {
    const known = await svc().users.create(P(), { email: 'ada@example.com' });
    const { user: anon, conv } = await visitorWithConversation();
    const r = await svc().identity.identify(P(), channel, anon.id, { email: 'ada@example.com', phone: '+49 30 1234' });
    expect(r.user.id).toBe(anon.id);
    expect(r.user.email).toBeNull();
    expect(r.user.email_signed).toBe(false);
    expect(r.user.external_attributes).toMatchObject({ unverified_email: 'ada@example.com', unverified_phone: '+49 30 1234' });
    expect((await svc().conversations.get(P(), conv.id))!.user_id).toBe(anon.id);
    expect((await svc().users.get(P(), known.id))!.email_signed).toBe(false);
  });

  it('a visitor verified as one person never hands their history to another', async () => {
    const { user: anon, conv } = await visitorWithConversation();
    const ada = await svc().identity.identify(P(), channel, anon.id, { email: 'ada@example.com', email_signature: signValue(secret, 'email', 'ada@example.com') });
    const bob = await svc().identity.identify(P(), channel, ada.user.id, { email: 'bob@example.com', email_signature: signValue(secret, 'email', 'bob@example.com') });
    expect(bob.user.id).not.toBe(ada.user.id);
    expect(bob.moved_conversation_ids).toEqual([]);
    expect((await svc().conversations.get(P(), conv.id))!.user_id).toBe(ada.user.id);
    // Back to Ada from Bob's browser state: she is found, Bob keeps his (empty) history.
    const again = await svc().identity.identify(P(), channel, bob.user.id, { email: 'ada@example.com', email_signature: signValue(secret, 'email', 'ada@example.com') });
    expect(again.user.id).toBe(ada.user.id);
  });

  it('rejects bad signatures and tokens, and unsigned identities where verification is required', async () => {
    const { user } = await visitorWithConversation();
    const id = svc().identity;
    expect(await errorCode(id.identify(P(), channel, user.id, { email: 'a@b.c', email_signature: signValue('guess', 'email', 'a@b.c') }))).toBe('identity_verification_failed');
    expect(await errorCode(id.identify(P(), channel, user.id, { jwt: signJwt('guess', { email: 'a@b.c' }) }))).toBe('identity_verification_failed');
    expect(await errorCode(id.identify(P(), channel, user.id, { email: 'x@y.z', jwt: signJwt(secret, { email: 'a@b.c' }) }))).toBe('identity_verification_failed');
    const noSecret = { ...channel, identity_secret: undefined };
    expect(await errorCode(id.identify(P(), noSecret, user.id, { email: 'a@b.c', email_signature: 'ab' }))).toBe('identity_verification_failed');
    const strict = { ...channel, require_verified_identity: true };
    expect(await errorCode(id.identify(P(), strict, user.id, { email: 'a@b.c' }))).toBe('verified_identity_required');
    expect(await errorCode(id.identify(P(), strict, user.id, { phone: '+1 555 0100', phone_signature: signValue(secret, 'phone', '+1 555 0100') }))).toBe('identity_verification_failed');
    const ok = await id.identify(P(), strict, user.id, { phone: '+1 555 0100', phone_signature: signValue(secret, 'phone', '+15550100') });
    expect(ok.user).toMatchObject({ phone: '+15550100', phone_signed: true });
  });
});
