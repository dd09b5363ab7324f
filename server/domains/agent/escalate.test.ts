// escalate_to_human (spec 2.9) through the real app and a scripted OpenAI-compatible model: offered
// only when the profile enables it; when the model calls it, the reply to the user is stored, the
// note for the team is stored as a `handover` message the visitor never receives, and the
// conversation joins the escalated queue.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { startScriptedLlm, type ScriptedLlm } from './openai/scripted-llm.fixture.js';
import { visibleToVisitor } from '../../../shared/visibility.js';
import type { Message } from '../../../shared/schemas/entities.js';

const NOTE = 'Wants a refund for order A-101 (damaged on arrival). I explained the 30-day policy; needs a person to approve.';

describe('escalate_to_human', () => {
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
    const created = (await t.app.inject({ method: 'POST', url: url('/conversations'), headers: H(), payload: { user_id: `esc-${Math.random()}`, message: text } })).json();
    const res = await t.app.inject({ method: 'POST', url: url(`/conversations/${created.id}/generate`), headers: H() });
    expect(res.statusCode, res.body).toBe(200);
    return (await t.app.inject({ method: 'GET', url: url(`/conversations/${created.id}`), headers: H() })).json();
  }
  const offered = () => (llm.requests.at(-1)!.body.tools ?? []).map((x: { function: { name: string } }) => x.function.name);

  it('is not offered until the profile enables it', async () => {
    await ask('Hello?');
    expect(offered()).not.toContain('escalate_to_human');
  });

  it('stores the reply and a handover note the visitor never sees, and escalates', async () => {
    const patched = await t.app.inject({ method: 'PATCH', url: url('/profiles/default'), headers: H(), payload: { enabled_actions: ['search_knowledge', 'offer_handoff', 'escalate_to_human'] } });
    expect(patched.statusCode, patched.body).toBe(200);
    llm.script.push({ toolCalls: [{ id: 'e1', name: 'escalate_to_human', args: [JSON.stringify({ note: NOTE })] }] }, { text: ['I have passed this to our team; a person will follow up here.'] });
    const c = await ask('My order A-101 arrived broken, I want my money back!');
    expect(offered()).toContain('escalate_to_human');
    expect(c.status).toBe('escalated');
    const reply = c.messages.find((m: Message) => m.role === 'assistant' && m.type === 'message');
    expect(reply.content).toContain('a person will follow up');
    const handover = c.messages.find((m: Message) => m.type === 'handover');
    expect(handover).toMatchObject({ role: 'assistant', content: NOTE });
    expect(handover.seq).toBeGreaterThan(reply.seq);
    expect(visibleToVisitor(handover)).toBe(false);
    // The tool's result told the model it worked.
    const toolResult = llm.requests.flatMap((r) => r.body.messages ?? []).find((m: { tool_call_id?: string }) => m.tool_call_id === 'e1');
    expect(toolResult.content).toContain('Escalated');
    // Escalating also asks the model for a summary for the team, in the background: let it finish
    // before the next test scripts the model.
    await vi.waitFor(async () => {
      const now = (await t.app.inject({ method: 'GET', url: url(`/conversations/${c.id}`), headers: H() })).json();
      expect(now.messages.some((m: Message) => m.type === 'summary')).toBe(true);
    }, { timeout: 10_000, interval: 50 });
  });

  it('asks the model again for a note when it sends none', async () => {
    llm.script.push({ toolCalls: [{ id: 'e2', name: 'escalate_to_human', args: ['{"note":"  "}'] }] }, { text: ['Let me check that for you.'] });
    const c = await ask('Can someone call me?');
    expect(c.status).not.toBe('escalated');
    expect(c.messages.some((m: Message) => m.type === 'handover')).toBe(false);
    const toolResult = llm.requests.flatMap((r) => r.body.messages ?? []).find((m: { tool_call_id?: string }) => m.tool_call_id === 'e2');
    expect(toolResult.content).toContain('note must be a non-empty string');
  });
});
