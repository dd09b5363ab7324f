// The agent runtime through the real app: real knowledge (manual snippets), real store and bus; the
// offline answerer by default, the OpenAI-compatible provider against a scripted 127.0.0.1 server.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import type { ConversationEvent } from '../conversations/events.js';
import { DONT_KNOW } from './offline/answerer.js';
import { startScriptedLlm, type ScriptedLlm } from './openai/scripted-llm.fixture.js';

// A project of its own: the demo project carries Parley's docs, which would change with them.
let projectId = '';

async function seedKnowledge(t: TestApp) {
  const { knowledge, projects } = t.app.ctx.services;
  projectId = (await projects.createProject({ organizationId: t.demo.organization_id, name: 'Shop' })).id;
  const provider = await knowledge.createProvider(projectId, { type: 'manual', name: 'Help center' });
  await knowledge.createSnippet(projectId, provider.id, {
    title: 'Opening hours',
    question: 'When are you open?',
    content: 'Our support team is available Monday to Friday, 9:00 to 17:00 CET.',
  });
  await knowledge.createSnippet(projectId, provider.id, {
    title: 'Returns',
    url: 'https://shop.example/returns',
    content:
      'You can return any unused item within 30 days of delivery. Start a return from the Orders page and print the prepaid label. ' +
      'Refunds reach your card within 5 business days after the parcel arrives at our warehouse.',
  });
}

async function conversation(t: TestApp, ...texts: string[]) {
  const { users, conversations } = t.app.ctx.services;
  const user = await users.create(projectId, {});
  const conv = await conversations.create({ projectId: projectId, userId: user.id, firstMessage: { role: 'user', content: texts[0] } });
  for (const text of texts.slice(1)) await conversations.append(projectId, conv.id, { role: 'user', content: text });
  return conv.id;
}

describe('agent runtime (offline answerer)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedKnowledge(t);
  });
  afterAll(() => t.close());

  it('answers from knowledge, stores the reply with its sources and streams it on the bus', async () => {
    const conversationId = await conversation(t, 'How many days do I have to return an item?');
    const events: ConversationEvent[] = [];
    const off = t.app.ctx.bus.subscribe(conversationId, (e) => events.push(e));
    const deltas: string[] = [];
    const result = await t.app.ctx.services.agent.reply({ projectId: projectId, conversationId, onDelta: (d) => deltas.push(d) });
    off();

    expect(result.message).not.toBeNull();
    const message = result.message!;
    expect(message.role).toBe('assistant');
    expect(message.content).toContain('within 30 days of delivery');
    expect(message.outcome).toBe('answer');
    expect(message.content).toMatch(/\[1\]/);
    expect(message.sources).toMatchObject([{ title: 'Returns', url: 'https://shop.example/returns' }]);
    expect(result.sources).toEqual(message.sources);
    expect(deltas.join('')).toBe(message.content);

    const types = events.map((e) => e.type);
    expect(types[0]).toBe('typing');
    expect(types.filter((x) => x === 'message.delta').length).toBe(deltas.length);
    expect(events.filter((e) => e.type === 'message.delta').map((e) => (e as { delta: string }).delta).join('')).toBe(message.content);
    const created = events.find((e) => e.type === 'message.created') as Extract<ConversationEvent, { type: 'message.created' }>;
    expect(created.message.id).toBe(message.id);
    expect(events.at(-1)).toMatchObject({ type: 'typing', typing: false });

    const stored = await t.app.ctx.services.conversations.require(projectId, conversationId);
    expect(stored.messages.at(-1)).toEqual(message);
  });

  it('gives the direct answer of a matching snippet question', async () => {
    const conversationId = await conversation(t, 'when are you open?');
    const { message } = await t.app.ctx.services.agent.reply({ projectId: projectId, conversationId });
    expect(message!.content).toBe('Our support team is available Monday to Friday, 9:00 to 17:00 CET.');
    expect(message!.sources[0].title).toBe('Opening hours');
  });

  it('uses the previous question as context for a short follow-up', async () => {
    const conversationId = await conversation(t, 'How do refunds work after a return?', 'how long?');
    const { message } = await t.app.ctx.services.agent.reply({ projectId: projectId, conversationId });
    expect(message!.content).toContain('5 business days');
  });

  it('refuses honestly with offer_handoff when knowledge does not cover the question', async () => {
    const conversationId = await conversation(t, 'Do you ship live animals to Antarctica?');
    const { message } = await t.app.ctx.services.agent.reply({ projectId: projectId, conversationId });
    expect(message!.content).toBe(DONT_KNOW);
    expect(message!.offer_handoff).toBe(true);
    expect(message!.outcome).toBe('no_answer');
    expect(message!.sources).toEqual([]);
  });

  it('does not reply while an operator handles the conversation, or without a user message', async () => {
    const conversationId = await conversation(t, 'How do I return an item?');
    await t.app.ctx.services.conversations.patch(projectId, conversationId, { operator_active: true });
    const result = await t.app.ctx.services.agent.reply({ projectId: projectId, conversationId });
    expect(result).toEqual({ message: null, sources: [], skipped: 'operator_active' });
    const stored = await t.app.ctx.services.conversations.require(projectId, conversationId);
    expect(stored.messages).toHaveLength(1);

    const { users, conversations } = t.app.ctx.services;
    const user = await users.create(projectId, {});
    const empty = await conversations.create({ projectId: projectId, userId: user.id });
    expect((await t.app.ctx.services.agent.reply({ projectId: projectId, conversationId: empty.id })).skipped).toBe('no_user_message');
  });

  it('answers from an attached search table, citing the table', async () => {
    const { tables } = t.app.ctx.services;
    const table = await tables.create(projectId, {
      name: 'Order tracking',
      format: 'jsonl',
      content: ['{"order_id":"A-100","status":"shipped","carrier":"DHL"}', '{"order_id":"B-207","status":"processing","carrier":"UPS"}'].join('\n'),
    });
    const question = 'What is the status of order B-207?';
    // Not attached yet: the table is not consulted.
    const before = await t.app.ctx.services.agent.reply({ projectId: projectId, conversationId: await conversation(t, question) });
    expect(before.message!.offer_handoff).toBe(true);

    await tables.attach(projectId, table.id, { name: 'order_tracking', description: 'Order status by order id' });
    const { message } = await t.app.ctx.services.agent.reply({ projectId: projectId, conversationId: await conversation(t, question) });
    expect(message!.content).toContain('order_id: B-207 · status: processing · carrier: UPS.');
    expect(message!.content).not.toContain('A-100');
    expect(message!.sources).toMatchObject([{ source_id: table.id, title: 'Order tracking', url: null }]);
    await tables.detach(projectId, table.id);
  });

  it('serialises concurrent replies of one conversation', async () => {
    const conversationId = await conversation(t, 'How do I return an item?');
    const [a, b] = await Promise.all([
      t.app.ctx.services.agent.reply({ projectId: projectId, conversationId }),
      t.app.ctx.services.agent.reply({ projectId: projectId, conversationId }),
    ]);
    expect(b.message!.seq).toBe(a.message!.seq + 1);
  });
});

describe('agent runtime (OpenAI-compatible provider)', () => {
  let llm: ScriptedLlm;
  let t: TestApp;
  beforeAll(async () => {
    llm = await startScriptedLlm();
    t = await createTestApp({ llm: { baseUrl: llm.baseUrl, apiKey: 'k', model: 'm', timeoutMs: 5000 } });
    await seedKnowledge(t);
  });
  afterEach(() => {
    llm.requests.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  it('offers knowledge and attached search tables as tools and records the table as a source', async () => {
    const table = await t.app.ctx.services.tables.create(projectId, {
      name: 'Orders',
      format: 'csv',
      content: 'order_id,status,eta\nA-100,shipped,2026-11-25\nA-101,processing,2026-11-30',
      filter_fields: ['order_id'],
    });
    await t.app.ctx.services.tables.attach(projectId, table.id, { name: 'order_status', description: 'Look up the status of an order by its id' });
    llm.script.push(
      { toolCalls: [{ id: 'c1', name: 'order_status', args: ['{"filters":{"order_id":"A-101"}}'] }] },
      (body) => {
        // Cite by the numbers the prompt gave: the table rows arrive in the tool result.
        const all = body.messages.map((m: { content: string | null }) => m.content ?? '').join('\n');
        const orders = /\[(\d+)\] Orders/.exec(all)![1];
        const returns = /\[(\d+)\] Returns/.exec(all)![1];
        return { text: [`Order A-101 is still processing [${orders}]; `, `returns take 30 days [${returns}].`] };
      },
    );
    const conversationId = await conversation(t, 'Where is my order A-101 and how do returns work?');
    const { message } = await t.app.ctx.services.agent.reply({ projectId: projectId, conversationId });

    const toolNames = llm.requests[0].body.tools.map((x: { function: { name: string } }) => x.function.name);
    expect(toolNames).toEqual(['search_knowledge', 'offer_handoff', 'order_status']);
    const toolResult = llm.requests[1].body.messages.at(-1);
    expect(toolResult).toMatchObject({ role: 'tool', tool_call_id: 'c1' });
    expect(toolResult.content).toContain('order_id: A-101 · status: processing · eta: 2026-11-30.');
    expect(toolResult.content).not.toContain('A-100');

    expect(message!.content).toBe('Order A-101 is still processing [1]; returns take 30 days [2].');
    expect(message!.sources.map((s) => s.title)).toEqual(['Orders', 'Returns']);
  });

  it('publishes typing off and stores nothing when the endpoint fails', async () => {
    llm.script.push({ status: 503 }, { status: 503 });
    const conversationId = await conversation(t, 'How do I return an item?');
    const events: ConversationEvent[] = [];
    const off = t.app.ctx.bus.subscribe(conversationId, (e) => events.push(e));
    await expect(t.app.ctx.services.agent.reply({ projectId: projectId, conversationId })).rejects.toMatchObject({ code: 'upstream_unavailable' });
    off();
    expect(events.at(-1)).toMatchObject({ type: 'typing', typing: false });
    const stored = await t.app.ctx.services.conversations.require(projectId, conversationId);
    expect(stored.messages).toHaveLength(1);
  });

  it('answers REST generate with a clear 502 upstream_unavailable when the endpoint is down', async () => {
    llm.script.push({ status: 503 }, { status: 503 });
    const P = `/v1/projects/${t.demo.project_id}`;
    const headers = { authorization: `Bearer ${t.demo.api_key}`, 'content-type': 'application/json' };
    const conv = (await t.app.inject({ method: 'POST', url: `${P}/conversations`, headers, payload: { user_id: 'down-1', message: 'How do I return an item?' } })).json();
    const res = await t.app.inject({ method: 'POST', url: `${P}/conversations/${conv.id}/generate`, headers });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ error: 'upstream_unavailable', message: expect.stringMatching(/language model endpoint answered with status 503/) });
  });
});
