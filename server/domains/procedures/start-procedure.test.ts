// start_procedure (spec 2.9) through the real app, a real widget WebSocket and a scripted
// OpenAI-compatible model: with a model the model chooses when a procedure starts — its call begins
// the run and the procedure's first step is the reply, the visitor's next messages go to the
// procedure without the model, and a trigger phrase alone starts nothing. The tool is offered only
// with an enabled procedure and when the guidance allowlist permits it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { connectWidget, type WidgetClient } from '../widget/test-client.js';
import { startScriptedLlm, type ScriptedLlm } from '../agent/openai/scripted-llm.fixture.js';
import type { Message } from '../../../shared/schemas/entities.js';

const REFUND = {
  name: 'Refund',
  description: 'Refunds an order: asks the order number and the amount.',
  triggers: ['I want a refund', 'money back for my order'],
  steps: [
    { id: 'order', type: 'ask', field: 'order', kind: 'text', prompt: 'What is your order number?' },
    { id: 'amount', type: 'ask', field: 'amount', kind: 'number', prompt: 'How much was the order, in euros?' },
    { id: 'done', type: 'say', text: 'Your refund of {{amount}} € for order {{order}} is on its way.', next: null },
  ],
};

let t: TestApp;
let llm: ScriptedLlm;
let base: string;
const open: WidgetClient[] = [];
const api = (method: 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
  t.app.inject({ method, url: `/v1/projects/${t.demo.project_id}${path}`, headers: { authorization: `Bearer ${t.demo.api_key}` }, ...(payload ? { payload } : {}) });
/** The tools the model was offered in its latest request. */
const offered = () => (llm.requests.at(-1)!.body.tools ?? []).map((x: { function: { name: string } }) => x.function.name);
const startTool = () => llm.requests.at(-1)!.body.tools.find((x: { function: { name: string } }) => x.function.name === 'start_procedure').function;

beforeAll(async () => {
  llm = await startScriptedLlm([], { text: ['Happy to help.'] });
  t = await createTestApp({ llm: { baseUrl: llm.baseUrl, apiKey: 'k', model: 'm', timeoutMs: 10_000 } });
  base = await t.listen();
});
afterAll(async () => {
  for (const c of open) c.close();
  await t.close();
  await llm.close();
});

/** Runs `fn` with the Refund procedure enabled, and deletes it after: each test passes alone and in any order. */
async function withRefund(fn: (procedureId: string) => Promise<void>): Promise<void> {
  const created = await api('POST', '/procedures', REFUND);
  expect(created.statusCode, created.body).toBe(201);
  try {
    await fn(created.json().id);
  } finally {
    await api('DELETE', `/procedures/${created.json().id}`);
  }
}

/** A widget visitor whose `say` resolves with the assistant's reply. */
async function visitor() {
  const c = await connectWidget(base, base);
  open.push(c);
  c.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id, page: { url: 'https://shop.test/' }, locales: ['en-GB'] });
  await c.next('session.welcome');
  let conversationId: string | undefined;
  let n = 0;
  return async (content: string): Promise<Message> => {
    c.send({ type: 'message.send', client_id: `start-${Math.random().toString(36).slice(2, 8)}-${++n}`, content, ...(conversationId ? { conversation_id: conversationId } : {}) });
    const ack = await c.next('message.ack');
    conversationId ??= ack.conversation.id;
    return (await c.next('message.created', (f) => f.message.role === 'assistant' && f.message.seq > ack.message.seq)).message;
  };
}

describe('start_procedure', () => {
  it('is not offered while no procedure is enabled', async () => {
    const say = await visitor();
    expect((await say('Hello there')).content).toBe('Happy to help.');
    expect(offered()).not.toContain('start_procedure');
  });

  it('does not start a procedure from its trigger phrase when the model answers normally', () => withRefund(async (procedureId) => {
    const say = await visitor();
    const calls = llm.requests.length;
    expect((await say('I want a refund')).content).toBe('Happy to help.');
    expect(llm.requests.length).toBe(calls + 1);
    // Offered, with what the model needs to recognise the intent.
    const tool = startTool();
    expect(tool.parameters.properties.procedure.enum).toEqual([procedureId]);
    expect(tool.description).toContain('Refunds an order: asks the order number and the amount.');
    expect(tool.description).toContain('"money back for my order"');
    // No run began: the next message is the model's again.
    expect((await say('A-1234')).content).toBe('Happy to help.');
    expect(llm.requests.length).toBe(calls + 2);
  }));

  it('starts the procedure the model chooses; the procedure answers the next messages and finishes', () => withRefund(async (procedureId) => {
    const say = await visitor();
    llm.script.push({ text: ['Sure! '], toolCalls: [{ id: 's1', name: 'start_procedure', args: [JSON.stringify({ procedure: procedureId })] }] });
    const calls = llm.requests.length;
    const first = await say('My parcel never came, can I get my money returned?');
    // The procedure's own text is the reply, not the model's words around the call.
    expect(first.content).toBe('What is your order number?');
    expect(first.sources).toEqual([]);
    expect(llm.requests.length).toBe(calls + 1);

    expect((await say('A-1234')).content).toBe('How much was the order, in euros?');
    expect((await say('12,50 €')).content).toBe('Your refund of 12.5 € for order A-1234 is on its way.');
    // The procedure answered both without the model; once over, the model answers again.
    expect(llm.requests.length).toBe(calls + 1);
    expect((await say('Thanks!')).content).toBe('Happy to help.');
    expect(llm.requests.length).toBe(calls + 2);
  }));

  it('is cancelled like a run started by a phrase', () => withRefund(async (procedureId) => {
    const say = await visitor();
    llm.script.push({ toolCalls: [{ id: 's2', name: 'start_procedure', args: [JSON.stringify({ procedure: procedureId })] }] });
    expect((await say('Refund please')).content).toBe('What is your order number?');
    expect((await say('cancel')).content).toBe('Okay, I stopped there. How else can I help?');
    const calls = llm.requests.length;
    expect((await say('What are your opening hours?')).content).toBe('Happy to help.');
    expect(llm.requests.length).toBe(calls + 1);
  }));

  it('is not offered when the guidance allowlist leaves it out, and is when it names it', () => withRefund(async () => {
    const rule = await api('POST', '/guidance-rules', { name: 'Only knowledge', instructions: 'Answer with `search_knowledge` only.' });
    expect(rule.statusCode, rule.body).toBe(201);
    try {
      const say = await visitor();
      await say('Hello');
      expect(offered()).not.toContain('start_procedure');

      const edited = await api('PATCH', `/guidance-rules/${rule.json().id}`, { instructions: 'Use `search_knowledge`; start a procedure with `start_procedure`.' });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ allowed_tools: ['search_knowledge', 'start_procedure'], unknown_tools: [] });
      await say('Hello again');
      expect(offered()).toContain('start_procedure');
    } finally {
      await api('DELETE', `/guidance-rules/${rule.json().id}`);
    }
  }));
});
