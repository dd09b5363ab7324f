// Unitools in the tool loop (spec 2.9) with the real app and a scripted OpenAI-compatible model: a
// tool is offered only when enabled on the default profile; the model's call runs the code in the
// sandbox and the model reads its result; guidance rules allow it by name like any tool; arguments that do not match and a timeout come back to the
// model as text it can act on, and the reply still completes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { startScriptedLlm, type ScriptedLlm } from '../agent/openai/scripted-llm.fixture.js';

const CODE = `import json, os, sys
args = json.load(sys.stdin)
print(json.dumps({"order_id": args["order_id"], "status": "shipped", "carrier_key_len": len(os.environ["CARRIER_KEY"])}))`;
const PARAMS = { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'], additionalProperties: false };

describe('Unitools in the tool loop', () => {
  let t: TestApp;
  let llm: ScriptedLlm;
  const H = () => ({ authorization: `Bearer ${t.demo.api_key}` });
  const url = (path: string) => `/v1/projects/${t.demo.project_id}${path}`;
  beforeAll(async () => {
    llm = await startScriptedLlm([], { text: ['OK'] });
    t = await createTestApp({ llm: { baseUrl: llm.baseUrl, apiKey: 'k', model: 'm', timeoutMs: 10_000 } });
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  async function ask(text: string) {
    const created = (await t.app.inject({ method: 'POST', url: url('/conversations'), headers: H(), payload: { user_id: `unitool-${Math.random()}`, message: text } })).json();
    const res = await t.app.inject({ method: 'POST', url: url(`/conversations/${created.id}/generate`), headers: H() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const offered = () => (llm.requests.at(-1)!.body.tools ?? []).map((x: { function: { name: string } }) => x.function.name);
  /** Runs `fn` with order_status saved (enabled on the default profile unless `enabled` is false), then deletes it: each test passes alone and in any order. */
  async function withOrderStatus(fn: (id: string) => Promise<void>, enabled = true): Promise<void> {
    const created = await t.app.inject({ method: 'POST', url: url('/unitools'), headers: H(), payload: { name: 'order_status', description: 'Look up the shipping status of an order by its id', parameters: PARAMS, code: CODE, language: 'python', secrets: { CARRIER_KEY: 'ck-0123456789' }, ...(enabled ? { profile_ids: ['default'] } : {}) } });
    expect(created.statusCode, created.body).toBe(201);
    try {
      await fn(created.json().id);
    } finally {
      await t.app.inject({ method: 'DELETE', url: url(`/unitools/${created.json().id}`), headers: H() });
    }
  }
  const toolResult = (id: string) => llm.requests.flatMap((r) => r.body.messages ?? []).find((m: { tool_call_id?: string }) => m.tool_call_id === id)?.content as string;

  it('is offered only once enabled on the default profile', () => withOrderStatus(async (id) => {
    await ask('Hello?');
    expect(offered()).not.toContain('order_status');
    const enabled = await t.app.inject({ method: 'PATCH', url: url(`/unitools/${id}`), headers: H(), payload: { profile_ids: ['default'] } });
    expect(enabled.statusCode, enabled.body).toBe(200);
    await ask('Hello again?');
    expect(offered()).toContain('order_status');
    const spec = llm.requests.at(-1)!.body.tools.find((x: { function: { name: string } }) => x.function.name === 'order_status');
    expect(spec.function).toMatchObject({ description: 'Look up the shipping status of an order by its id', parameters: PARAMS });
  }, false));

  it('runs the code when the model calls it and hands the model its result', () => withOrderStatus(async () => {
    llm.script.push({ toolCalls: [{ id: 'u1', name: 'order_status', args: ['{"order_id":', '"A-101"}'] }] }, { text: ['Your order A-101 has shipped.'] });
    const reply = await ask('Where is my order A-101?');
    expect(JSON.parse(toolResult('u1'))).toEqual({ order_id: 'A-101', status: 'shipped', carrier_key_len: 13 });
    expect(reply.message.content).toContain('A-101 has shipped');
  }));

  it('obeys the guidance allowlist: a rule names it in backticks, a rule that does not keeps it out', () => withOrderStatus(async () => {
    const named = await t.app.inject({ method: 'POST', url: url('/guidance-rules'), headers: H(), payload: { name: 'Orders', instructions: 'Use `order_status` for order questions.' } });
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json()).toMatchObject({ allowed_tools: ['order_status'], unknown_tools: [] });
    await ask('Where is A-7?');
    expect(offered()).toContain('order_status');
    const other = await t.app.inject({ method: 'PATCH', url: url(`/guidance-rules/${named.json().id}`), headers: H(), payload: { instructions: 'Offer `offer_handoff` when unsure.' } });
    expect(other.statusCode, other.body).toBe(200);
    await ask('Where is A-8?');
    expect(offered()).not.toContain('order_status');
    expect((await t.app.inject({ method: 'DELETE', url: url(`/guidance-rules/${named.json().id}`), headers: H() })).statusCode).toBe(204);
  }));

  it('tells the model about bad arguments and a timeout, and the reply still completes', () => withOrderStatus(async () => {
    llm.script.push({ toolCalls: [{ id: 'u2', name: 'order_status', args: ['{"order":"A-1"}'] }] }, { text: ['Which order number?'] });
    await ask('Where is my parcel?');
    expect(toolResult('u2')).toMatch(/^The tool failed \(invalid_arguments\): .*order_id/);

    const slow = await t.app.inject({ method: 'POST', url: url('/unitools'), headers: H(), payload: { name: 'slow_lookup', description: 'Slow', code: 'sleep 20', language: 'shell', timeout_ms: 500, profile_ids: ['default'] } });
    expect(slow.statusCode, slow.body).toBe(201);
    llm.script.push({ toolCalls: [{ id: 'u3', name: 'slow_lookup', args: ['{}'] }] }, { text: ['The lookup is not answering right now.'] });
    const reply = await ask('Check the warehouse please');
    expect(toolResult('u3')).toContain('The tool failed (timeout)');
    expect(reply.message.content).toContain('not answering');
    await t.app.inject({ method: 'DELETE', url: url(`/unitools/${slow.json().id}`), headers: H() });
  }));

  it('follows the profile serving the reply: a build of another profile offers its Unitools, the default does not', () => withOrderStatus(async () => {
    const api = async (method: 'POST' | 'PUT' | 'PATCH', path: string, payload: object) => {
      const res = await t.app.inject({ method, url: url(path), headers: H(), payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json();
    };
    const sales = await api('POST', '/profiles', { name: 'Sales' });
    await api('POST', '/unitools', { name: 'sales_quote', description: 'Price a quote', code: 'echo 1', language: 'shell', profile_ids: [sales.id] });
    const build = await api('POST', '/deployments', { profile_id: sales.id, note: 'sales site' });
    await api('PUT', '/aliases/sales', { version: build.version });
    const channel = await api('POST', '/channels', { name: 'Sales site', allowed_origins: ['*'], alias: 'sales' });

    // A conversation on the channel that follows the alias: the build's profile serves it.
    const onSales = await t.app.ctx.services.conversations.create({
      projectId: t.demo.project_id, userId: `sales-${Math.random()}`, channelId: channel.id, channelType: 'website_widget',
      firstMessage: { role: 'user', content: 'How much for 10 seats?' },
    });
    expect((await t.app.inject({ method: 'POST', url: url(`/conversations/${onSales.id}/generate`), headers: H() })).statusCode).toBe(200);
    expect(offered()).toContain('sales_quote');
    expect(offered()).not.toContain('order_status');

    await ask('How much for 10 seats?');
    expect(offered()).not.toContain('sales_quote');
    expect(offered()).toContain('order_status');
  }));
});
