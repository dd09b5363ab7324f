import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import type { ParleyStore } from '../../store/index.js';
import type { ConversationRecord, Message } from '../../../shared/schemas/entities.js';
import { newId } from '../../lib/ids.js';
import { computeMetrics } from './service.js';

let t: TestApp;
let url: string;
let H: Record<string, string>;

/** Stored conversations with chosen timestamps (history cannot be made through the API). */
function record(projectId: string, o: Partial<ConversationRecord> & { created_at: string; userMessages: string[]; assistant?: number }): ConversationRecord {
  const id = newId();
  const messages: Message[] = o.userMessages.map((at, i) => ({
    id: newId(), conversation_id: id, seq: i + 1, role: 'user', type: 'message', content: 'q', client_id: null, sources: [], labels: [], created_at: at,
  }));
  for (let i = 0; i < (o.assistant ?? 0); i++) {
    messages.push({ id: newId(), conversation_id: id, seq: messages.length + 1, role: 'assistant', type: 'message', content: 'a', client_id: null, sources: [], labels: [], created_at: o.created_at });
  }
  const { userMessages: _u, assistant: _a, ...rest } = o;
  return {
    id, project_id: projectId, user_id: newId(), channel_id: null, channel_type: 'api', status: 'active', ai_involvement: 'autonomous',
    operator_active: false, rating: null, rating_feedback: null, topic: null, labels: [], tags: [], external_id: null, hidden: false, spam: false,
    message_count: messages.length, last_seq: messages.length, first_message_at: o.created_at, last_message_at: o.created_at, updated_at: o.created_at,
    messages, ...rest,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  url = `/v1/projects/${t.demo.project_id}/metrics`;
  H = { authorization: `Bearer ${t.demo.api_key}` };
  const store: ParleyStore = t.app.ctx.store;
  const pid = t.demo.project_id;
  const c = store.collection('conversations');
  const alice = newId();
  // Day 1 (2026-03-01): three counted conversations, one hidden and one spam.
  await c.put(pid, record(pid, { user_id: alice, created_at: '2026-03-01T09:00:00.000Z', userMessages: ['2026-03-01T09:00:00.000Z', '2026-03-01T09:05:00.000Z'], assistant: 2, status: 'resolved', rating: 5 }));
  await c.put(pid, record(pid, { created_at: '2026-03-01T12:00:00.000Z', userMessages: ['2026-03-01T12:00:00.000Z', '2026-03-02T08:00:00.000Z'], status: 'escalated', rating: 2 }));
  await c.put(pid, record(pid, { created_at: '2026-03-01T23:59:59.000Z', userMessages: ['2026-03-01T23:59:59.000Z'], status: 'abandoned', rating: 'abandoned' }));
  await c.put(pid, record(pid, { created_at: '2026-03-01T10:00:00.000Z', userMessages: ['2026-03-01T10:00:00.000Z'], status: 'resolved', rating: 1, hidden: true }));
  await c.put(pid, record(pid, { created_at: '2026-03-01T11:00:00.000Z', userMessages: ['2026-03-01T11:00:00.000Z'], status: 'resolved', spam: true }));
  // Day 2: alice again, resolved and rated 4.
  await c.put(pid, record(pid, { user_id: alice, created_at: '2026-03-02T10:00:00.000Z', userMessages: ['2026-03-02T10:00:00.000Z'], status: 'resolved', rating: 4 }));
  // Outside the range.
  await c.put(pid, record(pid, { created_at: '2026-02-27T10:00:00.000Z', userMessages: ['2026-02-27T10:00:00.000Z'], status: 'resolved', rating: 5 }));
});
afterAll(() => t.close());

describe('metrics (spec 4, 10)', () => {
  it('computes real per-day figures, hidden and spam excluded', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${url}?start_date=2026-03-01T00:00:00Z&end_date=2026-03-03T23:59:59Z&group_by=day`, headers: H });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.group_by).toBe('day');
    expect(body.data).toEqual([
      { date: '2026-03-01', messages: 4, conversations: 3, unique_users: 3, rated_conversations: 2, csat_score: 0.5, resolution_rate: 0.3333 },
      { date: '2026-03-02', messages: 2, conversations: 1, unique_users: 2, rated_conversations: 1, csat_score: 1, resolution_rate: 1 },
      { date: '2026-03-03', messages: 0, conversations: 0, unique_users: 0, rated_conversations: 0, csat_score: null, resolution_rate: null },
    ]);
    expect(body.totals).toEqual({ messages: 6, conversations: 4, unique_users: 3, rated_conversations: 3, csat_score: 0.6667, resolution_rate: 0.5 });
  });

  it('gives the rating distribution and the spam share of the range, to an API key and a team session alike', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/v1/org/login', payload: { email: t.demo.email, password: t.demo.password } });
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    const query = '?start_date=2026-03-01T00:00:00Z&end_date=2026-03-03T23:59:59Z';
    for (const headers of [H, { cookie }]) {
      const res = await t.app.inject({ method: 'GET', url: `${url}${query}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      // Counted: ratings 5, 2, abandoned, 4; the hidden one nowhere; the spam one (unrated) only as spam.
      expect(res.json().ratings).toEqual({ '1': 0, '2': 1, '3': 0, '4': 1, '5': 1, abandoned: 1, unoffered: 0 });
      expect(res.json().spam).toEqual({ conversations: 1, share: 0.2 });
    }
    const empty = await t.app.inject({ method: 'GET', url: `${url}?start_date=2025-01-01T00:00:00Z&end_date=2025-01-02T00:00:00Z`, headers: H });
    expect(empty.json().spam).toEqual({ conversations: 0, share: null });
  });

  it('leaves out a conversation resolved after a person took it over, as the status changes record it (spec 10)', async () => {
    const P = `/v1/projects/${t.demo.project_id}/conversations`;
    const start = async () => {
      const res = await t.app.inject({ method: 'POST', url: P, headers: H, payload: { user_id: `metrics-${newId()}`, message: 'Where is my order?' } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const status = async (id: string, to: string) => {
      const res = await t.app.inject({ method: 'PATCH', url: `${P}/${id}`, headers: H, payload: { status: to } });
      expect(res.statusCode, res.body).toBe(200);
    };
    const direct = await start();
    await status(direct, 'resolved');
    const handedOver = await start();
    await status(handedOver, 'escalated');
    await status(handedOver, 'resolved');
    const records = await Promise.all([direct, handedOver].map((id) => t.app.ctx.services.conversations.get(t.demo.project_id, id)));
    expect(records.map((r) => r!.status)).toEqual(['resolved', 'resolved']);
    const now = new Date();
    const m = computeMetrics(records as ConversationRecord[], new Date(now.getTime() - 3_600_000), now);
    expect(m.totals).toMatchObject({ conversations: 2, resolution_rate: 0.5 });
  });

  it('counts only instants inside the range', () => {
    const pid = newId();
    const r = record(pid, { created_at: '2026-03-01T09:00:00.000Z', userMessages: ['2026-03-01T09:00:00.000Z', '2026-03-01T18:00:00.000Z'] });
    const m = computeMetrics([r], new Date('2026-03-01T12:00:00Z'), new Date('2026-03-01T20:00:00Z'));
    expect(m.data).toEqual([expect.objectContaining({ date: '2026-03-01', messages: 1, conversations: 0 })]);
  });

  it('validates the query', async () => {
    const q = async (s: string) => t.app.inject({ method: 'GET', url: `${url}?${s}`, headers: H });
    expect((await q('group_by=week')).statusCode).toBe(400);
    expect((await q('start_date=yesterday')).statusCode).toBe(400);
    expect((await q('start_date=2026-03-05T00:00:00Z&end_date=2026-03-01T00:00:00Z')).json().error).toBe('invalid_request');
    expect((await q('start_date=2024-01-01T00:00:00Z&end_date=2026-03-01T00:00:00Z')).statusCode).toBe(400);
    expect((await q('foo=1')).json().error).toBe('unknown_parameter');
    const dflt = (await q('')).json();
    expect(dflt.data).toHaveLength(30);
    expect(dflt.data.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
  });
});
