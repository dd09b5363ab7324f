// The operator workflow end to end over real sockets (docs/operators.md): a visitor in the widget, a
// team member with the session cookie (REST + team feed), and API keys.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { connectWidget, type WidgetClient } from '../widget/test-client.js';
import { connectTeam, type TeamClient } from './team-client.fixture.js';
import { loginAs, type TeamLogin } from '../../http/auth/team-session.fixture.js';
import { agentText } from '../agent/texts.js';
import { GENERATE } from '../conversations-api/generate.js';

let t: TestApp;
let base: string;
let operator: TeamLogin;
let member: TeamLogin;
const sockets: { close(): void }[] = [];
const P = () => `/v1/projects/${t.demo.project_id}`;

async function visitor(content: string) {
  const c = await connectWidget(base, base);
  sockets.push(c);
  c.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id, locales: ['en'] });
  await c.next('session.welcome');
  c.send({ type: 'message.send', client_id: `c-${Math.random().toString(36).slice(2, 12)}`, content });
  const tokens = await c.next('session.tokens');
  const ack = await c.next('message.ack');
  const answer = await c.next('message.created', (f) => f.message.role === 'assistant');
  return { c, tokens, ack, answer, id: ack.conversation.id };
}

async function team(login: TeamLogin, resume?: { conversation_id: string; last_seq: number }[]) {
  const feed = await connectTeam(base, login.cookie);
  sockets.push(feed);
  feed.send({ type: 'team.hello', v: 1, project_id: t.demo.project_id, ...(resume ? { resume } : {}) });
  const welcome = await feed.next('team.welcome');
  return { feed, welcome };
}

const as = (login: TeamLogin, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `${P()}${url}`, headers: login.headers, ...(payload !== undefined ? { payload: payload as object } : {}) });

const withKey = async (permissions: string[], method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) => {
  const { key } = await t.app.ctx.services.apiKeys.create(t.demo.project_id, { name: 'Helpdesk bot', permissions, environment: 'test' });
  return t.app.inject({ method, url: `${P()}${url}`, headers: { authorization: `Bearer ${key}` }, ...(payload !== undefined ? { payload: payload as object } : {}) });
};

/** A round trip on the socket, so every frame sent before it has arrived. */
async function settle(c: WidgetClient) {
  c.send({ type: 'ping' });
  await c.next('pong');
}

beforeAll(async () => {
  t = await createTestApp();
  base = await t.listen();
  await t.app.ctx.services.org.updateOrganization(t.demo.organization_id, { plan: 'enterprise', rate_limits: { per_minute: 1e6, per_day: 1e7 } });
  operator = await loginAs(t, 'operator', { name: 'Ada Operator', avatar_url: 'https://example.com/ada.png' });
  member = await loginAs(t, 'member');
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});
// Feeds of one test must not count as "online" in the next.
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  const presence = (await import('./service.js')).operatorsOf(t.app.ctx).presence;
  while (presence.online(t.demo.project_id).length > 0) await new Promise((r) => setTimeout(r, 10));
});

describe('take over, reply, comment, release', () => {
  it('an operator takes over, replies live with their name, comments unseen, and releases to the AI', async () => {
    const v = await visitor('What does it cost?');
    const { feed } = await team(operator);

    const taken = await as(operator, 'POST', `/conversations/${v.id}/takeover`);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ operator_active: true, status: 'escalated', assignee_id: operator.member_id });
    const joined = await v.c.next('message.created', (f) => f.message.labels.includes('takeover'));
    expect(joined.message.content).toBe(agentText('en', 'operatorJoined', { name: 'Ada Operator' }));
    await feed.next('conversation.escalated', (f) => f.conversation.id === v.id);

    // Typing both ways: the operator's reaches the widget, the visitor's reaches the team feed.
    feed.send({ type: 'typing', conversation_id: v.id, typing: true });
    expect(await v.c.next('typing', (f) => f.role === 'operator')).toMatchObject({ typing: true });
    v.c.send({ type: 'typing', conversation_id: v.id, typing: true });
    expect(await feed.next('typing', (f) => f.role === 'user')).toMatchObject({ conversation_id: v.id, typing: true });

    const reply = await as(operator, 'POST', `/conversations/${v.id}/messages`, { content: 'Hi, Ada here. Plans start at 10 €.' });
    expect(reply.statusCode).toBe(201);
    const live = await v.c.next('message.created', (f) => f.message.role === 'operator');
    expect(live.message.author).toEqual({ member_id: operator.member_id, name: 'Ada Operator', avatar_url: 'https://example.com/ada.png' });

    const comment = await as(operator, 'POST', `/conversations/${v.id}/messages`, { type: 'comment', content: 'Secret: VIP customer' });
    expect(comment.statusCode).toBe(201);
    await feed.next('message.created', (f) => f.message.type === 'comment');

    // The visitor writes while the operator holds it: no AI answer. The widget's reply run is queued
    // before the ack reaches the socket, and replies run one at a time per conversation, so a reply
    // asked for now through the API runs after it: once that one is refused, nothing more can come.
    v.c.send({ type: 'message.send', client_id: 'while-held-1', conversation_id: v.id, content: 'And yearly?' });
    const held = await v.c.next('message.ack', (f) => f.client_id === 'while-held-1');
    const generated = await withKey([...GENERATE], 'POST', `/conversations/${v.id}/generate`);
    await settle(v.c);
    expect(v.c.frames.filter((f) => f.type === 'message.created' && f.message.role === 'assistant' && f.message.seq > held.message.seq)).toEqual([]);
    const afterHeld = (await t.app.ctx.services.conversations.get(t.demo.project_id, v.id))!.messages.filter((m) => m.seq > held.message.seq);
    expect(afterHeld.filter((m) => m.role === 'assistant')).toEqual([]);
    expect(generated.statusCode).toBe(409);
    expect(generated.json()).toMatchObject({ error: 'reply_skipped', reason: 'operator_active' });

    const released = await as(operator, 'POST', `/conversations/${v.id}/release`);
    expect(released.json().operator_active).toBe(false);
    const back = await v.c.next('message.created', (f) => f.message.labels.includes('release'));
    expect(back.message.content).toBe(agentText('en', 'assistantBack'));

    v.c.send({ type: 'message.send', client_id: 'after-release-1', conversation_id: v.id, content: 'What does it cost?' });
    await v.c.next('message.ack', (f) => f.client_id === 'after-release-1');
    const ai = await v.c.next('message.created', (f) => f.message.role === 'assistant' && f.message.type === 'message');
    expect(ai.seq).toBeGreaterThan(back.seq);
    await settle(v.c);

    // Internal messages never reached the widget: not live …
    const seen = v.c.frames.flatMap((f) => (f.type === 'message.created' ? [f.message] : []));
    expect(seen.some((m) => m.type === 'comment' || m.type === 'summary' || m.labels.includes('internal'))).toBe(false);
    const stored = (await t.app.ctx.services.conversations.get(t.demo.project_id, v.id))!;
    expect(stored.messages.some((m) => m.type === 'comment')).toBe(true);
    expect(stored.messages.some((m) => m.type === 'summary')).toBe(true);
    expect(stored.messages.some((m) => m.type === 'note' && m.labels.includes('status:escalated'))).toBe(true);
    expect(stored.ai_involvement).toBe('public');
    // … nor on resume (the widget's history). Tags and labels are the team's, not the visitor's.
    await as(operator, 'PATCH', `/conversations/${v.id}`, { tags: ['returning'], topic: 'Sales' });
    const again = await connectWidget(base, base);
    sockets.push(again);
    again.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id, device_token: (v.c.frames.find((f) => f.type === 'session.welcome') as { device_token: string }).device_token, session_token: v.tokens.session_token, user_token: v.tokens.user_token, conversation_id: v.id, last_seq: 0 });
    const welcome = await again.next('session.welcome');
    expect(welcome.messages.length).toBeGreaterThan(4);
    expect(welcome.messages.some((m) => m.type === 'comment' || m.type === 'summary' || m.labels.includes('internal'))).toBe(false);
    expect(welcome.messages.some((m) => m.role === 'operator')).toBe(true);
    expect(welcome.conversation).toMatchObject({ tags: [], topic: null, labels: [] });
    expect(v.c.frames.filter((f) => f.type === 'conversation.updated').every((f) => f.conversation.tags.length === 0)).toBe(true);
  });

  it('replies with an API key under the name the caller gives, idempotently on client_id', async () => {
    const v = await visitor('hello there');
    const body = { content: 'Answer from the helpdesk', client_id: 'helpdesk-1', author_name: 'Sam' };
    const first = await withKey(['conversation:write'], 'POST', `/conversations/${v.id}/messages`, body);
    expect(first.statusCode).toBe(201);
    expect(first.json().author).toEqual({ member_id: null, name: 'Sam' });
    const again = await withKey(['conversation:write'], 'POST', `/conversations/${v.id}/messages`, body);
    expect(again.json().id).toBe(first.json().id);
    const refused = await withKey(['conversation:read'], 'POST', `/conversations/${v.id}/messages`, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('insufficient_permissions');
  });

  it('refuses every action to the read-only member role and to keys without conversation:write', async () => {
    const v = await visitor('hello again');
    for (const [method, url, payload] of [
      ['POST', `/conversations/${v.id}/takeover`, undefined],
      ['POST', `/conversations/${v.id}/release`, undefined],
      ['POST', `/conversations/${v.id}/messages`, { content: 'x' }],
      ['POST', `/conversations/${v.id}/typing`, { typing: true }],
      ['PATCH', `/conversations/${v.id}`, { status: 'resolved' }],
      ['POST', `/conversations/${v.id}/summary`, undefined],
      ['POST', `/conversations/${v.id}/draft`, undefined],
      ['POST', `/conversations/${v.id}/hide`, { permanent: true }],
      ['POST', '/conversations/batch/hide', { conversation_ids: [v.id], permanent: true }],
      ['POST', '/labels', { name: 'nope' }],
    ] as const) {
      const res = await as(member, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ error: 'insufficient_permissions', role: 'member' });
      const key = await withKey(['conversation:read', 'label:read'], method as 'POST', url, payload);
      expect(key.statusCode, `key ${method} ${url}`).toBe(403);
    }
    // Reading works for the member role.
    expect((await as(member, 'GET', `/conversations/${v.id}`)).statusCode).toBe(200);
  });
});

describe('profile', () => {
  it('sets the name and avatar shown with replies; refuses other schemes and a missing CSRF token', async () => {
    const me = await loginAs(t, 'operator', { name: 'Before' });
    const avatar = 'data:image/png;base64,iVBORw0KGgo=';
    const patch = (payload: object, headers = me.headers) => t.app.inject({ method: 'PATCH', url: '/v1/org/me', headers, payload });
    expect((await patch({ name: 'Bea', avatar_url: avatar })).json()).toMatchObject({ name: 'Bea', avatar_url: avatar });
    expect((await patch({ avatar_url: 'javascript:alert(1)' })).statusCode).toBe(400);
    expect((await patch({ name: 'X' }, { cookie: me.cookie })).json().error).toBe('csrf_failed');
    const v = await visitor('hello from a profile test');
    const reply = await as(me, 'POST', `/conversations/${v.id}/messages`, { content: 'Hi' });
    expect(reply.json().author).toEqual({ member_id: me.member_id, name: 'Bea', avatar_url: avatar });
    expect((await patch({ avatar_url: null })).json().avatar_url).toBeUndefined();
  });
});

describe('statuses, summaries, involvement', () => {
  it('changes status by hand with a system note and an event, and filters by analytics status', async () => {
    const v = await visitor('What does it cost?');
    const { feed } = await team(operator);
    const res = await as(operator, 'PATCH', `/conversations/${v.id}`, { status: 'resolved', tags: ['billing', 'billing', ' vip '], topic: 'Pricing' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'resolved', tags: ['billing', 'vip'], topic: 'Pricing' });
    const note = await feed.next('message.created', (f) => f.conversation_id === v.id && f.message.labels.includes('status:resolved'));
    expect(note.message.content).toMatch(/active → resolved by Ada Operator/);
    await feed.next('conversation.updated', (f) => f.conversation.id === v.id && f.conversation.status === 'resolved');

    const list = async (q: string) => ((await as(operator, 'GET', `/conversations?${q}`)).json().data as { id: string }[]).map((c) => c.id);
    expect(await list('status=resolved')).toContain(v.id);
    expect(await list('status=unresolved')).not.toContain(v.id);
    expect(await list('tags=vip&topic=Pricing')).toEqual([v.id]);
    expect((await as(operator, 'GET', '/conversations?status=bogus')).statusCode).toBe(400);

    // A new visitor message reopens it.
    v.c.send({ type: 'message.send', client_id: 'reopen-1', conversation_id: v.id, content: 'one more thing' });
    const reopened = await feed.next('message.created', (f) => f.conversation_id === v.id && f.message.labels.includes('status:active'));
    expect(reopened.message.content).toMatch(/resolved → active \(the visitor wrote again\)/);
    expect(await list('status=unresolved')).toContain(v.id);
  });

  it('assigns to a team member and refuses strangers', async () => {
    const v = await visitor('assign me');
    const ok = await as(operator, 'PATCH', `/conversations/${v.id}`, { assignee_id: member.member_id });
    expect(ok.json().assignee_id).toBe(member.member_id);
    expect((await as(operator, 'GET', `/conversations?assignee_id=${member.member_id}`)).json().data.map((c: { id: string }) => c.id)).toEqual([v.id]);
    const bad = await as(operator, 'PATCH', `/conversations/${v.id}`, { assignee_id: '0190f0f0-0000-7000-8000-000000000000' });
    expect(bad.statusCode).toBe(400);
    expect((await as(operator, 'PATCH', `/conversations/${v.id}`, {})).statusCode).toBe(400);
  });

  it('writes an extractive summary on demand, and drafts a reply the operator sends (private involvement)', async () => {
    const record = await t.app.ctx.services.conversations.create({
      projectId: t.demo.project_id,
      userId: (await t.app.ctx.services.users.create(t.demo.project_id, {})).id,
      firstMessage: { role: 'user', content: 'What does it cost?' },
    });
    const summary = await as(operator, 'POST', `/conversations/${record.id}/summary`);
    expect(summary.statusCode).toBe(201);
    expect(summary.json()).toMatchObject({ type: 'summary', labels: ['summary:extractive'] });
    expect(summary.json().content).toContain('Visitor asked: What does it cost?');

    const draft = await as(operator, 'POST', `/conversations/${record.id}/draft`);
    expect(draft.statusCode).toBe(200);
    expect(draft.json().content.length).toBeGreaterThan(10);
    expect((await t.app.ctx.services.conversations.get(t.demo.project_id, record.id))!.messages.filter((m) => m.role === 'assistant' && m.type === 'message')).toEqual([]);
    await as(operator, 'POST', `/conversations/${record.id}/messages`, { content: `${draft.json().content} (edited)`, from_draft: true });
    expect((await as(operator, 'GET', `/conversations/${record.id}`)).json().ai_involvement).toBe('private');
    expect((await as(operator, 'GET', '/conversations?involvement=private')).json().data.map((c: { id: string }) => c.id)).toContain(record.id);
  });
});

describe('handoff', () => {
  it('tells the visitor nobody is online and stores the e-mail they leave on the user', async () => {
    const v = await visitor('zqxv wrrbl kfjd?');
    expect(v.answer.message.offer_handoff).toBe(true);
    v.c.send({ type: 'handoff.respond', conversation_id: v.id, accept: true });
    const note = await v.c.next('message.created', (f) => f.message.labels.includes('handoff'));
    expect(note.message.labels).toContain('ask_email');
    expect(note.message.content).toBe(agentText('en', 'noOperatorOnline'));
    v.c.send({ type: 'contact.leave', conversation_id: v.id, email: 'Visitor@Example.com' });
    const saved = await v.c.next('message.created', (f) => f.message.labels.includes('contact_saved'));
    expect(saved.message.content).toBe(agentText('en', 'contactSaved', { email: 'visitor@example.com' }));
    const record = (await t.app.ctx.services.conversations.get(t.demo.project_id, v.id))!;
    expect((await t.app.ctx.services.users.get(t.demo.project_id, record.user_id))!.email).toBe('visitor@example.com');
    expect(record.status).toBe('escalated');
    expect(record.messages.some((m) => m.type === 'summary')).toBe(true);
  });

  it('with an operator online, says a person will reply and notifies the team feed', async () => {
    const { feed } = await team(operator);
    const v = await visitor('zqxv wrrbl kfjd?');
    v.c.send({ type: 'handoff.respond', conversation_id: v.id, accept: true });
    const note = await v.c.next('message.created', (f) => f.message.labels.includes('handoff'));
    expect(note.message.labels).not.toContain('ask_email');
    expect(note.message.content).toBe(agentText('en', 'handoffAccepted'));
    const escalated = await feed.next('conversation.escalated', (f) => f.conversation.id === v.id);
    expect(escalated.no_operator_online).toBe(false);
    const online = await as(member, 'GET', '/operators/online');
    expect(online.json().data.map((m: { member_id: string }) => m.member_id)).toContain(operator.member_id);
    // The AI is already quiet; the operator who takes over still joins, once.
    expect((await as(operator, 'POST', `/conversations/${v.id}/takeover`)).json().assignee_id).toBe(operator.member_id);
    await v.c.next('message.created', (f) => f.message.labels.includes('takeover'));
    await as(operator, 'POST', `/conversations/${v.id}/takeover`);
    const stored = (await t.app.ctx.services.conversations.get(t.demo.project_id, v.id))!;
    expect(stored.messages.filter((m) => m.labels.includes('takeover'))).toHaveLength(1);
  });
});
