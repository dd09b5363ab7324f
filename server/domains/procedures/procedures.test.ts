// Procedures (spec 2.9) offline, through the real app and a real widget WebSocket: a refund procedure
// starts from a visitor's own words, asks and validates its questions, survives a server restart in
// the middle, branches on the amount (audience conditions over the answers), and hands a large refund
// to the team with a note; "cancel" ends one; bad definitions are refused with clear 400s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { connectWidget, type WidgetClient } from '../widget/test-client.js';
import type { Message } from '../../../shared/schemas/entities.js';

let t: TestApp;
let app: FastifyInstance;
let base: string;
const open: WidgetClient[] = [];
const url = (path: string) => `/v1/projects/${t.demo.project_id}${path}`;
const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
  app.inject({ method, url: url(path), headers: { authorization: `Bearer ${t.demo.api_key}` }, ...(payload ? { payload } : {}) });

const REFUND = {
  name: 'Refund',
  triggers: ['I want a refund', 'money back for my order', 'Ich möchte eine Rückerstattung'],
  steps: [
    { id: 'order', type: 'ask', field: 'order', kind: 'text', prompt: 'What is your order number?' },
    { id: 'amount', type: 'ask', field: 'amount', kind: 'number', prompt: 'How much was the order, in euros?' },
    { id: 'check', type: 'branch', cases: [{ when: [{ type: 'condition', field: 'procedure.amount', operator: 'greater_than', value: 100 }], next: 'big' }], otherwise: 'small' },
    { id: 'small', type: 'say', text: 'Your refund of {{amount}} € for order {{order}} is on its way.', next: null },
    { id: 'big', type: 'handoff', mode: 'escalate', text: 'A refund over 100 € needs a person: I passed order {{order}} to our team.', note: 'Refund request: order {{order}}, {{amount}} €' },
  ],
};

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  base = await t.listen();
});
afterAll(async () => {
  for (const c of open) c.close();
  await app.close();
  await t.close();
});

/** A widget visitor; `resume` continues an earlier session and conversation on a new socket. */
async function visitor(resume?: Record<string, unknown>, locales: string[] = ['en-GB']) {
  const c = await connectWidget(base, base);
  open.push(c);
  c.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id, page: { url: 'https://shop.test/' }, locales, ...resume });
  const welcome = await c.next('session.welcome');
  let conversationId = resume?.conversation_id as string | undefined;
  let tokens: Record<string, unknown> = {};
  let n = 0;
  return {
    get resume() {
      return { device_token: welcome.device_token, ...tokens, conversation_id: conversationId };
    },
    get conversationId() {
      return conversationId!;
    },
    async say(content: string): Promise<Message> {
      c.send({ type: 'message.send', client_id: `proc-${Math.random().toString(36).slice(2, 8)}-${++n}`, content, ...(conversationId ? { conversation_id: conversationId } : {}) });
      if (!conversationId) {
        const t2 = await c.next('session.tokens');
        tokens = { user_token: t2.user_token, session_token: t2.session_token };
      }
      const ack = await c.next('message.ack');
      conversationId ??= ack.conversation.id;
      return (await c.next('message.created', (f) => f.message.role === 'assistant' && f.message.seq > ack.message.seq)).message;
    },
  };
}

async function restart(): Promise<void> {
  for (const c of open.splice(0)) c.close();
  await app.close();
  app = await buildApp(testConfig(t.dataDir, { allowPrivateFetch: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

describe('procedures', () => {
  it('refuses definitions that cannot run', async () => {
    const bad = async (steps: object[]) => (await api('POST', '/procedures', { name: 'x', triggers: ['refund'], steps })).json();
    expect((await bad([{ id: 'a', type: 'say', text: 'hi' }, { id: 'a', type: 'end' }])).error).toBe('invalid_request');
    expect((await bad([{ id: 'a', type: 'say', text: 'hi', next: 'nowhere' }])).error).toBe('invalid_request');
    expect((await bad([{ id: 'a', type: 'ask', field: 'size', kind: 'choice', prompt: 'Size?' }])).error).toBe('invalid_request');
    const branch = [
      { id: 'q', type: 'ask', field: 'amount', kind: 'number', prompt: 'How much?' },
      { id: 'b', type: 'branch', cases: [{ when: [{ type: 'condition', field: 'procedure.amount', operator: 'contains', value: 'x' }], next: 'q' }], otherwise: null },
    ];
    expect((await bad(branch)).error).toBe('invalid_audience_operator');
    expect((await api('POST', '/procedures', { ...REFUND, profile_ids: ['nope'] })).json().error).toBe('unknown_profile');
  });

  it('runs a refund end to end offline in the widget, across a restart, and hands a large one to the team', async () => {
    const created = await api('POST', '/procedures', REFUND);
    expect(created.statusCode, created.body).toBe(201);

    const v = await visitor();
    expect((await v.say('Hi, I would like a refund for my order please')).content).toBe('What is your order number?');
    expect((await v.say('A-1234')).content).toBe('How much was the order, in euros?');
    expect((await v.say('about twelve')).content).toBe('Sorry, I could not use that answer. How much was the order, in euros?');

    await restart();
    const again = await visitor(v.resume);
    const done = await again.say('12,50 €');
    expect(done.content).toBe('Your refund of 12.5 € for order A-1234 is on its way.');
    expect(done.sources).toEqual([]);
    // The procedure is over: the next message is answered from the knowledge again.
    expect((await again.say('How do I install the widget?')).content).not.toContain('order number');

    const big = await visitor();
    await big.say('I want my money back for my order');
    await big.say('B-9');
    expect((await big.say('250')).content).toBe('A refund over 100 € needs a person: I passed order B-9 to our team.');
    // The escalation follows the stored reply.
    await expect.poll(async () => (await api('GET', `/conversations/${big.conversationId}`)).json().status).toBe('escalated');
    const stored = (await api('GET', `/conversations/${big.conversationId}`)).json();
    expect(stored.messages.find((m: Message) => m.type === 'handover').content).toBe('Refund request: order B-9, 250 €');
  });

  it('is cancelled by the visitor and starts from German words too', async () => {
    const v = await visitor(undefined, ['de-DE']);
    expect((await v.say('Ich möchte bitte eine Rückerstattung')).content).toBe('What is your order number?');
    expect((await v.say('abbrechen')).content).toBe('In Ordnung, ich habe abgebrochen. Wobei kann ich sonst helfen?');
    expect((await v.say('What is the order number format?')).content).not.toBe('What is your order number?');
  });
});
