// The /v1 conversation API over the real app (inject) and, for SSE, a real port with fetch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { parseSseEvents } from '../../testing/sse.js';

let t: TestApp;
let P: string;
let H: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  P = `/v1/projects/${t.demo.project_id}`;
  H = { authorization: `Bearer ${t.demo.api_key}`, 'content-type': 'application/json' };
  // Plenty of room: this file is about behaviour, not limits.
  await t.app.ctx.services.org.updateOrganization(t.demo.organization_id, { plan: 'enterprise', rate_limits: { per_minute: 100_000, per_day: 1_000_000 } });
});
afterAll(() => t.close());

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...H, ...headers }, ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }) });
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: H });

describe('create and get', () => {
  it('creates a conversation with the first user message and no AI answer', async () => {
    const res = await post(`${P}/conversations`, { user_id: 'crm-42', message: 'Where is my order?' });
    expect(res.statusCode).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({ project_id: t.demo.project_id, channel_type: 'api', status: 'active', message_count: 1, hidden: false });
    expect(c.messages).toHaveLength(1);
    expect(c.messages[0]).toMatchObject({ role: 'user', content: 'Where is my order?', seq: 1 });
    expect(res.headers.location).toBe(`${P}/conversations/${c.id}`);
    const user = await t.app.ctx.services.users.get(t.demo.project_id, c.user_id);
    expect(user?.external_id).toBe('crm-42');

    // The same external id maps to the same user; a Parley user id is used as is.
    const again = (await post(`${P}/conversations`, { user_id: 'crm-42', message: 'Hello again' })).json();
    expect(again.user_id).toBe(c.user_id);
    const byId = (await post(`${P}/conversations`, { user_id: c.user_id, message: 'Third' })).json();
    expect(byId.user_id).toBe(c.user_id);

    const one = await get(`${P}/conversations/${c.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().messages.map((m: { content: string }) => m.content)).toEqual(['Where is my order?']);
  });

  it('validates the body with details, and 404s an unknown conversation', async () => {
    const missing = await post(`${P}/conversations`, { user_id: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'invalid_request' });
    expect(missing.json().details[0].path).toBe('body.message');
    const extra = await post(`${P}/conversations`, { user_id: 'x', message: 'hi', colour: 'red' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().details[0].path).toBe('body.colour');
    const empty = await post(`${P}/conversations`, { user_id: 'x', message: '' });
    expect(empty.statusCode).toBe(400);
    expect((await get(`${P}/conversations/0190f0f0-0000-7000-8000-000000000000`)).json().error).toBe('not_found');
    const badId = await get(`${P}/conversations/not-a-uuid`);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().details[0].path).toBe('params.conversation_id');
  });

  it('answers 413 to an oversized body and 415 to a non-JSON one', async () => {
    const big = await post(`${P}/conversations`, { user_id: 'x', message: 'a'.repeat(2 * 1024 * 1024) });
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe('payload_too_large');
    const text = await t.app.inject({ method: 'POST', url: `${P}/conversations`, headers: { ...H, 'content-type': 'text/plain' }, payload: 'hello' });
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toBe('unsupported_media_type');
    const xml = await t.app.inject({ method: 'POST', url: `${P}/conversations`, headers: { ...H, 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(xml.statusCode).toBe(415);
    const broken = await t.app.inject({ method: 'POST', url: `${P}/conversations`, headers: H, payload: '{"user_id":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe('invalid_json');
  });
});

describe('list', () => {
  const ids: string[] = [];
  beforeAll(async () => {
    const project = t.app.ctx.services.projects;
    const other = await project.createProject({ organizationId: t.demo.organization_id, name: 'list' });
    const { key } = await t.app.ctx.services.apiKeys.create(other.id, { name: 'k', permissions: ['conversation:write', 'conversation:read', 'userpool:read'], environment: 'test' });
    P = `/v1/projects/${other.id}`;
    H = { ...H, authorization: `Bearer ${key}` };
    for (let i = 0; i < 25; i++) ids.push((await post(`${P}/conversations`, { user_id: `u${i % 5}`, message: `question ${i}` })).json().id);
    const conv = t.app.ctx.services.conversations;
    await conv.patch(other.id, ids[0], { status: 'resolved', rating: 5, labels: ['billing'] });
    await conv.patch(other.id, ids[1], { status: 'escalated', rating: 2, labels: ['bug', 'urgent'] });
    await conv.patch(other.id, ids[2], { status: 'abandoned', rating: 'abandoned' });
    await conv.patch(other.id, ids[3], { hidden: true });
  });
  afterAll(() => {
    P = `/v1/projects/${t.demo.project_id}`;
    H = { ...H, authorization: `Bearer ${t.demo.api_key}` };
  });

  it('pages newest first with starting_after / ending_before and excludes hidden conversations', async () => {
    const visible = ids.filter((id) => id !== ids[3]).reverse();
    const first = (await get(`${P}/conversations`)).json();
    expect(first.data.map((c: { id: string }) => c.id)).toEqual(visible.slice(0, 20));
    expect(first.has_more).toBe(true);
    expect(first.data[0].messages).toBeUndefined();
    const second = (await get(`${P}/conversations?starting_after=${first.data[19].id}`)).json();
    expect(second.data.map((c: { id: string }) => c.id)).toEqual(visible.slice(20));
    expect(second.has_more).toBe(false);
    const back = (await get(`${P}/conversations?limit=5&ending_before=${second.data[0].id}`)).json();
    expect(back.data.map((c: { id: string }) => c.id)).toEqual(visible.slice(15, 20));
    expect(back.has_more).toBe(true);
    const small = (await get(`${P}/conversations?limit=3`)).json();
    expect(small.data).toHaveLength(3);
  });

  it('filters by status, rating, labels, channel and date range', async () => {
    const idsOf = async (q: string) => (await get(`${P}/conversations?${q}`)).json().data.map((c: { id: string }) => c.id);
    expect(await idsOf('status=resolved')).toEqual([ids[0]]);
    // List items are the stored conversation without messages (plus the latest reply's preview), current after every change.
    const { last_message, ...listed } = (await get(`${P}/conversations?status=resolved`)).json().data[0];
    const { messages, visitor: _v, ...full } = (await get(`${P}/conversations/${ids[0]}`)).json();
    expect(listed).toEqual(full);
    expect(last_message).toEqual({ role: messages.at(-1).role, content: messages.at(-1).content, created_at: messages.at(-1).created_at });
    expect(listed).toMatchObject({ status: 'resolved', rating: 5, labels: ['billing'] });
    expect((await idsOf('status=resolved&status=escalated')).sort()).toEqual([ids[0], ids[1]].sort());
    expect(await idsOf('rating=5')).toEqual([ids[0]]);
    expect(await idsOf('rating=abandoned')).toEqual([ids[2]]);
    expect(await idsOf('labels=urgent')).toEqual([ids[1]]);
    expect((await idsOf('labels=urgent&labels=billing')).sort()).toEqual([ids[0], ids[1]].sort());
    expect(await idsOf('channel=website_widget')).toEqual([]);
    expect((await idsOf('channel=api&limit=100')).length).toBe(24);
    expect(await idsOf(`created_after=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual([]);
    expect((await idsOf(`created_before=${encodeURIComponent(new Date().toISOString())}&limit=100`)).length).toBe(24);
  });

  it('rejects unknown parameters and bad values with a 400', async () => {
    const unknown = await get(`${P}/conversations?colour=red`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('unknown_parameter');
    for (const q of ['limit=0', 'limit=101', 'limit=abc', 'status=open', 'rating=6', 'starting_after=nope', 'created_after=yesterday']) {
      const res = await get(`${P}/conversations?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error, q).toBe('invalid_request');
      expect(res.json().details.length, q).toBeGreaterThan(0);
    }
    const both = await get(`${P}/conversations?starting_after=${ids[5]}&ending_before=${ids[9]}`);
    expect(both.statusCode).toBe(400);
  });
});

describe('idempotency', () => {
  it('replays the first result of a POST for the same Idempotency-Key', async () => {
    const body = { user_id: 'idem-user', message: 'once only' };
    const first = await post(`${P}/conversations`, body, { 'idempotency-key': 'order-7781' });
    const second = await post(`${P}/conversations`, body, { 'idempotency-key': 'order-7781' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.body).toBe(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    const list = (await get(`${P}/conversations?limit=100`)).json().data.filter((c: { user_id: string }) => c.user_id === first.json().user_id);
    expect(list).toHaveLength(1);

    const other = await post(`${P}/conversations`, { ...body, message: 'different' }, { 'idempotency-key': 'order-7781' });
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toBe('idempotency_conflict');
    const fresh = await post(`${P}/conversations`, body, { 'idempotency-key': 'order-7782' });
    expect(fresh.json().id).not.toBe(first.json().id);
  });

  it('replays a generate call instead of answering twice', async () => {
    const c = (await post(`${P}/conversations`, { user_id: 'idem-gen', message: 'How do I embed the widget?' })).json();
    const first = await post(`${P}/conversations/${c.id}/generate`, undefined, { 'idempotency-key': 'gen-1' });
    const second = await post(`${P}/conversations/${c.id}/generate`, undefined, { 'idempotency-key': 'gen-1' });
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    const stored = (await get(`${P}/conversations/${c.id}`)).json();
    expect(stored.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
  });

  it('does not store a result that failed validation', async () => {
    const bad = await post(`${P}/conversations`, { user_id: 'v' }, { 'idempotency-key': 'k-1' });
    expect(bad.statusCode).toBe(400);
    const good = await post(`${P}/conversations`, { user_id: 'v', message: 'now valid' }, { 'idempotency-key': 'k-1' });
    expect(good.statusCode).toBe(201);
  });
});

describe('generate', () => {
  it('returns the stored assistant message with its sources', async () => {
    const c = (await post(`${P}/conversations`, { user_id: 'gen-1', message: 'How do I embed the widget?' })).json();
    // The spec tells clients to send Content-Type: application/json even without a body.
    const res = await post(`${P}/conversations/${c.id}/generate`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toMatchObject({ role: 'assistant', conversation_id: c.id, seq: 2 });
    expect(typeof body.message.content).toBe('string');
    expect(body.message.content.length).toBeGreaterThan(0);
    expect(Array.isArray(body.sources)).toBe(true);
    const stored = (await get(`${P}/conversations/${c.id}`)).json();
    expect(stored.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
  });

  it('answers 409 reply_skipped while a human operator handles the conversation', async () => {
    const c = (await post(`${P}/conversations`, { user_id: 'gen-2', message: 'Human please' })).json();
    await t.app.ctx.services.conversations.patch(t.demo.project_id, c.id, { operator_active: true });
    const res = await post(`${P}/conversations/${c.id}/generate`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'reply_skipped', reason: 'operator_active' });
    expect((await post(`${P}/conversations/0190f0f0-0000-7000-8000-000000000000/generate`)).statusCode).toBe(404);
  });
});


describe('generate over SSE (real HTTP)', () => {
  let base: string;
  beforeAll(async () => {
    base = await t.listen();
  });

  const stream = (conversationId: string, headers: Record<string, string> = {}, signal?: AbortSignal) =>
    fetch(`${base}${P}/conversations/${conversationId}/generate`, {
      method: 'POST',
      headers: { ...H, accept: 'text/event-stream', ...headers },
      signal,
    });

  it('streams named events with ids and ends with done', async () => {
    const c = (await post(`${P}/conversations`, { user_id: 'sse-1', message: 'What does Parley do?' })).json();
    const res = await stream(c.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('x-ratelimit-limit')).toBeTruthy();
    const events = parseSseEvents(await res.text());
    expect(events[0].event).toBe('start');
    expect(events.at(-1)!.event).toBe('done');
    const message = events.find((e) => e.event === 'message')!;
    const deltas = events.filter((e) => e.event === 'delta').map((e) => e.data.delta).join('');
    expect(deltas).toBe(message.data.message.content);
    expect(Array.isArray(message.data.sources)).toBe(true);
    const ids = events.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => id.startsWith(`${events[0].data.stream_id}:`))).toBe(true);
  });

  it('resumes the same generation after a dropped connection with Last-Event-ID', async () => {
    const c = (await post(`${P}/conversations`, { user_id: 'sse-2', message: 'Tell me about pricing plans' })).json();
    const abort = new AbortController();
    const res = await stream(c.id, {}, abort.signal);
    const reader = res.body!.getReader();
    let text = '';
    // Read until the first event has fully arrived, then drop the connection.
    const startArrived = () => text.includes('event: start') && text.includes('\n\n', text.indexOf('event: start'));
    while (!startArrived()) text += new TextDecoder().decode((await reader.read()).value);
    abort.abort();
    const seen = parseSseEvents(text);
    const last = seen.at(-1)!;

    const resumed = await stream(c.id, { 'last-event-id': last.id });
    expect(resumed.status).toBe(200);
    const rest = parseSseEvents(await resumed.text());
    const all = [...seen, ...rest];
    expect(rest.every((e) => Number(e.id.split(':')[1]) > Number(last.id.split(':')[1]))).toBe(true);
    expect(all.map((e) => Number(e.id.split(':')[1]))).toEqual(all.map((_, i) => i + 1));
    expect(all.at(-1)!.event).toBe('done');
    const message = all.find((e) => e.event === 'message')!.data.message;
    expect(all.filter((e) => e.event === 'delta').map((e) => e.data.delta).join('')).toBe(message.content);
    // One generation only: the conversation holds one assistant message.
    const stored = (await get(`${P}/conversations/${c.id}`)).json();
    expect(stored.messages.filter((m: { role: string }) => m.role === 'assistant')).toHaveLength(1);

    const unknown = await stream(c.id, { 'last-event-id': '0190f0f0-0000-7000-8000-000000000000:3' });
    expect(unknown.status).toBe(404);
  });

  it('sends a skipped reply as an error event', async () => {
    const c = (await post(`${P}/conversations`, { user_id: 'sse-3', message: 'Human please' })).json();
    await t.app.ctx.services.conversations.patch(t.demo.project_id, c.id, { operator_active: true });
    const events = parseSseEvents(await (await stream(c.id)).text());
    expect(events.map((e) => e.event)).toEqual(['start', 'error', 'done']);
    expect(events[1].data).toMatchObject({ error: 'reply_skipped', reason: 'operator_active' });
  });
});
