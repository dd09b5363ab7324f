// Knowledge gaps end to end (docs/knowledge.md "Knowledge gaps"), through the real app on a real
// port with widget visitors and real lowdb files: questions the AI could not answer confidently on a
// channel that follows an alias show up as one group with all their phrasings; answering the group
// writes a snippet with the visitors' phrasings, the group leaves the list, and once the deployment
// is rebuilt and the alias moved, the same question and another phrasing of the group are answered
// confidently, citing the snippet. Also: dismissing, Save as snippet from a conversation, permissions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { connectWidget, type WidgetClient } from '../../widget/test-client.js';
import type { Message } from '../../../../shared/schemas/entities.js';
import type { Gap } from './schemas.js';

let t: TestApp;
let base: string;
const open: WidgetClient[] = [];
const H = () => ({ authorization: `Bearer ${t.demo.api_key}` });
async function api(method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, payload?: object, headers = H()) {
  const res = await t.app.inject({ method, url: `/v1/projects/${t.demo.project_id}${path}`, headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}
const gaps = async (): Promise<Gap[]> => (await api('GET', '/knowledge/gaps?limit=100')).body.data;

// Three ways visitors asked one thing the knowledge does not cover.
const ICELAND = ['Do you ship to Iceland?', 'Is shipping to Iceland possible?', 'Can you ship my order to Iceland?'];

/** A new visitor on the channel asks one question; the AI's reply as stored (with its outcome). */
async function ask(frameId: string, content: string): Promise<Message> {
  const c = await connectWidget(base, base);
  open.push(c);
  c.send({ type: 'session.hello', v: 1, frame_id: frameId, page: { url: 'https://shop.test/' } });
  await c.next('session.welcome');
  c.send({ type: 'message.send', client_id: `gap-visitor-${open.length}`, content });
  const ack = await c.next('message.ack');
  const reply = (await c.next('message.created', (f) => f.message.role === 'assistant' && f.message.seq > ack.message.seq)).message;
  const stored = (await api('GET', `/conversations/${reply.conversation_id}`)).body;
  return stored.messages.find((m: Message) => m.id === reply.id);
}

async function build(note: string): Promise<number> {
  const r = await api('POST', '/deployments', { note });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.version;
}

let frameId: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.listen();
  await api('PUT', '/aliases/production', { version: await build('before the gaps') });
  frameId = (await api('POST', '/channels', { name: 'Shop', allowed_origins: ['*'], alias: 'production' })).body.frame_id;
});
afterAll(async () => {
  for (const c of open) c.close();
  await t.close();
});

describe('knowledge gaps', { timeout: 60_000 }, () => {
  let gap: Gap;

  it('lists the questions the AI could not answer confidently, grouped, with every phrasing', async () => {
    for (const q of ICELAND) expect(['no_answer', 'suggestions']).toContain((await ask(frameId, q)).outcome);
    const list = await gaps();
    gap = list.find((g) => g.phrasings.some((p) => p.text === ICELAND[0]))!;
    expect(gap).toMatchObject({ count: 3, conversation_count: 3, trend: { last_7_days: 3, previous_7_days: 0, direction: 'rising' } });
    expect(gap.phrasings.map((p) => p.text).sort()).toEqual([...ICELAND].sort());
    expect(ICELAND).toContain(gap.question);
    expect(gap.conversation_ids).toHaveLength(3);
    expect(gap.reasons.no_answer + gap.reasons.suggestions).toBe(3);
  });

  it('answers the group with a snippet: the group leaves the list; after a rebuild every phrasing is answered from it', async () => {
    const saved = await api('POST', `/knowledge/gaps/${gap.id}/snippet`, { content: 'Yes: we ship to Iceland, parcels arrive within 5 working days.' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.question).toBe(gap.question);
    expect([saved.body.question, ...saved.body.alternative_questions].sort()).toEqual([...ICELAND].sort());
    expect((await gaps()).some((g) => g.id === gap.id)).toBe(false);

    // The channel follows its alias: the new snippet reaches it with the next build.
    await api('PUT', '/aliases/production', { version: await build('with the Iceland answer') });
    const other = ICELAND.find((q) => q !== gap.question)!;
    for (const q of [gap.question, other]) {
      const reply = await ask(frameId, q);
      expect(reply.outcome, q).toBe('answer');
      expect(reply.content).toContain('5 working days');
      expect(reply.sources[0]?.source_id).toBe(saved.body.id);
    }
    // Answered now: no new gap for them.
    expect((await gaps()).some((g) => g.phrasings.some((p) => ICELAND.includes(p.text)))).toBe(false);
  });

  it('dismisses a group; an unknown id is a 404', async () => {
    await ask(frameId, 'Are your teapots dishwasher safe?');
    const teapots = (await gaps()).find((g) => g.question === 'Are your teapots dishwasher safe?')!;
    expect(teapots.count).toBe(1);
    expect((await api('POST', `/knowledge/gaps/${teapots.id}/dismiss`)).status).toBe(204);
    expect((await gaps()).some((g) => g.id === teapots.id)).toBe(false);
    const missing = await api('POST', `/knowledge/gaps/${teapots.id}/dismiss`);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('not_found');
  });

  it('answers a group listed over fewer days than its oldest question: the older questions go with it', async () => {
    const conversations = t.app.ctx.store.collection('conversations');
    const old = (await api('POST', '/conversations', { user_id: 'gap-old', message: 'Do you sell spare kettle lids?' })).body;
    await api('POST', `/conversations/${old.id}/generate`);
    // Asked 40 days ago: the stored messages are moved back in time.
    const back = new Date(Date.now() - 40 * 86_400_000).toISOString();
    const record = (await conversations.get(t.demo.project_id, old.id))!;
    await conversations.put(t.demo.project_id, { ...record, messages: record.messages.map((m) => ({ ...m, created_at: back })) });
    const recent = (await api('POST', '/conversations', { user_id: 'gap-new', message: 'Can I buy a spare lid for my kettle?' })).body;
    await api('POST', `/conversations/${recent.id}/generate`);

    const lids = (list: Gap[]) => list.filter((g) => g.phrasings.some((p) => /lid/.test(p.text)));
    const month = lids((await api('GET', '/knowledge/gaps')).body.data);
    expect(month.map((g) => g.count)).toEqual([1]);
    expect(lids((await api('GET', '/knowledge/gaps?days=90')).body.data).map((g) => g.count)).toEqual([2]);
    const saved = await api('POST', `/knowledge/gaps/${month[0]!.id}/snippet`, { content: 'Yes: spare lids are 9 euros in the shop.' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.alternative_questions).toHaveLength(1);
    expect(lids((await api('GET', '/knowledge/gaps?days=90')).body.data)).toEqual([]);
  });

  it("saves an operator's answer to a visitor question of a conversation as a snippet", async () => {
    const c = (await api('POST', '/conversations', { user_id: 'gap-visitor', message: 'Can I bring my dog into the showroom?' })).body;
    const generated = await api('POST', `/conversations/${c.id}/generate`);
    expect(['no_answer', 'suggestions']).toContain(generated.body.message.outcome);
    const question = (await api('GET', `/conversations/${c.id}`)).body.messages.find((m: Message) => m.role === 'user');
    expect((await gaps()).some((g) => g.question === question.content)).toBe(true);
    const reply = (await api('POST', `/conversations/${c.id}/messages`, { content: 'Yes, dogs on a lead are welcome in the showroom.' })).body;

    expect((await api('POST', `/conversations/${c.id}/messages/${reply.id}/snippet`, { content: 'x' })).body.error).toBe('invalid_request');
    const saved = await api('POST', `/conversations/${c.id}/messages/${question.id}/snippet`, { content: reply.content });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body).toMatchObject({ question: 'Can I bring my dog into the showroom?', alternative_questions: [], content: reply.content });
    expect((await gaps()).some((g) => g.question === question.content)).toBe(false);
    const tested = (await api('POST', '/knowledge/test', { question: 'Can I bring my dog into the showroom?' })).body;
    expect(tested.answer).toMatchObject({ outcome: 'answer', sources: [expect.objectContaining({ source_id: saved.body.id })] });
  });

  it('needs knowledge:read and conversation:read to list, knowledge:write too to answer or dismiss; documented in OpenAPI', async () => {
    const { key } = await t.app.ctx.services.apiKeys.create(t.demo.project_id, { name: 'reader', permissions: ['knowledge:read', 'conversation:read'], environment: 'test' });
    const reader = { authorization: `Bearer ${key}` };
    expect((await api('GET', '/knowledge/gaps', undefined, reader)).status).toBe(200);
    const { key: knowledgeOnly } = await t.app.ctx.services.apiKeys.create(t.demo.project_id, { name: 'sync', permissions: ['knowledge:read'], environment: 'test' });
    const blind = await api('GET', '/knowledge/gaps', undefined, { authorization: `Bearer ${knowledgeOnly}` });
    expect(blind.status).toBe(403);
    expect(blind.body.missing_permissions).toEqual(['conversation:read']);
    const denied = await api('POST', '/knowledge/gaps/019a0000-0000-7000-8000-000000000000/dismiss', undefined, reader);
    expect(denied.status).toBe(403);
    expect(denied.body.missing_permissions).toEqual(['knowledge:write']);
    expect((await api('GET', '/knowledge/gaps?days=3')).status).toBe(400);

    const spec = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    expect(spec.paths['/v1/projects/{project_id}/knowledge/gaps'].get['x-required-permissions']).toEqual(['knowledge:read', 'conversation:read']);
    expect(spec.paths['/v1/projects/{project_id}/knowledge/gaps/{gap_id}/snippet'].post).toBeDefined();
    expect(spec.paths['/v1/projects/{project_id}/conversations/{conversation_id}/messages/{message_id}/snippet'].post).toBeDefined();
  });
});
