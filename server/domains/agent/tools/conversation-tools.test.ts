// The conversation and time toolboxes (spec 2.9) in the real tool loop with a scripted
// OpenAI-compatible model: set_label adds one of the project's labels and refuses an unknown one with
// a tool error the model can act on; set_user_attribute writes the user's external_attributes within
// the users API's limits; current_time answers in the user's timezone, else the profile's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { startScriptedLlm, type ScriptedLlm } from '../openai/scripted-llm.fixture.js';

type ChatMessage = { role: string; content?: string | null; tool_call_id?: string };
const toolResult = (llm: ScriptedLlm, id: string) =>
  llm.requests.flatMap((r) => (r.body.messages ?? []) as ChatMessage[]).find((m) => m.role === 'tool' && m.tool_call_id === id)?.content ?? '';
const call = (id: string, name: string, args: object) => ({ toolCalls: [{ id, name, args: [JSON.stringify(args)] }] });

describe('conversation and time tools', () => {
  let t: TestApp;
  let llm: ScriptedLlm;
  let labelId: string;
  const H = () => ({ authorization: `Bearer ${t.demo.api_key}` });
  const url = (path: string) => `/v1/projects/${t.demo.project_id}${path}`;

  beforeAll(async () => {
    llm = await startScriptedLlm([], { text: ['OK'] });
    t = await createTestApp({ llm: { baseUrl: llm.baseUrl, apiKey: 'k', model: 'm', timeoutMs: 10_000 } });
    const patched = await t.app.inject({ method: 'PATCH', url: url('/profiles/default'), headers: H(), payload: { toolboxes: ['conversation', 'time'], timezone: 'America/New_York' } });
    expect(patched.statusCode, patched.body).toBe(200);
    const label = await t.app.inject({ method: 'POST', url: url('/labels'), headers: H(), payload: { name: 'Sales lead' } });
    expect(label.statusCode, label.body).toBe(201);
    labelId = label.json().id;
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  async function newUser(body: object) {
    const res = await t.app.inject({ method: 'POST', url: url('/users'), headers: H(), payload: { external_id: `u-${Math.random()}`, ...body } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string };
  }
  async function ask(userId: string, text: string) {
    const created = (await t.app.inject({ method: 'POST', url: url('/conversations'), headers: H(), payload: { user_id: userId, message: text } })).json();
    const res = await t.app.inject({ method: 'POST', url: url(`/conversations/${created.id}/generate`), headers: H() });
    expect(res.statusCode, res.body).toBe(200);
    return (await t.app.inject({ method: 'GET', url: url(`/conversations/${created.id}`), headers: H() })).json();
  }
  const getUser = async (id: string) => (await t.app.inject({ method: 'GET', url: url(`/users/${id}`), headers: H() })).json();

  it('set_label adds a project label by name, case-insensitively', async () => {
    const user = await newUser({});
    llm.script.push(call('l1', 'set_label', { label: 'sales LEAD' }), { text: ['Thanks, a colleague from sales will reach out.'] });
    const c = await ask(user.id, 'We want 200 seats, who do I talk to?');
    expect(c.labels).toEqual([labelId]);
    expect(toolResult(llm, 'l1')).toBe('Added the label "Sales lead" to the conversation.');
  });

  it('set_label refuses a label the project does not have and tells the model which exist', async () => {
    const user = await newUser({});
    llm.script.push(call('l2', 'set_label', { label: 'VIP' }), { text: ['Let me help you.'] });
    const c = await ask(user.id, 'I am a VIP customer');
    expect(c.labels).toEqual([]);
    const result = toolResult(llm, 'l2');
    expect(result).toMatch(/^Error: there is no label named "VIP"; nothing was changed\./);
    expect(result).toContain('Sales lead');
  });

  it("set_user_attribute stores one key in the user's external_attributes, within the users API's limits", async () => {
    const user = await newUser({ external_attributes: { plan: 'pro' } });
    llm.script.push(call('a1', 'set_user_attribute', { key: 'company', value: 'Acme GmbH' }), call('a2', 'set_user_attribute', { key: 'widget', value: 'x' }), { text: ['Noted.'] });
    await ask(user.id, 'I work for Acme GmbH.');
    expect((await getUser(user.id)).external_attributes).toEqual({ plan: 'pro', company: 'Acme GmbH' });
    expect(toolResult(llm, 'a1')).toBe('Stored company = "Acme GmbH" on the user.');
    expect(toolResult(llm, 'a2')).toContain('is kept by Parley itself');

    // Close to the 16 KiB limit of free-form JSON (docs/api.md): the merged value would not fit.
    const full = await newUser({ external_attributes: { notes: 'n'.repeat(16_000) } });
    llm.script.push(call('a3', 'set_user_attribute', { key: 'extra', value: 'y'.repeat(900) }), { text: ['OK.'] });
    await ask(full.id, 'Please remember my long story.');
    expect(toolResult(llm, 'a3')).toMatch(/^Error: external_attributes is \d+ bytes as JSON; at most 16384 are allowed; nothing was stored\.$/);
    expect(Object.keys((await getUser(full.id)).external_attributes)).toEqual(['notes']);
  });

  it("current_time answers in the user's timezone, else the profile's", async () => {
    const tokyo = await newUser({ timezone: 'Asia/Tokyo' });
    const dayInTokyo = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.now());
    const before = dayInTokyo();
    llm.script.push(call('t1', 'current_time', {}), { text: ['It is evening in Tokyo.'] });
    await ask(tokyo.id, 'Are you open now?');
    const after = dayInTokyo();
    const result = toolResult(llm, 't1');
    expect(result).toContain("in Asia/Tokyo (the user's timezone)");
    const iso = /ISO 8601: (\d{4}-\d\d-\d\d)T\d\d:\d\d:\d\d\+09:00\./.exec(result);
    expect(iso, result).not.toBeNull();
    expect([before, after]).toContain(iso![1]);

    const unknown = await newUser({});
    llm.script.push(call('t2', 'current_time', {}), { text: ['We open at nine.'] });
    await ask(unknown.id, 'What time is it?');
    expect(toolResult(llm, 't2')).toMatch(/in America\/New_York \(the business's timezone; the user's own is unknown\)\. ISO 8601: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-0[45]:00\./);
  });

  it("current_time in a simulation reads the simulated visitor's timezone and moment", async () => {
    llm.script.push(call('t3', 'current_time', {}), { text: ['We are closed on Sundays.'] });
    const res = await t.app.inject({
      method: 'POST', url: url('/simulations'), headers: H(),
      payload: { context: { user: { timezone: 'Asia/Tokyo' }, time: '2026-03-01T12:00:00Z' }, turns: [{ user: 'Are you open right now?' }] },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().cases[0].turns[0].tools_called).toEqual(['current_time']);
    // The spoken date is Intl's (ICU versions differ on the comma after the weekday); the ISO form is exact.
    expect(toolResult(llm, 't3')).toMatch(/^Now: Sunday,? 1 March 2026 at 21:00 in Asia\/Tokyo \(the user's timezone\)\. ISO 8601: 2026-03-01T21:00:00\+09:00\.$/);
  });
});
