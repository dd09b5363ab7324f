// The chat model against the real app on a real port over real WebSockets (docs/architecture.md section 9):
// first message, tokens, replies, offline queue, forced disconnects and resume, unread counting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WS from 'ws';
import { useBrowserGlobals } from './browser-globals.fixture.js';
import { createTestApp, type TestApp } from '../../server/testing/test-app.js';
import { createTokenStore } from '../platform/cookies.js';
import { createTabStore } from '../platform/storage.js';
import { createSocket } from '../transport/socket.js';
import { createChatModel, type ChatModel } from './model.js';

let t: TestApp;
let base: string;
const models: ChatModel[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await t.listen();
});
useBrowserGlobals(() => `${base}/`);
afterAll(async () => {
  for (const m of models) m.destroy();
  await t.close();
});

/** A browser would send the page's Origin; the `ws` client needs it spelled out. */
function wsClass(origin: string) {
  return class extends WS {
    constructor(url: string) {
      super(url, { origin });
    }
  } as unknown as typeof WebSocket;
}

function makeModel(opts: { tab?: ReturnType<typeof createTabStore>; tokens?: ReturnType<typeof createTokenStore>; idleRatingMs?: number } = {}) {
  const events: { event: string; payload: unknown }[] = [];
  const model = createChatModel({
    frameId: t.demo.frame_id,
    tokens: opts.tokens ?? createTokenStore({ frameId: t.demo.frame_id, mode: 'memory', thirdParty: false }),
    tab: opts.tab ?? createTabStore('parley:test', false),
    connect: (handlers) => createSocket({ url: base.replace(/^http/, 'ws') + '/v1/widget/ws', WebSocketImpl: wsClass(base), ...handlers }),
    emit: (event, payload) => events.push({ event, payload }),
    page: () => ({ url: `${base}/pricing`, title: 'Pricing' }),
    locales: () => ['en-GB'],
    visible: (open) => open,
    idleRatingMs: opts.idleRatingMs,
  });
  models.push(model);
  return { model, events };
}

async function until<T>(model: ChatModel, pick: (s: ChatModel['state']) => T | undefined | false | null): Promise<T> {
  const now = pick(model.state);
  if (now) return now;
  return new Promise<T>((resolve) => {
    const off = model.subscribe(() => {
      const v = pick(model.state);
      if (v) {
        off();
        resolve(v);
      }
    });
  });
}

/** Closes every server-side widget socket: a forced disconnect as a network drop would cause. */
function dropAllSockets() {
  const wss = (t.app as unknown as { websocketServer: { clients: Set<WS> } }).websocketServer;
  for (const client of wss.clients) client.terminate();
}

describe('chat model', () => {
  it('welcomes, sends the first message, stores tokens and shows the reply', async () => {
    const tokens = createTokenStore({ frameId: t.demo.frame_id, mode: 'memory', thirdParty: false });
    const { model, events } = makeModel({ tokens });
    model.start();
    await until(model, (s) => s.ready);
    expect(model.state.channel?.greeting).toBeTruthy();
    expect(tokens.get('device')).toBeTruthy();
    expect(tokens.get('session')).toBeUndefined(); // spec 5.1: only after interaction

    const seen = { stream: '' };
    model.subscribe(() => {
      if (model.state.stream) seen.stream = model.state.stream.text;
    });
    model.send('  How do I embed the widget?  ');
    expect(model.state.pending).toHaveLength(1);
    const mine = await until(model, (s) => s.messages.find((m) => m.role === 'user'));
    expect(mine.content).toBe('How do I embed the widget?');
    expect(model.state.pending).toHaveLength(0);
    expect(model.state.conversation?.id).toBe(mine.conversation_id);
    expect(tokens.get('user')).toBeTruthy();
    expect(tokens.get('session')).toBeTruthy();

    const reply = await until(model, (s) => s.messages.find((m) => m.role === 'assistant'));
    expect(reply.content.length).toBeGreaterThan(0);
    // The answer was streamed (deltas); the final message replaced the stream and no typing indicator is left.
    expect(seen.stream.length).toBeGreaterThan(0);
    expect(reply.content.startsWith(seen.stream)).toBe(true);
    expect(model.state.stream).toBeNull();
    expect(model.state.typing).toBeNull();
    // The host heard of the visitor's message (from its ack) and of the reply, each once.
    const heard = events.filter((e) => e.event === 'message').map((e) => (e.payload as { message: { id: string } }).message.id);
    expect(heard).toEqual([mine.id, reply.id]);
    // The panel was closed: the reply counts as unread; opening reads it.
    expect(model.state.unread).toBeGreaterThan(0);
    model.setOpen(true);
    expect(model.state.unread).toBe(0);
    expect(events.filter((e) => e.event === 'unread_count').at(-1)?.payload).toEqual({ frame_id: t.demo.frame_id, count: 0 });
  });

  it('tells the host of each tab of every message once: the sending tab from its ack, the other tab from message.created', async () => {
    const tokens = createTokenStore({ frameId: t.demo.frame_id, mode: 'memory', thirdParty: false });
    const a = makeModel({ tokens, tab: createTabStore('parley:tab-a', false) });
    a.model.setOpen(true);
    a.model.send('first from tab a');
    await until(a.model, (s) => s.messages.some((m) => m.role === 'assistant'));
    const b = makeModel({ tokens, tab: createTabStore('parley:tab-b', false) });
    b.model.setOpen(true);
    await until(b.model, (s) => s.ready && s.conversation);
    a.model.send('second from tab a');
    const answered = (s: ChatModel['state']) => s.messages.filter((m) => m.role === 'assistant').length === 2;
    await until(a.model, answered);
    await until(b.model, answered);
    const second = a.model.state.messages.find((m) => m.content === 'second from tab a')!;
    expect(b.model.state.messages.map((m) => m.id)).toEqual(a.model.state.messages.map((m) => m.id));
    const heard = (events: { event: string; payload: unknown }[]) =>
      events.filter((e) => e.event === 'message' && (e.payload as { message: { id: string } }).message.id === second.id);
    expect(heard(a.events)).toHaveLength(1);
    expect(heard(b.events)).toHaveLength(1);
  });

  it('counts nothing unread while the panel is open: the host hears no unread count for a reply shown at once', async () => {
    const { model, events } = makeModel();
    model.setOpen(true);
    await until(model, (s) => s.ready);
    model.send('How do I embed the widget?');
    await until(model, (s) => s.messages.some((m) => m.role === 'assistant'));
    expect(model.state.unread).toBe(0);
    expect(events.filter((e) => e.event === 'unread_count')).toEqual([]);
  });

  it('queues messages typed while offline and delivers each exactly once after a forced disconnect', async () => {
    const { model } = makeModel();
    model.setOpen(true);
    await until(model, (s) => s.ready);
    model.send('first');
    const conv = await until(model, (s) => s.conversation);
    await until(model, (s) => s.messages.some((m) => m.role === 'assistant'));

    dropAllSockets();
    await until(model, (s) => s.connection === 'offline');
    model.send('typed while offline 1');
    model.send('typed while offline 2');
    expect(model.state.pending.map((p) => p.state)).toEqual(['queued', 'queued']);

    await until(model, (s) => s.connection === 'online' && s.pending.length === 0);
    await until(model, (s) => s.messages.filter((m) => m.role === 'user').length === 3);
    const stored = (await t.app.ctx.services.conversations.get(t.demo.project_id, conv.id))!;
    const userTexts = stored.messages.filter((m) => m.role === 'user').map((m) => m.content);
    expect(userTexts).toEqual(['first', 'typed while offline 1', 'typed while offline 2']);
  });

  it('sends only protocol-valid visitor attributes, and the whole set on a new connection', async () => {
    const { model } = makeModel();
    model.setAttributes({ plan: 'pro', 'bad key': 1, nested: { a: 1 } as unknown as string, long: 'x'.repeat(2000) });
    model.setOpen(true);
    await until(model, (s) => s.ready);
    model.send('attributes please');
    const conv = await until(model, (s) => s.conversation);
    const userOf = async () => (await t.app.ctx.services.users.require(t.demo.project_id, (await t.app.ctx.services.conversations.get(t.demo.project_id, conv.id))!.user_id)).external_attributes;
    await expect.poll(userOf).toEqual({ widget: { plan: 'pro', long: 'x'.repeat(1000) } });
    // A new connection starts with empty server memory; the model keeps and sends the whole set.
    dropAllSockets();
    await until(model, (s) => s.connection === 'offline');
    await until(model, (s) => s.connection === 'online');
    model.setAttributes({ seats: 2 });
    await expect.poll(userOf).toEqual({ widget: { plan: 'pro', long: 'x'.repeat(1000), seats: 2 } });
    expect(model.state.notice).toBeNull();
  });

  it('resumes a conversation after a reload (new model, same tab storage and tokens)', async () => {
    const tab = createTabStore('parley:reload', false);
    const tokens = createTokenStore({ frameId: t.demo.frame_id, mode: 'memory', thirdParty: false });
    const first = makeModel({ tab, tokens }).model;
    first.setOpen(true);
    first.send('remember me');
    const conv = await until(first, (s) => s.conversation);
    await until(first, (s) => s.messages.some((m) => m.role === 'assistant'));
    const count = first.state.messages.length;
    first.destroy();

    const second = makeModel({ tab, tokens }).model;
    expect(second.hasHistory()).toBe(true);
    second.start();
    await until(second, (s) => s.ready);
    expect(second.state.conversation?.id).toBe(conv.id);
    expect(second.state.messages.length).toBe(count);
    expect(second.state.messages[0].content).toBe('remember me');
  });

  it('re-sends an unacknowledged first message after a reload without creating a second conversation', async () => {
    const tab = createTabStore('parley:lost-ack', false);
    const tokens = createTokenStore({ frameId: t.demo.frame_id, mode: 'memory', thirdParty: false });
    const first = makeModel({ tab, tokens }).model;
    first.start();
    await until(first, (s) => s.ready);
    // Simulate a page that died right after sending: the frame left, the ack never came back.
    first.send('did this arrive?');
    const clientId = first.state.pending[0].client_id;
    first.destroy();
    // The server got it (stored with its client_id) although this page never saw the ack.
    const stored = async () => (await t.app.ctx.services.conversations.list(t.demo.project_id)).flatMap((c) => c.messages).filter((m) => m.client_id === clientId);
    while ((await stored()).length === 0) await new Promise((r) => setTimeout(r, 20));

    const second = makeModel({ tab, tokens }).model;
    expect(second.state.pending.map((p) => p.client_id)).toEqual([clientId]);
    second.start();
    await until(second, (s) => s.ready && s.pending.length === 0 && s.conversation);
    expect(await stored()).toHaveLength(1);
    expect(second.state.messages.filter((m) => m.client_id === clientId)).toHaveLength(1);
  });
  it('drops refused tokens and carries on as a new visitor', async () => {
    const tokens = createTokenStore({ frameId: t.demo.frame_id, mode: 'memory', thirdParty: false });
    tokens.set({ device: 'forged.device.token', user: 'forged.user', session: 'forged.session' });
    const { model } = makeModel({ tokens });
    model.start();
    await until(model, (s) => s.ready);
    expect(tokens.get('user')).toBeUndefined();
    expect(tokens.get('session')).toBeUndefined();
    expect(tokens.get('device')).not.toBe('forged.device.token');
    model.send('fresh start');
    await until(model, (s) => s.conversation);
    expect(tokens.get('session')).toBeTruthy();
  });

  it('keeps rate-limited messages queued and delivers them when the server allows', async () => {
    const { model } = makeModel();
    model.setOpen(true);
    await until(model, (s) => s.ready);
    model.send('burst 0');
    await until(model, (s) => s.conversation);
    // 12 messages a minute per device (server/domains/widget/limits.ts): the burst runs into it.
    for (let i = 1; i < 14; i++) model.send(`burst ${i}`);
    const notice = await until(model, (s) => s.notice);
    expect(notice.error).toBe('rate_limit_exceeded');
    expect(model.state.pending.every((p) => p.state === 'queued')).toBe(true);
    await until(model, (s) => s.pending.length === 0);
    const texts = model.state.messages.filter((m) => m.role === 'user').map((m) => m.content);
    expect(texts).toEqual(Array.from({ length: 14 }, (_, i) => `burst ${i}`));
    expect(model.state.notice).toBeNull();
  }, 60_000);

  it('offers the rating only once the conversation is resolved, not after the first answer', async () => {
    const { model } = makeModel({ idleRatingMs: 3_600_000 });
    model.setOpen(true);
    model.send('How do I embed the widget?');
    const conv = await until(model, (s) => s.messages.some((m) => m.role === 'assistant') && s.conversation);
    expect(model.state.rateOffered).toBe(false);
    // A second question and answer: still talking, still no rating.
    model.send('And in iframe mode?');
    await until(model, (s) => s.messages.filter((m) => m.role === 'assistant').length === 2);
    expect(model.state.rateOffered).toBe(false);
    await t.app.ctx.services.conversations.setStatus(t.demo.project_id, conv.id, 'resolved');
    await until(model, (s) => s.rateOffered);
  });

  it('offers the rating when the visitor stays idle after an answer, and when they close the panel', async () => {
    const idle = makeModel({ idleRatingMs: 300 }).model;
    idle.setOpen(true);
    idle.send('What is Parley?');
    await until(idle, (s) => s.messages.some((m) => m.role === 'assistant'));
    await until(idle, (s) => s.rateOffered);

    const closing = makeModel({ idleRatingMs: 3_600_000 }).model;
    closing.setOpen(true);
    // Closing before any answer is not an end.
    closing.setOpen(false);
    closing.setOpen(true);
    closing.send('What is Parley?');
    await until(closing, (s) => s.messages.some((m) => m.role === 'assistant'));
    expect(closing.state.rateOffered).toBe(false);
    closing.setOpen(false);
    expect(closing.state.rateOffered).toBe(true);
  });

  it('keeps the rating offered for that conversation after a reload, and not for the next visitor after logout', async () => {
    const tab = createTabStore('parley:rating-reload', false);
    const tokens = createTokenStore({ frameId: t.demo.frame_id, mode: 'memory', thirdParty: false });
    const first = makeModel({ tab, tokens, idleRatingMs: 3_600_000 }).model;
    first.setOpen(true);
    first.send('What is Parley?');
    await until(first, (s) => s.messages.some((m) => m.role === 'assistant'));
    first.setOpen(false);
    expect(first.state.rateOffered).toBe(true);
    first.destroy();
    const second = makeModel({ tab, tokens, idleRatingMs: 3_600_000 }).model;
    second.start();
    await until(second, (s) => s.ready && s.rateOffered);
    second.logout();
    expect(second.state.rateOffered).toBe(false);
  });

  it('a tab whose session is revoked by a logout in another tab starts over once as a new visitor', async () => {
    const tokens = createTokenStore({ frameId: t.demo.frame_id, mode: 'memory', thirdParty: false });
    const first = makeModel({ tokens }).model;
    first.setOpen(true);
    first.send('shared session');
    const conv = await until(first, (s) => s.conversation);
    // The second tab holds the same tokens (its own copy, so only the server can tell it the session ended).
    const copy = createTokenStore({ frameId: t.demo.frame_id, mode: 'memory', thirdParty: false });
    copy.set({ device: tokens.get('device')!, user: tokens.get('user')!, session: tokens.get('session')! });
    const second = makeModel({ tokens: copy }).model;
    second.start();
    await until(second, (s) => s.ready && s.conversation?.id === conv.id);

    first.logout();
    // Closed with 4401 after invalid_token: the stale tokens and the conversation go, the reconnect
    // is welcomed as a new visitor and stays connected (no loop on the revoked grant).
    await until(second, (s) => s.conversation === null && s.messages.length === 0);
    expect(copy.get('session')).toBeUndefined();
    await until(second, (s) => s.ready && s.connection === 'online');
    expect(second.state.conversation).toBeNull();
    second.send('new me');
    await until(second, (s) => s.conversation && s.conversation.id !== conv.id);
  });
});
