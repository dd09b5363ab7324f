// Widget gateway frames beyond chatting: rating, handoff, page context, typing, rate limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { connectWidget, type WidgetClient } from './test-client.js';
import { getDevice, getSession, updateSession, visitorPageFor } from './visitors.js';
import { visitorTyping, type VisitorTypingEvent } from './handlers/typing.js';
import { agentText } from '../agent/texts.js';

let t: TestApp;
let base: string;
const open: WidgetClient[] = [];

async function chattingVisitor(content: string) {
  const c = await connectWidget(base, base);
  open.push(c);
  c.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id, page: { url: `${base}/pricing`, title: 'Pricing' } });
  const welcome = await c.next('session.welcome');
  c.send({ type: 'message.send', client_id: `c-${Math.random().toString(36).slice(2, 12)}`, content });
  const tokens = await c.next('session.tokens');
  const ack = await c.next('message.ack');
  const answer = await c.next('message.created', (f) => f.message.role === 'assistant');
  return { c, welcome, tokens, ack, answer, conversationId: ack.conversation.id };
}

beforeAll(async () => {
  t = await createTestApp({ widgetLimits: { messages_per_minute_per_device: 3, messages_per_minute_per_ip: 1000 } });
  base = await t.listen();
});
afterAll(async () => {
  for (const c of open) c.close();
  await t.close();
});

describe('widget gateway: rating, handoff, page, typing', () => {
  it('stores a 1-5 star rating with optional feedback (spec 2.5)', async () => {
    const { c, conversationId } = await chattingVisitor('What does it cost?');
    c.send({ type: 'conversation.rate', conversation_id: conversationId, rating: 4, feedback: '  quick answer ' });
    const updated = await c.next('conversation.updated', (f) => f.conversation.rating === 4);
    expect(updated.conversation.rating_feedback).toBe('quick answer');
    c.send({ type: 'conversation.rate', conversation_id: conversationId, rating: 6 });
    expect((await c.next('error')).error).toBe('invalid_frame');
    const stored = await t.app.ctx.services.conversations.get(t.demo.project_id, conversationId);
    expect(stored).toMatchObject({ rating: 4, rating_feedback: 'quick answer' });
  });

  it('escalates on an accepted offer_handoff with a system note, once (spec 2.9)', async () => {
    const { c, answer, conversationId } = await chattingVisitor('zqxv wrrbl kfjd?');
    expect(answer.message.offer_handoff).toBe(true);
    c.send({ type: 'handoff.respond', conversation_id: conversationId, accept: true });
    const updated = await c.next('conversation.updated', (f) => f.conversation.status === 'escalated');
    expect(updated.conversation.operator_active).toBe(true);
    const note = await c.next('message.created', (f) => f.message.type === 'note');
    // Nobody of the team has the team feed open here: the note says so and asks for an e-mail.
    expect(note.message.content).toBe(agentText('en', 'noOperatorOnline'));
    expect(note.message.labels).toContain('ask_email');
    c.send({ type: 'handoff.respond', conversation_id: conversationId, accept: true });
    c.send({ type: 'ping' });
    await c.next('pong');
    const stored = await t.app.ctx.services.conversations.get(t.demo.project_id, conversationId);
    expect(stored!.messages.filter((m) => m.type === 'note' && m.labels.includes('handoff'))).toHaveLength(1);
    // With an operator active the AI stays silent.
    c.send({ type: 'message.send', client_id: 'after-handoff', conversation_id: conversationId, content: 'hello?' });
    await c.next('message.ack');
    c.send({ type: 'ping' });
    await c.next('pong');
    expect(c.frames.filter((f) => f.type === 'message.created' && f.message.role === 'assistant' && f.seq > note.seq)).toEqual([]);
  });

  it('refuses a handoff answer when none was offered', async () => {
    const { c, tokens } = await chattingVisitor('hi');
    // A second conversation of this session in which the assistant has not said anything yet.
    const session = (await import('./tokens.js').then((m) => m.tokenSigner(t.app.ctx))).verify(tokens.session_token, 'session', t.demo.frame_id)!;
    const record = await t.app.ctx.services.conversations.create({
      projectId: t.demo.project_id,
      userId: session.user_id!,
      channelType: 'website_widget',
      firstMessage: { role: 'user', content: 'no answer yet' },
    });
    await updateSession(t.app.ctx, t.demo.project_id, session.session_id!, (d) => ({ ...d, conversation_ids: [...d.conversation_ids, record.id] }));
    const conversationId = record.id;
    c.send({ type: 'handoff.respond', conversation_id: conversationId, accept: true });
    expect((await c.next('error')).error).toBe('conflict');
  });

  it('keeps the page context on the device and session once the visitor interacted', async () => {
    const { c, welcome, tokens, conversationId } = await chattingVisitor('where am I?');
    expect((await visitorPageFor(t.app.ctx, t.demo.project_id, conversationId))?.url).toBe(`${base}/pricing`);
    c.send({ type: 'page.update', page: { url: `${base}/docs/install`, title: 'Install' } });
    c.send({ type: 'ping' });
    await c.next('pong');
    const signer = await import('./tokens.js').then((m) => m.tokenSigner(t.app.ctx));
    const device = signer.verify(welcome.device_token, 'device', t.demo.frame_id)!;
    const session = signer.verify(tokens.session_token, 'session', t.demo.frame_id)!;
    expect((await getDevice(t.app.ctx, t.demo.project_id, device.device_id))?.page).toMatchObject({ url: `${base}/docs/install`, title: 'Install' });
    expect((await getSession(t.app.ctx, t.demo.project_id, session.session_id!))?.page?.url).toBe(`${base}/docs/install`);
    expect((await visitorPageFor(t.app.ctx, t.demo.project_id, conversationId))?.url).toBe(`${base}/docs/install`);
  });

  it('keeps the site\'s visitor attributes in memory until the visitor interacts, then on the user, apart from API attributes', async () => {
    const c = await connectWidget(base, base);
    open.push(c);
    c.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id });
    await c.next('session.welcome');
    const page = { url: `${base}/account`, title: 'Account' };
    c.send({ type: 'page.update', page, attributes: { plan: 'pro', seats: 3 } });
    c.send({ type: 'page.update', page, attributes: { seats: 5, beta: true } });
    c.send({ type: 'message.send', client_id: 'c-attributes-1', content: 'hello with attributes' });
    const ack = await c.next('message.ack');
    const userId = (await t.app.ctx.services.conversations.get(t.demo.project_id, ack.conversation.id))!.user_id;
    expect((await t.app.ctx.services.users.require(t.demo.project_id, userId)).external_attributes).toEqual({ widget: { plan: 'pro', seats: 5, beta: true } });
    // The site's backend sets its own attributes through the API; the browser cannot overwrite them.
    await t.app.ctx.services.users.patch(t.demo.project_id, userId, { external_attributes: { plan: 'enterprise' } });
    c.send({ type: 'page.update', page, attributes: { plan: 'free' } });
    c.send({ type: 'ping' });
    await c.next('pong');
    expect((await t.app.ctx.services.users.require(t.demo.project_id, userId)).external_attributes).toEqual({
      plan: 'enterprise',
      widget: { plan: 'free', seats: 5, beta: true },
    });
    // Nested values, long keys and too many keys are refused as invalid frames.
    for (const attributes of [{ nested: { a: 1 } }, { ['k'.repeat(65)]: 1 }, Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]))]) {
      c.send({ type: 'page.update', page, attributes });
      expect((await c.next('error')).error).toBe('invalid_frame');
    }
  });

  it('passes visitor typing to team-side listeners after an access check', async () => {
    const { c, conversationId } = await chattingVisitor('typing test');
    const seen: VisitorTypingEvent[] = [];
    const listener = (e: VisitorTypingEvent) => seen.push(e);
    visitorTyping.on('typing', listener);
    c.send({ type: 'typing', conversation_id: conversationId, typing: true });
    c.send({ type: 'typing', conversation_id: '00000000-0000-0000-0000-000000000000', typing: true });
    expect((await c.next('error')).error).toBe('forbidden');
    visitorTyping.off('typing', listener);
    expect(seen).toEqual([{ project_id: t.demo.project_id, conversation_id: conversationId, typing: true }]);
  });
});

describe('widget gateway: rate limits', () => {
  it('refuses messages beyond the per-device allowance with rate_limit_exceeded and retry_after', async () => {
    const { c, conversationId } = await chattingVisitor('one');
    c.send({ type: 'message.send', client_id: 'rl-000002', conversation_id: conversationId, content: 'two' });
    c.send({ type: 'message.send', client_id: 'rl-000003', conversation_id: conversationId, content: 'three' });
    c.send({ type: 'message.send', client_id: 'rl-000004', conversation_id: conversationId, content: 'four' });
    const refused = await c.next('error', (f) => f.client_id === 'rl-000004');
    expect(refused.error).toBe('rate_limit_exceeded');
    expect(refused.retry_after).toBeGreaterThanOrEqual(1);
    expect(refused.message).toMatch(/retry in \d+ second/);
    const stored = await t.app.ctx.services.conversations.get(t.demo.project_id, conversationId);
    expect(stored!.messages.some((m) => m.client_id === 'rl-000004')).toBe(false);
    expect(stored!.messages.some((m) => m.client_id === 'rl-000003')).toBe(true);
  });
});
