// External tools in the model's tool loop (spec 2.9; docs/behaviour.md "External tool servers
// (MCP)") with the real app, a real Streamable HTTP MCP server and a scripted OpenAI-compatible
// model: the model chooses a tool and reads its result; a call that needs approval pauses the reply
// until an operator approves (it runs, the reply continues) or denies (the model is told); a failing
// tool and a server that dies mid-call come back as text; the loop cap holds; every call is logged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { startScriptedLlm, type ScriptedLlm } from '../agent/openai/scripted-llm.fixture.js';
import { DYING_STDIO_SERVER, startShopServer, type ShopServer } from './mcp-servers.fixture.js';
import { DECLINED } from './tool-calls.js';

describe('MCP tools in the tool loop', () => {
  let t: TestApp;
  let llm: ScriptedLlm;
  let shop: ShopServer;
  const H = () => ({ authorization: `Bearer ${t.demo.api_key}` });
  const url = (path: string) => `/v1/projects/${t.demo.project_id}${path}`;
  const get = (path: string) => t.app.inject({ method: 'GET', url: url(path), headers: H() });
  const post = (path: string, payload?: object) => t.app.inject({ method: 'POST', url: url(path), headers: H(), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    shop = await startShopServer();
    llm = await startScriptedLlm([], { text: ['OK'] });
    t = await createTestApp({ llm: { baseUrl: llm.baseUrl, apiKey: 'k', model: 'm', timeoutMs: 10_000 }, mcpStdioEnabled: true });
    const server = await post('/mcp-servers', {
      name: 'Shop',
      transport: 'streamable_http',
      url: shop.url,
      tools: { get_order: { exposed: true, approval: 'never' }, cancel_order: { exposed: true }, broken: { exposed: true, approval: 'never' } },
    });
    expect(server.statusCode, server.body).toBe(201);
    const dying = await post('/mcp-servers', { name: 'Dying', transport: 'stdio', command: process.execPath, args: [DYING_STDIO_SERVER], tools: { die: { exposed: true, approval: 'never' }, echo: { exposed: true, approval: 'never' } } });
    expect(dying.statusCode, dying.body).toBe(201);
    const prof = await t.app.inject({ method: 'PATCH', url: url('/profiles/default'), headers: H(), payload: { mcp_server_ids: [server.json().id, dying.json().id] } });
    expect(prof.statusCode, prof.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
    await shop.close();
  });

  async function conversation(text: string): Promise<string> {
    const res = await post('/conversations', { user_id: `mcp-${Math.random()}`, message: text });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }
  const generate = (id: string) => post(`/conversations/${id}/generate`);
  const toolResult = (callId: string) => llm.requests.flatMap((r) => r.body.messages ?? []).find((m: { tool_call_id?: string }) => m.tool_call_id === callId)?.content as string | undefined;
  const calls = async (id: string) => (await get(`/conversations/${id}/tool-calls`)).json().data;
  async function assistantReply(id: string): Promise<string> {
    for (let i = 0; i < 100; i++) {
      const msgs = (await get(`/conversations/${id}`)).json().messages.filter((m: { role: string; type: string }) => m.role === 'assistant' && m.type === 'message');
      if (msgs.length) return msgs.at(-1).content;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('no reply');
  }

  it('offers only exposed tools, namespaced, and runs one the team set to run without approval', async () => {
    llm.script.push({ toolCalls: [{ id: 'c1', name: 'mcp_shop_get_order', args: ['{"order_id":', '"A-101"}'] }] }, { text: ['Your order A-101 shipped on 20 November.'] });
    const id = await conversation('Where is my order A-101?');
    const res = await generate(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message.content).toBe('Your order A-101 shipped on 20 November.');
    const offered = llm.requests.at(-2)!.body.tools.map((x: { function: { name: string } }) => x.function.name);
    expect(offered).toEqual(expect.arrayContaining(['mcp_shop_get_order', 'mcp_shop_cancel_order', 'mcp_shop_broken', 'mcp_dying_die']));
    expect(offered).not.toContain('mcp_shop_trivial'); // not exposed
    expect(toolResult('c1')).toBe('Order A-101: shipped on 2026-11-20');
    expect(shop.calls.at(-1)).toEqual({ tool: 'get_order', args: { order_id: 'A-101' } });
    const [log] = await calls(id);
    expect(log).toMatchObject({ tool: 'mcp_shop_get_order', tool_title: 'Look up an order', mcp_tool: 'get_order', origin: 'agent', arguments: { order_id: 'A-101' }, approval: 'not_required', status: 'ok', result_summary: 'Order A-101: shipped on 2026-11-20', error: null });
    expect(log.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('pauses a call that needs approval; approved by an operator, it runs and the reply continues', async () => {
    llm.script.push({ text: ['Let me cancel that. '], toolCalls: [{ id: 'c2', name: 'mcp_shop_cancel_order', args: ['{"order_id":"A-202","reason":"too late"}'] }] }, { text: ['Done: order A-202 is cancelled.'] });
    const id = await conversation('Cancel order A-202 please');
    const before = shop.calls.length;
    const res = await generate(id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'reply_skipped', reason: 'awaiting_approval' });
    const [pending] = await calls(id);
    expect(pending).toMatchObject({ approval: 'pending', status: 'pending', summary: 'will call Cancel an order with order_id "A-202", reason "too late"', answered_by: null });
    expect(shop.calls.length).toBe(before); // nothing ran before the answer

    const approved = await post(`/conversations/${id}/tool-calls/${pending.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ approval: 'approved', answered_by: { kind: 'operator' } });
    expect(await assistantReply(id)).toBe('Let me cancel that. Done: order A-202 is cancelled.');
    expect(shop.calls.at(-1)).toEqual({ tool: 'cancel_order', args: { order_id: 'A-202', reason: 'too late' } });
    expect(toolResult('c2')).toBe('Order A-202 cancelled');
    // The resumed model call carries the paused round: the assistant's tool call, then its result.
    const resumed = llm.requests.at(-1)!.body.messages;
    expect(resumed.at(-2)).toMatchObject({ role: 'assistant', tool_calls: [{ id: 'c2' }] });
    const [done] = await calls(id);
    expect(done).toMatchObject({ approval: 'approved', status: 'ok', result_summary: 'Order A-202 cancelled' });
    expect(done.answered_at).toEqual(expect.any(String));

    const again = await post(`/conversations/${id}/tool-calls/${pending.id}/deny`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('tool_call_answered');
  });

  it('runs a call an operator approves after taking over, and the AI stays quiet', async () => {
    llm.script.push({ toolCalls: [{ id: 'c8', name: 'mcp_shop_cancel_order', args: ['{"order_id":"A-808"}'] }] });
    const id = await conversation('Cancel A-808');
    expect((await generate(id)).json().reason).toBe('awaiting_approval');
    const [pending] = await calls(id);
    expect((await post(`/conversations/${id}/takeover`)).statusCode).toBe(200);
    const requests = llm.requests.length;
    expect((await post(`/conversations/${id}/tool-calls/${pending.id}/approve`)).statusCode).toBe(200);
    await expect.poll(async () => (await calls(id))[0].status).toBe('ok');
    expect(shop.calls.at(-1)).toEqual({ tool: 'cancel_order', args: { order_id: 'A-808' } });
    // The model is not asked to go on (the only model call is the takeover's summary for the operator).
    expect(toolResult('c8')).toBeUndefined();
    expect(llm.requests.slice(requests).filter((r) => r.body.tools)).toEqual([]);
    const messages = (await get(`/conversations/${id}`)).json().messages;
    expect(messages.filter((m: { role: string; type: string }) => m.role === 'assistant' && m.type === 'message')).toEqual([]);
  });

  it('tells the model when a call is denied, and nothing runs', async () => {
    llm.script.push({ toolCalls: [{ id: 'c3', name: 'mcp_shop_cancel_order', args: ['{"order_id":"A-303"}'] }] }, { text: ['Alright, I left order A-303 as it is.'] });
    const id = await conversation('Cancel A-303');
    const before = shop.calls.length;
    const paused = await generate(id);
    expect(paused.statusCode).toBe(409);
    expect(paused.json()).toMatchObject({ error: 'reply_skipped', reason: 'awaiting_approval' });
    expect(paused.json().message).toMatch(/waits for the visitor's approval/);
    const [pending] = await calls(id);
    expect((await post(`/conversations/${id}/tool-calls/${pending.id}/deny`)).json()).toMatchObject({ approval: 'denied', status: 'not_run' });
    expect(await assistantReply(id)).toBe('Alright, I left order A-303 as it is.');
    expect(toolResult('c3')).toBe(DECLINED);
    expect(shop.calls.length).toBe(before);
  });

  it('expires a pending call when the visitor writes again instead', async () => {
    llm.script.push({ toolCalls: [{ id: 'c4', name: 'mcp_shop_cancel_order', args: ['{"order_id":"A-404"}'] }] });
    const id = await conversation('Cancel A-404');
    await generate(id);
    await t.app.ctx.services.conversations.append(t.demo.project_id, id, { role: 'user', content: 'Never mind, what are your hours?' });
    llm.script.push({ text: ['We are open 9 to 5.'] });
    expect((await generate(id)).statusCode).toBe(200);
    const [expired] = await calls(id);
    expect(expired).toMatchObject({ approval: 'expired', status: 'not_run' });
    expect((await post(`/conversations/${id}/tool-calls/${expired.id}/approve`)).json().error).toBe('tool_call_answered');
  });

  it('gives the model the error of a failing tool and of a server that dies mid-call; the reply completes', async () => {
    llm.script.push({ toolCalls: [{ id: 'c5', name: 'mcp_shop_broken', args: ['{}'] }] }, { text: ['The shop system is down right now.'] });
    const id = await conversation('Check the shop');
    expect((await generate(id)).json().message.content).toBe('The shop system is down right now.');
    expect(toolResult('c5')).toBe('The tool failed: database is down');
    expect((await calls(id))[0]).toMatchObject({ status: 'error', error: 'database is down' });

    llm.script.push({ toolCalls: [{ id: 'c6', name: 'mcp_dying_die', args: ['{}'] }] }, { text: ['That did not work.'] });
    const id2 = await conversation('Try the dying tool');
    expect((await generate(id2)).json().message.content).toBe('That did not work.');
    expect(toolResult('c6')).toMatch(/^The tool failed: /);
    expect((await calls(id2))[0]).toMatchObject({ status: 'error' });
    // The process lives on, and the next call starts the server again.
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    llm.script.push({ toolCalls: [{ id: 'c7', name: 'mcp_dying_echo', args: ['{"text":"hi"}'] }] }, { text: ['Echoed.'] });
    const id3 = await conversation('Echo hi');
    expect((await generate(id3)).json().message.content).toBe('Echoed.');
    expect(toolResult('c7')).toBe('echo: hi');
  });

  it('stops at the loop cap even when the model keeps calling tools', async () => {
    await t.app.inject({ method: 'PATCH', url: url('/profiles/default'), headers: H(), payload: { model: { max_tool_rounds: 2 } } });
    try {
      const start = llm.requests.length;
      llm.fallback = { toolCalls: [{ id: 'loop', name: 'mcp_shop_get_order', args: ['{"order_id":"A-1"}'] }] };
      const id = await conversation('Loop forever');
      const res = await generate(id);
      expect(res.statusCode).toBe(200);
      expect(llm.requests.length - start).toBe(3);
      expect(llm.requests.at(-1)!.body.tool_choice).toBe('none');
      expect(await calls(id)).toHaveLength(2);
    } finally {
      llm.fallback = { text: ['OK'] };
      await t.app.inject({ method: 'PATCH', url: url('/profiles/default'), headers: H(), payload: { model: { max_tool_rounds: null } } });
    }
  });
  it('offers a server only on the profiles that list it: a build of another profile without it offers none of its tools', async () => {
    const api = async (method: 'POST' | 'PUT', path: string, payload: object) => {
      const res = await t.app.inject({ method, url: url(path), headers: H(), payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json();
    };
    const support = await api('POST', '/profiles', { name: 'Support only' });
    const build = await api('POST', '/deployments', { profile_id: support.id });
    await api('PUT', '/aliases/support-only', { version: build.version });
    const channel = await api('POST', '/channels', { name: 'Docs site', allowed_origins: ['*'], alias: 'support-only' });
    const record = await t.app.ctx.services.conversations.create({
      projectId: t.demo.project_id, userId: `mcp-${Math.random()}`, channelId: channel.id, channelType: 'website_widget',
      firstMessage: { role: 'user', content: 'Where is my order A-5?' },
    });
    expect((await generate(record.id)).statusCode).toBe(200);
    const offered = (llm.requests.at(-1)!.body.tools ?? []).map((x: { function: { name: string } }) => x.function.name);
    expect(offered.filter((n: string) => n.startsWith('mcp_'))).toEqual([]);
  });
});
