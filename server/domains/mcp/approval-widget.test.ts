// The visitor's side of approvals (spec 2.9; docs/behaviour.md "External tool servers (MCP)") over
// a real widget WebSocket: the paused call reaches the widget as a card, survives a server restart
// (real lowdb files: the welcome brings it back and the reply resumes from the stored state), and
// the visitor's approve runs it; a procedure's tool step waits for the same approval offline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { testConfig, type Config } from '../../config.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { connectWidget, type WidgetClient } from '../widget/test-client.js';
import { startScriptedLlm, type ScriptedLlm } from '../agent/openai/scripted-llm.fixture.js';
import { startShopServer, type ShopServer } from './mcp-servers.fixture.js';

let t: TestApp;
let app: FastifyInstance;
let base: string;
let llm: ScriptedLlm;
let shop: ShopServer;
let overrides: Partial<Config>;
const open: WidgetClient[] = [];
const api = (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object) =>
  app.inject({ method, url: `/v1/projects/${t.demo.project_id}${path}`, headers: { authorization: `Bearer ${t.demo.api_key}` }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  shop = await startShopServer();
  llm = await startScriptedLlm([], { text: ['OK'] });
  overrides = { llm: { baseUrl: llm.baseUrl, apiKey: 'k', model: 'm', timeoutMs: 10_000 } };
  t = await createTestApp(overrides);
  app = t.app;
  base = await t.listen();
  const server = await api('POST', '/mcp-servers', { name: 'Shop', transport: 'streamable_http', url: shop.url, tools: { cancel_order: { exposed: true } } });
  expect(server.statusCode, server.body).toBe(201);
  await api('PATCH', '/profiles/default', { mcp_server_ids: [server.json().id] });
});
afterAll(async () => {
  for (const c of open) c.close();
  await app.close();
  await t.close();
  await llm.close();
  await shop.close();
});

async function restart(): Promise<void> {
  for (const c of open.splice(0)) c.close();
  await app.close();
  app = await buildApp(testConfig(t.dataDir, { allowPrivateFetch: true, ...overrides }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

async function visitor(resume?: Record<string, unknown>) {
  const c = await connectWidget(base, base);
  open.push(c);
  c.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id, page: { url: 'https://shop.test/' }, locales: ['en-GB'], ...resume });
  const welcome = await c.next('session.welcome');
  let conversationId = resume?.conversation_id as string | undefined;
  let tokens: Record<string, unknown> = {};
  return {
    c,
    welcome,
    get resume() {
      return { device_token: welcome.device_token, ...tokens, conversation_id: conversationId };
    },
    get conversationId() {
      return conversationId!;
    },
    async send(content: string) {
      c.send({ type: 'message.send', client_id: `mcp-${Math.random().toString(36).slice(2, 10)}`, content, ...(conversationId ? { conversation_id: conversationId } : {}) });
      if (!conversationId) {
        const t2 = await c.next('session.tokens');
        tokens = { user_token: t2.user_token, session_token: t2.session_token };
      }
      conversationId ??= (await c.next('message.ack')).conversation.id;
    },
  };
}

describe('approvals in the widget', () => {
  it('shows the pending call, keeps it across a restart, and runs it when the visitor approves', async () => {
    llm.script.push({ toolCalls: [{ id: 'w1', name: 'mcp_shop_cancel_order', args: ['{"order_id":"A-500"}'] }] });
    const v = await visitor();
    await v.send('Please cancel my order A-500');
    const card = await v.c.next('tool_call.updated', (f) => f.tool_call.approval === 'pending');
    expect(card.tool_call).toMatchObject({ tool_title: 'Cancel an order', summary: 'will call Cancel an order with order_id "A-500"', arguments: { order_id: 'A-500' } });
    expect(shop.calls.some((c) => c.args.order_id === 'A-500')).toBe(false);

    await restart();
    const again = await visitor(v.resume);
    expect(again.welcome.tool_calls).toEqual([expect.objectContaining({ id: card.tool_call.id, approval: 'pending' })]);
    llm.script.push({ text: ['Order A-500 is cancelled.'] });
    again.c.send({ type: 'tool_call.answer', conversation_id: v.conversationId, call_id: card.tool_call.id, approve: true });
    expect((await again.c.next('tool_call.updated', (f) => f.tool_call.approval === 'approved')).tool_call.id).toBe(card.tool_call.id);
    const reply = await again.c.next('message.created', (f) => f.message.role === 'assistant');
    expect(reply.message.content).toBe('Order A-500 is cancelled.');
    expect(shop.calls.at(-1)).toEqual({ tool: 'cancel_order', args: { order_id: 'A-500' } });
    const log = (await api('GET', `/conversations/${v.conversationId}/tool-calls`)).json().data;
    expect(log[0]).toMatchObject({ approval: 'approved', answered_by: { kind: 'visitor' }, status: 'ok' });
    // The paused reply's state is gone from disk once it resumed; the answered call cannot be answered again.
    again.c.send({ type: 'tool_call.answer', conversation_id: v.conversationId, call_id: card.tool_call.id, approve: false });
    expect((await again.c.next('error')).error).toBe('tool_call_answered');
  });

  it("waits at a procedure's tool step for the approval, offline, and goes on with the answer", async () => {
    // The offline path: the profile pins the offline answerer, so the trigger phrase starts the procedure.
    expect((await api('PATCH', '/profiles/default', { model: { provider: 'offline' } })).statusCode).toBe(200);
    const procedure = await api('POST', '/procedures', {
      name: 'Cancel',
      triggers: ['cancel my subscription order'],
      steps: [
        { id: 'order', type: 'ask', field: 'order', kind: 'text', prompt: 'Which order?' },
        { id: 'call', type: 'tool', tool: 'mcp_shop_cancel_order', arguments: { order_id: '{{order}}' }, save_as: 'result', on_error: 'kept' },
        { id: 'done', type: 'end', text: 'Done: {{result}}.' },
        { id: 'kept', type: 'end', text: 'I left order {{order}} as it is.' },
      ],
    });
    expect(procedure.statusCode, procedure.body).toBe(201);
    const v = await visitor();
    await v.send('I want to cancel my subscription order');
    expect((await v.c.next('message.created', (f) => f.message.role === 'assistant')).message.content).toBe('Which order?');
    await v.send('B-77');
    const card = await v.c.next('tool_call.updated', (f) => f.tool_call.approval === 'pending');
    expect(card.tool_call.summary).toBe('will call Cancel an order with order_id "B-77"');
    v.c.send({ type: 'tool_call.answer', conversation_id: v.conversationId, call_id: card.tool_call.id, approve: true });
    expect((await v.c.next('message.created', (f) => f.message.role === 'assistant')).message.content).toBe('Done: Order B-77 cancelled.');
    expect(shop.calls.at(-1)).toEqual({ tool: 'cancel_order', args: { order_id: 'B-77' } });

    await v.send('cancel my subscription order again');
    await v.c.next('message.created', (f) => f.message.role === 'assistant' && f.message.content === 'Which order?');
    await v.send('B-78');
    const second = await v.c.next('tool_call.updated', (f) => f.tool_call.approval === 'pending');
    v.c.send({ type: 'tool_call.answer', conversation_id: v.conversationId, call_id: second.tool_call.id, approve: false });
    expect((await v.c.next('message.created', (f) => f.message.role === 'assistant' && f.message.content.includes('B-78'))).message.content).toBe('I left order B-78 as it is.');
    expect(shop.calls.some((c) => c.args.order_id === 'B-78')).toBe(false);
  });
});
