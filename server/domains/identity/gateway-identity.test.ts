// identity.identify / identity.logout over real WebSockets against the real app (spec 2.4, 5.1).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { connectWidget, type WidgetClient } from '../widget/test-client.js';
import { channelIdentitySecret } from './channel-secret.js';
import { signJwt, signValue } from './verify.js';
import { createHmac } from 'node:crypto';
import { loadIdentitySnippet, type IdentitySnippet } from '../../../tests/fixtures/identity-snippet.js';

let t: TestApp;
let base: string;
let frameId: string;
let secret: string;
const open: WidgetClient[] = [];

async function visitor(tokens: Record<string, unknown> = {}) {
  const c = await connectWidget(base, base);
  open.push(c);
  c.send({ type: 'session.hello', v: 1, frame_id: frameId, ...tokens });
  return { c, welcome: await c.next('session.welcome') };
}

beforeAll(async () => {
  t = await createTestApp();
  base = await t.listen();
  frameId = t.demo.frame_id;
  secret = (await channelIdentitySecret(t.app.ctx.services.projects, t.demo.project_id)).secret;
});
afterAll(async () => {
  for (const c of open) c.close();
  await t.close();
});

const P = () => t.demo.project_id;

describe('identity over the widget gateway', () => {
  it('a verified identity moves the anonymous conversation to the known user, and survives a reload', async () => {
    const known = await t.app.ctx.services.users.create(P(), { email: 'ada@example.com', first_name: 'Ada' });
    const { c } = await visitor();
    c.send({ type: 'message.send', client_id: 'voice-id-0001', content: 'Where is my order?' });
    await c.next('session.tokens');
    const ack = await c.next('message.ack');
    c.send({ type: 'identity.identify', email: 'ada@example.com', email_signature: signValue(secret, 'email', 'ada@example.com') });
    const updated = await c.next('identity.updated');
    expect(updated.user).toEqual({ id: known.id, email_signed: true, phone_signed: false, external_id_signed: false });
    const tokens = await c.next('session.tokens');
    expect((await t.app.ctx.services.conversations.get(P(), ack.conversation.id))!.user_id).toBe(known.id);

    // A reload with the new tokens reopens the conversation as Ada.
    const device = c.frames.find((f) => f.type === 'session.welcome') as { device_token: string };
    const reload = await visitor({ device_token: device.device_token, user_token: tokens.user_token, session_token: tokens.session_token, conversation_id: ack.conversation.id, last_seq: 0 });
    expect(reload.welcome.conversation?.id).toBe(ack.conversation.id);
    expect(reload.welcome.user_token).toBe(tokens.user_token);
  });

  it('unsigned values never merge; bad signatures are refused with a stable code', async () => {
    const { c } = await visitor();
    c.send({ type: 'identity.identify', email: 'ada@example.com' });
    const updated = await c.next('identity.updated');
    expect(updated.user.email_signed).toBe(false);
    const ada = (await t.app.ctx.services.users.findByIdentity(P(), 'email', 'ada@example.com'))!;
    expect(updated.user.id).not.toBe(ada.id);
    c.send({ type: 'identity.identify', email: 'ada@example.com', email_signature: signValue('guessed', 'email', 'ada@example.com') });
    expect((await c.next('error')).error).toBe('identity_verification_failed');
  });

  it('logout revokes the session and rotates the device binding', async () => {
    const { c, welcome } = await visitor();
    c.send({ type: 'identity.identify', jwt: signJwt(secret, { sub: 'cust-7', email: 'bo@example.com' }) });
    await c.next('identity.updated');
    c.send({ type: 'message.send', client_id: 'logout-0001', content: 'Private question' });
    const tokens = await c.next('session.tokens');
    const ack = await c.next('message.ack');
    c.send({ type: 'identity.logout' });
    const fresh = await c.next('session.welcome');
    expect(fresh).toMatchObject({ user_token: null, session_token: null, conversation: null, messages: [] });
    expect(fresh.device_token).not.toBe(welcome.device_token);
    // The old session no longer opens the conversation.
    const stale = await visitor({ device_token: welcome.device_token, user_token: tokens.user_token, session_token: tokens.session_token, conversation_id: ack.conversation.id });
    expect(stale.welcome.conversation).toBeNull();
    expect(stale.c.frames.some((f) => f.type === 'error' && f.error === 'invalid_token')).toBe(true);
    // Nor do the old device and user tokens without the session: the device itself was retired.
    const copied = await visitor({ device_token: welcome.device_token, user_token: tokens.user_token });
    expect(copied.welcome.user_token).toBeNull();
    expect(copied.welcome.device_token).not.toBe(welcome.device_token);
    copied.c.send({ type: 'message.send', client_id: 'logout-copy1', content: 'As Bo again?' });
    const copiedAck = await copied.c.next('message.ack');
    const bo = (await t.app.ctx.services.users.findByIdentity(P(), 'external_id', 'cust-7'))!;
    expect((await t.app.ctx.services.conversations.get(P(), copiedAck.conversation.id))!.user_id).not.toBe(bo.id);
    // Logged-in again on the fresh device, the verified user gets their conversation back.
    const back = await visitor({ device_token: fresh.device_token });
    back.c.send({ type: 'message.send', client_id: 'logout-0002', content: 'Hi again' });
    await back.c.next('message.ack');
    back.c.send({ type: 'identity.identify', jwt: signJwt(secret, { sub: 'cust-7' }) });
    expect((await back.c.next('identity.updated')).user.external_id_signed).toBe(true);
  });

  it('a channel that requires verification refuses chat until the visitor is verified', async () => {
    await channelIdentitySecret(t.app.ctx.services.projects, P(), { requireVerified: true });
    try {
      const { c, welcome } = await visitor();
      expect(welcome.channel.require_verified_identity).toBe(true);
      c.send({ type: 'message.send', client_id: 'strict-0001', content: 'Hello?' });
      expect(await c.next('error')).toMatchObject({ error: 'verified_identity_required', client_id: 'strict-0001' });
      c.send({ type: 'identity.identify', email: 'cy@example.com' });
      expect((await c.next('error')).error).toBe('verified_identity_required');
      c.send({ type: 'identity.identify', email: 'cy@example.com', email_signature: signValue(secret, 'email', 'cy@example.com') });
      await c.next('identity.updated');
      c.send({ type: 'message.send', client_id: 'strict-0002', content: 'Hello?' });
      expect((await c.next('message.ack')).message.content).toBe('Hello?');
    } finally {
      await channelIdentitySecret(t.app.ctx.services.projects, P(), { requireVerified: false });
    }
  });
});

// A genuine signature (made by the documented snippet) for a variant of someone else's identity
// must never make the visitor that someone: values are checked in canonical form and a signature
// names its field (docs/identity.md, "Signature format").
describe('signed variants of a verified identity', () => {
  const SECRET_TEXT = 'Victim: my delivery address is 1 Main St';
  let victimId: string;
  let snippet: IdentitySnippet;

  beforeAll(async () => {
    snippet = await loadIdentitySnippet();
    const { c } = await visitor();
    c.send({ type: 'identity.identify', ...snippet.parleyIdentity(secret, { email: 'victim@example.com', phone: '+15551234567' }) });
    victimId = (await c.next('identity.updated')).user.id;
    c.send({ type: 'message.send', client_id: 'victim-0001', content: SECRET_TEXT });
    await c.next('message.ack');
    const victim = (await t.app.ctx.services.users.get(P(), victimId))!;
    expect(victim).toMatchObject({ email: 'victim@example.com', email_signed: true, phone: '+15551234567', phone_signed: true });
  });

  /** An attacker with a conversation of their own sends `identity`; returns what came back. */
  async function attack(identity: Record<string, unknown>) {
    const { c, welcome } = await visitor();
    c.send({ type: 'message.send', client_id: 'attack-0001', content: 'attacker here' });
    const tokens = await c.next('session.tokens');
    const ack = await c.next('message.ack');
    c.send({ type: 'identity.identify', ...identity });
    const reply = await Promise.race([c.next('error'), c.next('identity.updated')]);
    // The attacker's next welcome (a reload with their latest tokens) must not show the victim's messages.
    const latest = [...c.frames].reverse().find((f) => f.type === 'session.tokens') as typeof tokens;
    const reload = await visitor({ device_token: welcome.device_token, user_token: latest.user_token, session_token: latest.session_token });
    const conversation = (await t.app.ctx.services.conversations.get(P(), ack.conversation.id))!;
    return { reply, reload: reload.welcome, conversation };
  }

  const email = (value: string) => () => snippet.parleyIdentity(secret, { email: value });
  const phone = (value: string) => () => snippet.parleyIdentity(secret, { phone: value });
  const cases: [string, () => Record<string, unknown>][] = [
    ['an email in other case', email('Victim@Example.com')],
    ['an email with a trailing space', email('victim@example.com ')],
    ['a phone number with separators', phone('+1 (555) 123-4567')],
    ['an external-id signature reused as a phone signature', () => {
      const ext = snippet.parleyIdentity(secret, { external_id: '+15551234567' });
      return { phone: '+15551234567', phone_signature: ext.external_id_signature };
    }],
    ['the signature form without a field (v1), for the exact canonical email', () => ({ email: 'victim@example.com', email_signature: createHmac('sha256', secret).update('victim@example.com').digest('hex') })],
    ['a JWT whose email claim is in other case', () => snippet.parleyIdentityToken(secret, { email: 'Victim@Example.com' })],
    ['a JWT whose email claim has a trailing space', () => snippet.parleyIdentityToken(secret, { email: 'victim@example.com ' })],
    ['a JWT whose phone claim has separators', () => snippet.parleyIdentityToken(secret, { phone: '+1 (555) 123-4567' })],
  ];

  it.each(cases)('%s is refused and never merges', async (_name, make) => {
    const { reply, reload, conversation } = await attack(make());
    expect(reply).toMatchObject({ type: 'error', error: 'identity_verification_failed' });
    expect(conversation.user_id).not.toBe(victimId);
    expect(reload.messages.map((m) => m.content)).not.toContain(SECRET_TEXT);
    expect(reload.conversation?.id).toBe(conversation.id);
  });

  it('the canonical values, signed by the snippet, still identify the victim', async () => {
    const { reply, reload } = await attack(snippet.parleyIdentity(secret, { email: 'victim@example.com' }));
    expect(reply).toMatchObject({ type: 'identity.updated', user: { id: victimId, email_signed: true } });
    expect(reload.messages.map((m) => m.content)).toContain(SECRET_TEXT);
  });
});
