// The handover state machine end to end (docs/operators.md "Handover"): a
// visitor on the real widget socket, a team member with the session cookie (REST + team feed). Every
// transition: what the visitor reads, what the team feed shows, who holds the conversation after.
// "No AI answer" is asserted the positive way (operators-api.test.ts): a reply asked through the API
// queues behind the widget's, and once that one is refused nothing more can come.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { connectWidget, type WidgetClient } from '../widget/test-client.js';
import { connectTeam } from './team-client.fixture.js';
import { loginAs, type TeamLogin } from '../../http/auth/team-session.fixture.js';
import { agentText } from '../agent/texts.js';
import { GENERATE } from '../conversations-api/generate.js';
import { operatorsOf } from './service.js';
import { createLifecycle } from './lifecycle.js';
import { holderOf } from '../../../shared/holder.js';

let t: TestApp;
let base: string;
let ada: TeamLogin;
const sockets: { close(): void }[] = [];
const P = () => `/v1/projects/${t.demo.project_id}`;
let n = 0;
const cid = () => `h-${++n}-${Math.random().toString(36).slice(2, 10)}`;

async function widget(locale = 'en') {
  const c = await connectWidget(base, base);
  sockets.push(c);
  c.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id, locales: [locale] });
  await c.next('session.welcome');
  return c;
}

/** Sends a message and waits for its ack; the first one starts the conversation. */
async function say(c: WidgetClient, content: string, conversationId?: string, extra: { handoff?: boolean } = {}) {
  const client_id = cid();
  c.send({ type: 'message.send', client_id, content, ...(conversationId ? { conversation_id: conversationId } : {}), ...extra });
  return c.next('message.ack', (f) => f.client_id === client_id);
}

async function visitor(content: string, locale = 'en') {
  const c = await widget(locale);
  const ack = await say(c, content);
  const answer = await c.next('message.created', (f) => f.message.role === 'assistant' && f.message.type === 'message');
  return { c, id: ack.conversation.id, answer };
}

async function team(login: TeamLogin) {
  const feed = await connectTeam(base, login.cookie);
  sockets.push(feed);
  feed.send({ type: 'team.hello', v: 1, project_id: t.demo.project_id });
  await feed.next('team.welcome');
  return feed;
}

const as = (login: TeamLogin, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `${P()}${url}`, headers: login.headers, ...(payload !== undefined ? { payload: payload as object } : {}) });

const record = async (id: string) => (await t.app.ctx.services.conversations.get(t.demo.project_id, id))!;

/** No AI answer after `afterSeq`: a generate asked now runs after the widget's reply and is refused; then nothing is stored. */
async function noAiAnswer(c: WidgetClient, id: string, afterSeq: number) {
  const { key } = await t.app.ctx.services.apiKeys.create(t.demo.project_id, { name: 'probe', permissions: [...GENERATE], environment: 'test' });
  const generated = await t.app.inject({ method: 'POST', url: `${P()}/conversations/${id}/generate`, headers: { authorization: `Bearer ${key}` } });
  expect(generated.statusCode).toBe(409);
  expect(generated.json()).toMatchObject({ error: 'reply_skipped', reason: 'operator_active' });
  c.send({ type: 'ping' });
  await c.next('pong');
  expect(c.frames.filter((f) => f.type === 'message.created' && f.message.role === 'assistant' && f.message.type === 'message' && f.seq > afterSeq)).toEqual([]);
  expect((await record(id)).messages.filter((m) => m.seq > afterSeq && m.role === 'assistant' && m.type === 'message')).toEqual([]);
}

async function setHandoff(mode: 'offer' | 'immediate' | 'off') {
  const res = await t.app.inject({ method: 'PATCH', url: `${P()}/channels/${t.demo.channel_id}`, headers: { authorization: `Bearer ${t.demo.api_key}` }, payload: { handoff: mode } });
  expect(res.statusCode).toBe(200);
  expect(res.json().handoff).toBe(mode);
}

beforeAll(async () => {
  t = await createTestApp();
  base = await t.listen();
  await t.app.ctx.services.org.updateOrganization(t.demo.organization_id, { plan: 'enterprise', rate_limits: { per_minute: 1e6, per_day: 1e7 } });
  ada = await loginAs(t, 'operator', { name: 'Ada Operator' });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  const presence = operatorsOf(t.app.ctx).presence;
  while (presence.online(t.demo.project_id).length > 0) await new Promise((r) => setTimeout(r, 10));
});

describe('plain words', () => {
  it('offers the handoff at once, in the visitor language, for a request in any of the eight languages', async () => {
    const lines: [string, string][] = [
      ['en', 'I would like to talk to a human, please.'],
      ['de', 'Ich möchte mit einem Mitarbeiter sprechen'],
      ['es', 'Quiero hablar con una persona'],
      ['fr', 'Je voudrais parler à un conseiller'],
      ['it', 'Vorrei parlare con un operatore'],
      ['pt', 'Quero falar com um atendente'],
      ['nl', 'Ik wil met een medewerker praten'],
      ['ar', 'أريد التحدث مع موظف'],
    ];
    for (const [locale, line] of lines) {
      const v = await visitor(line, locale);
      expect(v.answer.message, line).toMatchObject({ offer_handoff: true, content: agentText(locale, 'handoffOffer'), sources: [] });
      v.c.close();
    }
  });

  it('a typo still asks; a question about agents does not', async () => {
    const v = await visitor('can i speek to a represenative');
    expect(v.answer.message.offer_handoff).toBe(true);
    const q = await visitor('What does it cost?');
    expect(q.answer.message.content).not.toBe(agentText('en', 'handoffOffer'));
  });

  it('hands over at once when the channel says so: the queue, the team notified, no AI answer', async () => {
    await setHandoff('immediate');
    try {
      const feed = await team(ada);
      const c = await widget('de');
      const ack = await say(c, 'Kann ich bitte mit einem Menschen reden?');
      const id = ack.conversation.id;
      const note = await c.next('message.created', (f) => f.message.labels.includes('handoff'));
      expect(note.message.content).toBe(agentText('de', 'handoffAccepted'));
      expect(note.message.labels).toContain('handoff:plain_words');
      const escalated = await feed.next('conversation.escalated', (f) => f.conversation.id === id);
      expect(escalated.conversation).toMatchObject({ status: 'escalated', operator_active: true, holder: 'queue' });
      await noAiAnswer(c, id, ack.message.seq);
    } finally {
      await setHandoff('offer');
    }
  });
});

describe('the widget control "Talk to a person"', () => {
  it('puts the conversation in the queue from the first message, without an AI answer', async () => {
    const feed = await team(ada);
    const c = await widget();
    const ack = await say(c, 'I would like to talk to a person.', undefined, { handoff: true });
    const id = ack.conversation.id;
    const note = await c.next('message.created', (f) => f.message.labels.includes('handoff'));
    expect(note.message).toMatchObject({ content: agentText('en', 'handoffAccepted') });
    expect(note.message.labels).toContain('handoff:button');
    const updated = await c.next('conversation.updated', (f) => f.conversation.operator_active);
    expect(updated.conversation).toMatchObject({ holder: 'queue', status: 'escalated', assignee_id: null });
    await feed.next('conversation.escalated', (f) => f.conversation.id === id);
    await noAiAnswer(c, id, ack.message.seq);
  });

  it('is refused as a handover on a channel that never hands over: the AI answers', async () => {
    await setHandoff('off');
    try {
      const c = await widget();
      const ack = await say(c, 'What does it cost?', undefined, { handoff: true });
      const answer = await c.next('message.created', (f) => f.message.role === 'assistant' && f.message.type === 'message');
      expect(answer.seq).toBeGreaterThan(ack.message.seq);
      expect(holderOf(await record(ack.conversation.id))).toBe('ai');
    } finally {
      await setHandoff('offer');
    }
  });
});

describe('a person holds it', () => {
  it('an operator reply without take over mutes the AI, assigns them and tells the visitor who joined', async () => {
    const feed = await team(ada);
    const v = await visitor('What does it cost?');
    const reply = await as(ada, 'POST', `/conversations/${v.id}/messages`, { content: 'Hi, Ada here.' });
    expect(reply.statusCode).toBe(201);
    const joined = await v.c.next('message.created', (f) => f.message.labels.includes('takeover'));
    expect(joined.message.content).toBe(agentText('en', 'operatorJoined', { name: 'Ada Operator' }));
    const live = await v.c.next('message.created', (f) => f.message.role === 'operator');
    expect(live.seq).toBe(joined.seq + 1);
    // The holder flipped in the write that stored the reply: the conversation is already hers.
    const got = await as(ada, 'GET', `/conversations/${v.id}`);
    expect(got.json()).toMatchObject({ operator_active: true, holder: 'operator', assignee_id: ada.member_id, status: 'escalated' });
    await feed.next('conversation.updated', (f) => f.conversation.id === v.id && f.conversation.holder === 'operator');

    const answer = await say(v.c, 'Thanks, and yearly?', v.id);
    await noAiAnswer(v.c, v.id, answer.message.seq);
    // A second reply of the same person is no second "joined".
    await as(ada, 'POST', `/conversations/${v.id}/messages`, { content: 'Yearly is 100 €.' });
    await v.c.next('message.created', (f) => f.message.content === 'Yearly is 100 €.');
    expect((await record(v.id)).messages.filter((m) => m.labels.includes('takeover'))).toHaveLength(1);
  });

  it('take over after a handoff tells the visitor who joined (the console calls take over, not PATCH)', async () => {
    const feed = await team(ada);
    const v = await visitor('zqxv wrrbl kfjd?');
    v.c.send({ type: 'handoff.respond', conversation_id: v.id, accept: true });
    await v.c.next('message.created', (f) => f.message.labels.includes('handoff'));
    expect(holderOf(await record(v.id))).toBe('queue');
    const taken = await as(ada, 'POST', `/conversations/${v.id}/takeover`);
    expect(taken.json()).toMatchObject({ holder: 'operator', assignee_id: ada.member_id, operator_active: true });
    const joined = await v.c.next('message.created', (f) => f.message.labels.includes('takeover'));
    expect(joined.message.content).toBe(agentText('en', 'operatorJoined', { name: 'Ada Operator' }));
    await feed.next('message.created', (f) => f.conversation_id === v.id && f.message.labels.includes('takeover'));
  });

  it('release: the visitor is told and the AI answers again', async () => {
    const v = await visitor('What does it cost?');
    await as(ada, 'POST', `/conversations/${v.id}/takeover`);
    await v.c.next('message.created', (f) => f.message.labels.includes('takeover'));
    const released = await as(ada, 'POST', `/conversations/${v.id}/release`);
    expect(released.json()).toMatchObject({ holder: 'ai', operator_active: false });
    const back = await v.c.next('message.created', (f) => f.message.labels.includes('release'));
    expect(back.message.content).toBe(agentText('en', 'assistantBack'));
    const ack = await say(v.c, 'What does it cost?', v.id);
    const ai = await v.c.next('message.created', (f) => f.message.role === 'assistant' && f.message.type === 'message' && f.seq > ack.message.seq);
    expect(ai.message.outcome).toBeDefined();
  });
});

describe('resolve and return', () => {
  it('resolve tells the visitor it ended; writing again reopens it to the person who had it, with no AI answer', async () => {
    const feed = await team(ada);
    const v = await visitor('What does it cost?');
    await as(ada, 'POST', `/conversations/${v.id}/messages`, { content: 'Ada here, how can I help?' });
    await v.c.next('message.created', (f) => f.message.role === 'operator');
    const resolved = await as(ada, 'PATCH', `/conversations/${v.id}`, { status: 'resolved' });
    expect(resolved.json()).toMatchObject({ status: 'resolved', holder: 'operator' });
    const ended = await v.c.next('message.created', (f) => f.message.labels.includes('ended'));
    expect(ended.message.content).toBe(agentText('en', 'conversationEnded'));
    await v.c.next('conversation.updated', (f) => f.conversation.status === 'resolved');

    const again = await say(v.c, 'One more question', v.id);
    const reopened = await v.c.next('message.created', (f) => f.message.labels.includes('reopened'));
    expect(reopened.message.content).toBe(agentText('en', 'reopenedOperator', { name: 'Ada Operator' }));
    const escalated = await feed.next('conversation.escalated', (f) => f.conversation.id === v.id && f.conversation.status === 'escalated');
    expect(escalated.conversation).toMatchObject({ holder: 'operator', assignee_id: ada.member_id });
    await noAiAnswer(v.c, v.id, again.message.seq);
  });

  it('with the person offline the return goes to the queue, with the place in line, and counts as waiting', async () => {
    const v = await visitor('What does it cost?');
    await as(ada, 'POST', `/conversations/${v.id}/messages`, { content: 'Ada here.' });
    await as(ada, 'PATCH', `/conversations/${v.id}`, { status: 'resolved' });
    await v.c.next('message.created', (f) => f.message.labels.includes('ended'));
    const again = await say(v.c, 'Hello again', v.id);
    const reopened = await v.c.next('message.created', (f) => f.message.labels.includes('reopened'));
    expect(reopened.message.content).toMatch(/you are number \d+ in line/);
    const c = await record(v.id);
    expect(c).toMatchObject({ status: 'escalated', holder: 'queue', assignee_id: null, operator_active: true });
    const waiting = await as(ada, 'GET', `/conversations?status=escalated&operator_active=true&assignee_id=none`);
    expect(waiting.json().data.map((x: { id: string }) => x.id)).toContain(v.id);
    await noAiAnswer(v.c, v.id, again.message.seq);
  });

  it('a conversation the AI held reopens to the AI, which answers', async () => {
    const v = await visitor('What does it cost?');
    await as(ada, 'PATCH', `/conversations/${v.id}`, { status: 'resolved' });
    await v.c.next('message.created', (f) => f.message.labels.includes('ended'));
    const again = await say(v.c, 'What does it cost?', v.id);
    const ai = await v.c.next('message.created', (f) => f.message.role === 'assistant' && f.message.type === 'message' && f.seq > again.message.seq);
    expect(ai.message.offer_handoff ?? false).toBe(false);
    expect(await record(v.id)).toMatchObject({ status: 'active', holder: 'ai' });
  });
});

describe('waiting for a person', () => {
  it('the operator went offline: the visitor is told honestly, asked for an e-mail, and the conversation goes to the queue', async () => {
    const feed = await team(ada);
    const v = await visitor('What does it cost?');
    await as(ada, 'POST', `/conversations/${v.id}/messages`, { content: 'Ada here.' });
    await v.c.next('message.created', (f) => f.message.role === 'operator');
    await say(v.c, 'Are you still there?', v.id);
    feed.close();
    const presence = operatorsOf(t.app.ctx).presence;
    while (presence.online(t.demo.project_id).length > 0) await new Promise((r) => setTimeout(r, 10));
    const lifecycle = createLifecycle(t.app.ctx, 30 * 60_000, { waitMs: 10 * 60_000, fallback: 'email' });
    expect(await lifecycle.sweep(Date.now() + 2 * 60_000, t.demo.project_id)).toContain(v.id);
    const told = await v.c.next('message.created', (f) => f.message.labels.includes('wait_notice'));
    expect(told.message.content).toBe(agentText('en', 'noOperatorOnline'));
    expect(told.message.labels).toContain('ask_email');
    expect(await record(v.id)).toMatchObject({ holder: 'queue', assignee_id: null, operator_active: true });
    // Told once per waiting message.
    expect(await lifecycle.sweep(Date.now() + 20 * 60_000, t.demo.project_id)).not.toContain(v.id);
  });

  it('a wait past the configured time with the AI as fallback: told, and the AI answers the waiting message', async () => {
    await team(ada);
    const c = await widget();
    const ack = await say(c, 'What does it cost?', undefined, { handoff: true });
    await c.next('message.created', (f) => f.message.labels.includes('handoff'));
    const lifecycle = createLifecycle(t.app.ctx, 30 * 60_000, { waitMs: 5 * 60_000, fallback: 'ai' });
    expect(await lifecycle.sweep(Date.now() + 60_000, t.demo.project_id)).not.toContain(ack.conversation.id);
    expect(await lifecycle.sweep(Date.now() + 6 * 60_000, t.demo.project_id)).toContain(ack.conversation.id);
    const told = await c.next('message.created', (f) => f.message.labels.includes('wait_notice'));
    expect(told.message.content).toBe(agentText('en', 'waitAiResumes'));
    const ai = await c.next('message.created', (f) => f.message.role === 'assistant' && f.message.type === 'message');
    expect(ai.seq).toBeGreaterThan(told.seq);
    expect(holderOf(await record(ack.conversation.id))).toBe('ai');
  });
});
