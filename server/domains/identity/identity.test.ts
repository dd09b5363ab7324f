// Verified identity on the real app and store (spec 2.4): signatures, tokens, merging rules.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { AppError } from '../../errors.js';
import type { Channel } from '../../../shared/schemas/entities.js';
import { signJwt, signValue, verifyJwt, verifyValue } from './verify.js';
import { channelIdentitySecret } from './channel-secret.js';
import { COMMANDS } from '../../cli/commands.js';

describe('signatures and tokens', () => {
  const secret = 'ids_test_secret';

  it('checks HMAC-SHA256 hex of the exact value', () => {
    const sig = signValue(secret, 'ada@example.com');
    expect(sig).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyValue(secret, 'ada@example.com', sig)).toBe(true);
    expect(verifyValue(secret, 'ada@example.com', sig.toUpperCase())).toBe(true);
    expect(verifyValue(secret, 'eve@example.com', sig)).toBe(false);
    expect(verifyValue('other', 'ada@example.com', sig)).toBe(false);
    expect(verifyValue(secret, 'ada@example.com', 'short')).toBe(false);
  });

  it('accepts short-lived HS256 tokens only', () => {
    const now = Math.floor(Date.now() / 1000);
    const ok = verifyJwt(secret, signJwt(secret, { sub: 'cust-42', email: 'ada@example.com' }));
    expect(ok).toEqual({ ok: true, claims: { email: 'ada@example.com', external_id: 'cust-42' } });
    expect(verifyJwt('wrong', signJwt(secret, { email: 'a@b.c' })).ok).toBe(false);
    expect(verifyJwt(secret, signJwt(secret, { email: 'a@b.c', iat: now - 4000, exp: now - 600 }))).toMatchObject({ ok: false, reason: 'the token has expired' });
    expect(verifyJwt(secret, signJwt(secret, { email: 'a@b.c', exp: now + 86400 })).ok).toBe(false);
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
    await COMMANDS['channel-secret']!.run({ project: P(), 'require-verified': 'yes' }, t.app.ctx, (l) => lines.push(l));
    expect(lines.at(-1)).toBe(secret);
    expect(lines).toContain('require_verified_identity true');
    await COMMANDS['channel-secret']!.run({ project: P(), rotate: true }, t.app.ctx, (l) => lines.push(l));
    expect(lines.at(-1)).not.toBe(secret);
  });

  it('a signed email verifies the anonymous visitor in place', async () => {
    const { user, conv } = await visitorWithConversation();
    const r = await svc().identity.identify(P(), channel, user.id, { email: 'Ada@Example.com', email_signature: signValue(secret, 'Ada@Example.com'), first_name: 'Ada' });
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
    const ada = await svc().identity.identify(P(), channel, anon.id, { email: 'ada@example.com', email_signature: signValue(secret, 'ada@example.com') });
    const bob = await svc().identity.identify(P(), channel, ada.user.id, { email: 'bob@example.com', email_signature: signValue(secret, 'bob@example.com') });
    expect(bob.user.id).not.toBe(ada.user.id);
    expect(bob.moved_conversation_ids).toEqual([]);
    expect((await svc().conversations.get(P(), conv.id))!.user_id).toBe(ada.user.id);
    // Back to Ada from Bob's browser state: she is found, Bob keeps his (empty) history.
    const again = await svc().identity.identify(P(), channel, bob.user.id, { email: 'ada@example.com', email_signature: signValue(secret, 'ada@example.com') });
    expect(again.user.id).toBe(ada.user.id);
  });

  it('rejects bad signatures and tokens, and unsigned identities where verification is required', async () => {
    const { user } = await visitorWithConversation();
    const id = svc().identity;
    expect(await errorCode(id.identify(P(), channel, user.id, { email: 'a@b.c', email_signature: signValue('guess', 'a@b.c') }))).toBe('identity_verification_failed');
    expect(await errorCode(id.identify(P(), channel, user.id, { jwt: signJwt('guess', { email: 'a@b.c' }) }))).toBe('identity_verification_failed');
    expect(await errorCode(id.identify(P(), channel, user.id, { email: 'x@y.z', jwt: signJwt(secret, { email: 'a@b.c' }) }))).toBe('identity_verification_failed');
    const noSecret = { ...channel, identity_secret: undefined };
    expect(await errorCode(id.identify(P(), noSecret, user.id, { email: 'a@b.c', email_signature: 'ab' }))).toBe('identity_verification_failed');
    const strict = { ...channel, require_verified_identity: true };
    expect(await errorCode(id.identify(P(), strict, user.id, { email: 'a@b.c' }))).toBe('verified_identity_required');
    const ok = await id.identify(P(), strict, user.id, { phone: '+1 555 0100', phone_signature: signValue(secret, '+1 555 0100') });
    expect(ok.user).toMatchObject({ phone: '+15550100', phone_signed: true });
  });
});
