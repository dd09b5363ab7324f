// The widget gateway over real WebSockets against the real app on a real port (docs/architecture.md section 9).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { openStore } from '../../store/index.js';
import { connectWidget, type WidgetClient } from './test-client.js';
import { updateSession } from './visitors.js';
import { newId } from '../../lib/ids.js';

let t: TestApp;
let base: string;
let frameId: string;
const open: WidgetClient[] = [];

async function client(origin: string | null = base) {
  const c = await connectWidget(base, origin);
  open.push(c);
  return c;
}

/** A visitor that said hello; returns the client and its welcome. */
async function visitor(tokens: Record<string, unknown> = {}, origin: string | null = base) {
  const c = await client(origin);
  c.send({ type: 'session.hello', v: 1, frame_id: frameId, ...tokens });
  const welcome = await c.next('session.welcome');
  return { c, welcome };
}

/** A visitor that sent a first message; returns its tokens and conversation. */
async function chattingVisitor(content = 'Hello there') {
  const { c, welcome } = await visitor();
  c.send({ type: 'message.send', client_id: 'first-0001', content });
  const tokens = await c.next('session.tokens');
  const ack = await c.next('message.ack');
  return { c, welcome, tokens, ack, device_token: welcome.device_token };
}

beforeAll(async () => {
  t = await createTestApp();
  base = await t.listen();
  frameId = t.demo.frame_id;
});
afterAll(async () => {
  for (const c of open) c.close();
  await t.close();
});

describe('widget gateway: connection checks', () => {
  it('refuses a page origin the channel does not allow, and a missing Origin', async () => {
    const evil = await client('https://evil.example');
    evil.send({ type: 'session.hello', v: 1, frame_id: frameId });
    expect((await evil.next('error')).error).toBe('origin_not_allowed');
    expect((await evil.closed).code).toBe(4003);

    const none = await client(null);
    none.send({ type: 'session.hello', v: 1, frame_id: frameId });
    expect((await none.next('error')).error).toBe('origin_not_allowed');
    expect((await none.closed).code).toBe(4003);
  });

  it("accepts an origin listed in the channel's allowed_origins, and any origin for '*'", async () => {
    const { project_id, channel_id } = t.demo;
    await t.app.ctx.services.projects.updateChannel(project_id, channel_id, { allowed_origins: ['https://shop.example'] });
    const shop = await visitor({}, 'https://shop.example');
    expect(shop.welcome.type).toBe('session.welcome');
    await t.app.ctx.services.projects.updateChannel(project_id, channel_id, { allowed_origins: ['*'] });
    const any = await visitor({}, 'https://anywhere.example');
    expect(any.welcome.type).toBe('session.welcome');
    await t.app.ctx.services.projects.updateChannel(project_id, channel_id, { allowed_origins: [base] });
  });

  it('answers an unknown frame id with not_found and closes', async () => {
    const c = await client();
    c.send({ type: 'session.hello', v: 1, frame_id: 'fr_nope' });
    expect((await c.next('error')).error).toBe('not_found');
    expect((await c.closed).code).toBe(4004);
  });

  it('answers malformed frames with invalid_frame and keeps the connection usable', async () => {
    const c = await client();
    c.sendRaw('not json {');
    c.sendRaw(Buffer.from([1, 2, 3]));
    c.send({ type: 'nope.nope' });
    c.send({ type: 'message.send', client_id: 'short', content: 'x' });
    c.send({ type: 'session.hello', v: 1, frame_id: frameId, extra: true });
    c.sendRaw('[1,2]');
    c.sendRaw('null');
    for (let i = 0; i < 7; i++) expect((await c.next('error')).error).toBe('invalid_frame');
    const short = c.frames.find((f) => f.type === 'error' && f.client_id === 'short');
    expect(short && 'message' in short && short.message).toMatch(/client_id/);
    c.send({ type: 'message.send', client_id: 'before-hello', content: 'hi' });
    expect((await c.next('error')).error).toBe('invalid_frame');
    c.send({ type: 'ping' });
    await c.next('pong');
    c.send({ type: 'session.hello', v: 1, frame_id: frameId });
    expect((await c.next('session.welcome')).channel.name).toBe('Demo website');
  });
});

describe('widget gateway: conversations', () => {
  it('welcomes a first visit with a device token only and the channel config', async () => {
    const { welcome } = await visitor();
    expect(welcome.device_token).toMatch(/^pv1\.device\./);
    expect(welcome.user_token).toBeNull();
    expect(welcome.session_token).toBeNull();
    expect(welcome.conversation).toBeNull();
    expect(welcome.messages).toEqual([]);
    expect(welcome.channel).toMatchObject({ greeting: 'Hi! Ask me anything about Parley.', session_ttl_days: 7 });
    expect(JSON.stringify(welcome.channel)).not.toMatch(/allowed_origins|identity_secret/);
  });

  it('acks a first message only after it is durable, with user and session tokens issued first', async () => {
    const { c, tokens, ack } = await chattingVisitor('Is my order shipped?');
    // Copy the data directory the moment the ack arrives and read the copy with a second store.
    const copy = await mkdtemp(join(tmpdir(), 'parley-copy-'));
    await cp(t.dataDir, copy, { recursive: true, filter: (src) => !src.endsWith('.lock') });
    const store = await openStore(copy);
    const stored = await store.collection('conversations').get(t.demo.project_id, ack.conversation.id);
    await store.close();
    await rm(copy, { recursive: true, force: true });
    expect(stored?.messages.map((m) => m.content)).toContain('Is my order shipped?');
    expect(stored?.channel_type).toBe('website_widget');

    expect(tokens.user_token).toMatch(/^pv1\.user\./);
    expect(tokens.session_token).toMatch(/^pv1\.session\./);
    const order = c.frames.map((f) => f.type);
    expect(order.indexOf('session.tokens')).toBeLessThan(order.indexOf('message.ack'));
    expect(ack.message).toMatchObject({ role: 'user', seq: 1, client_id: 'first-0001' });
    const user = await t.app.ctx.services.users.get(t.demo.project_id, ack.conversation.user_id);
    expect(user).toMatchObject({ email: null, email_signed: false });
  });

  it('streams the reply as deltas, then message.created, and no typing frames the widget would not act on', async () => {
    const { c, ack } = await chattingVisitor('How do I reset my password?');
    const created = await c.next('message.created', (f) => f.message.role === 'assistant');
    const deltas = c.frames.filter((f) => f.type === 'message.delta');
    expect(deltas.length).toBeGreaterThan(0);
    expect(deltas.map((d) => (d.type === 'message.delta' ? d.delta : '')).join('')).toBe(created.message.content);
    const types = c.frames.map((f) => f.type);
    expect(types.indexOf('message.delta')).toBeLessThan(types.lastIndexOf('message.created'));
    // The final message ends the indicator, so its typing(false) is never sent (widget/outbound.ts);
    // a typing(true) goes out only when the answer does not follow at once (the answerer may search
    // again to weigh its answer), and then before the first delta, which ends it.
    // A round trip: anything the reply's run sends after its message (a typing(false)) arrives before the pong.
    c.send({ type: 'ping' });
    await c.next('pong');
    const typing = c.frames.filter((f) => f.type === 'typing');
    expect(typing.filter((f) => f.type === 'typing' && !f.typing)).toEqual([]);
    expect(typing.length).toBeLessThanOrEqual(1);
    if (typing.length) expect(c.frames.indexOf(typing[0]!)).toBeLessThan(types.indexOf('message.delta'));
    expect(c.frames.map((f) => f.type).filter((t) => t !== 'typing').slice(-5)).toEqual(['session.tokens', 'message.ack', 'message.delta', 'message.created', 'pong']);
    expect(created.conversation_id).toBe(ack.conversation.id);
    expect(created.seq).toBe(2);
  });

  it('acks a repeated client_id with the stored message and adds no second one', async () => {
    const { c, ack } = await chattingVisitor();
    const conversationId = ack.conversation.id;
    c.send({ type: 'message.send', client_id: 'again-0001', conversation_id: conversationId, content: 'once' });
    const first = await c.next('message.ack');
    c.send({ type: 'message.send', client_id: 'again-0001', conversation_id: conversationId, content: 'once' });
    const second = await c.next('message.ack');
    expect(second.message.id).toBe(first.message.id);
    const record = await t.app.ctx.services.conversations.get(t.demo.project_id, conversationId);
    expect(record!.messages.filter((m) => m.client_id === 'again-0001')).toHaveLength(1);
  });

  it('maps a re-sent first message (lost ack, no session token yet) back to its conversation', async () => {
    const { c, welcome, ack } = await chattingVisitor('first words');
    c.close();
    // A new tab/socket with only the device cookie re-sends the same first message.
    const again = await visitor({ device_token: welcome.device_token });
    again.c.send({ type: 'message.send', client_id: 'first-0001', content: 'first words' });
    const tokens = await again.c.next('session.tokens');
    const replay = await again.c.next('message.ack');
    expect(replay.message.id).toBe(ack.message.id);
    expect(replay.conversation.id).toBe(ack.conversation.id);
    expect(tokens.session_token).toMatch(/^pv1\.session\./);
  });

  it('resumes after a reconnect with the messages after last_seq', async () => {
    const { c, ack, device_token, tokens } = await chattingVisitor('resume me');
    await c.next('message.created', (f) => f.message.role === 'assistant');
    c.close();
    const resumed = await visitor({
      device_token,
      user_token: tokens.user_token,
      session_token: tokens.session_token,
      conversation_id: ack.conversation.id,
      last_seq: 1,
    });
    expect(resumed.welcome.conversation?.id).toBe(ack.conversation.id);
    expect(resumed.welcome.messages.map((m) => m.seq)).toEqual([2]);
    expect(resumed.welcome.user_token).toBe(tokens.user_token);
    // A reload without conversation_id shows the session's latest conversation in full (history).
    const reload = await visitor({ device_token, user_token: tokens.user_token, session_token: tokens.session_token });
    expect(reload.welcome.conversation?.id).toBe(ack.conversation.id);
    expect(reload.welcome.messages.map((m) => m.seq)).toEqual([1, 2]);
  });

  it('writes a first message with its session naming the conversation, and a welcome skips a conversation that was never stored', async () => {
    const { c, ack, device_token, tokens } = await chattingVisitor('stored together');
    await c.next('message.created', (f) => f.message.role === 'assistant');
    const sessionId = (await t.app.ctx.store.collection('devices').list(t.demo.project_id)).find(
      (d) => d.kind === 'session' && (d as unknown as { conversation_ids: string[] }).conversation_ids.includes(ack.conversation.id),
    )!.id;
    // A later first message whose write failed leaves the session naming a conversation that does not exist.
    await updateSession(t.app.ctx, t.demo.project_id, sessionId, (doc) => ({ ...doc, conversation_ids: [...doc.conversation_ids, newId()] }));
    const reload = await visitor({ device_token, user_token: tokens.user_token, session_token: tokens.session_token });
    expect(reload.welcome.conversation?.id).toBe(ack.conversation.id);
    expect(reload.welcome.messages.map((m) => m.seq)).toEqual([1, 2]);
  });

  it('fans events out to every socket on the conversation (two tabs)', async () => {
    const { c, ack, device_token, tokens } = await chattingVisitor('two tabs');
    await c.next('message.created', (f) => f.message.role === 'assistant');
    const tab2 = await visitor({ device_token, user_token: tokens.user_token, session_token: tokens.session_token });
    c.send({ type: 'message.send', client_id: 'tab1-0002', conversation_id: ack.conversation.id, content: 'from tab one' });
    const seen = await tab2.c.next('message.created', (f) => f.message.client_id === 'tab1-0002');
    expect(seen.message.content).toBe('from tab one');
    const answer = await tab2.c.next('message.created', (f) => f.message.role === 'assistant' && f.seq > seen.seq);
    expect((await c.next('message.created', (f) => f.message.id === answer.message.id)).seq).toBe(answer.seq);
    // The sending tab learns of its message from the ack alone: no message.created echo.
    const acked = await c.next('message.ack', (f) => f.client_id === 'tab1-0002');
    expect(acked.message).toEqual(seen.message);
    expect(c.frames.filter((f) => f.type === 'message.created' && f.message.client_id === 'tab1-0002')).toEqual([]);
  });

  it('sends the sender no echo of its message, also when it re-sends it, while another tab gets it once', async () => {
    const { c, ack, device_token, tokens } = await chattingVisitor('echo check');
    await c.next('message.created', (f) => f.message.role === 'assistant');
    const tab2 = await visitor({ device_token, user_token: tokens.user_token, session_token: tokens.session_token });
    const frame = { type: 'message.send' as const, client_id: 'echo-0002', conversation_id: ack.conversation.id, content: 'said once' };
    c.send(frame);
    const first = await c.next('message.ack', (f) => f.client_id === 'echo-0002');
    c.send(frame); // a re-send after a lost ack: acked again, stored and announced once
    const again = await c.next('message.ack', (f) => f.client_id === 'echo-0002');
    expect(again.message.id).toBe(first.message.id);
    await tab2.c.next('message.created', (f) => f.message.role === 'assistant' && f.seq > first.message.seq);
    await c.next('message.created', (f) => f.message.role === 'assistant' && f.seq > first.message.seq);
    expect(c.frames.filter((f) => f.type === 'message.created' && f.message.role === 'user')).toEqual([]);
    expect(tab2.c.frames.filter((f) => f.type === 'message.created' && f.message.client_id === 'echo-0002').map((f) => f.type === 'message.created' && f.message.id)).toEqual([first.message.id]);
    // The other tab's own message reaches the first tab, which did not send it.
    tab2.c.send({ type: 'message.send', client_id: 'echo-0003', conversation_id: ack.conversation.id, content: 'from tab two' });
    const other = await tab2.c.next('message.ack', (f) => f.client_id === 'echo-0003');
    expect((await c.next('message.created', (f) => f.message.client_id === 'echo-0003')).message).toEqual(other.message);
    expect(tab2.c.frames.filter((f) => f.type === 'message.created' && f.message.client_id === 'echo-0003')).toEqual([]);
  });
});

describe('widget gateway: visitor tokens', () => {
  it('refuses forged, foreign and mismatched tokens', async () => {
    const owner = await chattingVisitor('private question');
    const conversationId = owner.ack.conversation.id;
    const stranger = await visitor();
    // A forged signature on a copied payload.
    const [p0, p1, p2] = owner.tokens.session_token.split('.');
    const forged = `${p0}.${p1}.${p2}.${Buffer.alloc(32).toString('base64url')}`;
    const a = await visitor({ device_token: stranger.welcome.device_token, session_token: forged, conversation_id: conversationId });
    expect(a.c.frames.some((f) => f.type === 'error' && f.error === 'invalid_token')).toBe(true);
    expect(a.welcome.conversation).toBeNull();
    expect(a.welcome.messages).toEqual([]);
    // A genuine session token presented with another device's token.
    const b = await visitor({ device_token: stranger.welcome.device_token, session_token: owner.tokens.session_token, conversation_id: conversationId });
    expect(b.welcome.conversation).toBeNull();
    expect(b.welcome.session_token).toBeNull();
    // A token of another kind in the device slot.
    const c = await visitor({ device_token: owner.tokens.user_token });
    expect(c.c.frames.some((f) => f.type === 'error' && f.error === 'invalid_token')).toBe(true);
    expect(c.welcome.device_token).not.toBe(owner.device_token);
  });

  it('requires the session that started a conversation to read or write it', async () => {
    const owner = await chattingVisitor('mine');
    const conversationId = owner.ack.conversation.id;
    const other = await chattingVisitor('theirs');
    const peek = await visitor({
      device_token: other.device_token,
      user_token: other.tokens.user_token,
      session_token: other.tokens.session_token,
      conversation_id: conversationId,
    });
    expect(peek.c.frames.some((f) => f.type === 'error' && f.error === 'forbidden')).toBe(true);
    expect(peek.welcome.conversation).toBeNull();
    peek.c.send({ type: 'message.send', client_id: 'intrude-01', conversation_id: conversationId, content: 'let me in' });
    const refused = await peek.c.next('error', (f) => f.client_id === 'intrude-01');
    expect(refused.error).toBe('forbidden');
    peek.c.send({ type: 'conversation.rate', conversation_id: conversationId, rating: 1 });
    expect((await peek.c.next('error', (f) => f.error === 'forbidden')).error).toBe('forbidden');
    const record = await t.app.ctx.services.conversations.get(t.demo.project_id, conversationId);
    expect(record!.messages.some((m) => m.content === 'let me in')).toBe(false);
    expect(record!.rating).toBeNull();
  });
});
