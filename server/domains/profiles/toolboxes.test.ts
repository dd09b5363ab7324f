// Toolboxes (spec 2.9; docs/behaviour.md "Toolboxes and web tools") through the real app and a
// scripted OpenAI-compatible model: the catalogue, a profile's `toolboxes` joining its
// `enabled_actions`, the model offered exactly those tools (within the guidance rules' allowlist),
// and profiles stored before toolboxes keeping their actions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { startScriptedLlm, type ScriptedLlm } from '../agent/openai/scripted-llm.fixture.js';
import type { Profile } from '../../../shared/schemas/behaviour.js';

describe('toolboxes', () => {
  let t: TestApp;
  let llm: ScriptedLlm;
  const H = () => ({ authorization: `Bearer ${t.demo.api_key}` });
  const url = (path: string) => `/v1/projects/${t.demo.project_id}${path}`;
  const patchDefault = async (payload: object) => {
    const res = await t.app.inject({ method: 'PATCH', url: url('/profiles/default'), headers: H(), payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** The tool names the model was offered for a fresh question. */
  async function offered(): Promise<string[]> {
    const created = (await t.app.inject({ method: 'POST', url: url('/conversations'), headers: H(), payload: { user_id: `tb-${Math.random()}`, message: 'How do I reset my password?' } })).json();
    const res = await t.app.inject({ method: 'POST', url: url(`/conversations/${created.id}/generate`), headers: H() });
    expect(res.statusCode, res.body).toBe(200);
    return ((llm.requests.at(-1)!.body.tools ?? []) as { function: { name: string } }[]).map((x) => x.function.name).sort();
  }

  beforeAll(async () => {
    llm = await startScriptedLlm([], { text: ['OK'] });
    t = await createTestApp({ llm: { baseUrl: llm.baseUrl, apiKey: 'k', model: 'm', timeoutMs: 10_000 }, webSearchUrl: null });
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  it('lists the service-provided toolboxes; search_web is unavailable without WEB_SEARCH_URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: url('/toolboxes'), headers: H() });
    expect(res.statusCode, res.body).toBe(200);
    const boxes = res.json().data as { id: string; actions: { name: string; available: boolean }[] }[];
    expect(Object.fromEntries(boxes.map((b) => [b.id, b.actions.map((a) => a.name)]))).toEqual({
      knowledge: ['search_knowledge'],
      web: ['search_web', 'fetch_page'],
      handoff: ['offer_handoff', 'escalate_to_human'],
      conversation: ['set_label', 'set_user_attribute'],
      time: ['current_time'],
    });
    const web = boxes.find((b) => b.id === 'web')!;
    expect(web.actions.map((a) => a.available)).toEqual([false, true]);
  });

  it('a profile starts with no toolboxes and its enabled actions; GET /profiles shows both', async () => {
    const list = (await t.app.inject({ method: 'GET', url: url('/profiles'), headers: H() })).json();
    expect(list.data[0]).toMatchObject({ id: 'default', toolboxes: [], enabled_actions: ['search_knowledge', 'offer_handoff'], effective_actions: ['search_knowledge', 'offer_handoff'] });
    expect(await offered()).toEqual(['offer_handoff', 'search_knowledge']);
  });

  it('toolboxes add their actions and the model is offered exactly those; removing them takes them away', async () => {
    const p = await patchDefault({ toolboxes: ['web', 'time'] });
    expect(p.toolboxes).toEqual(['web', 'time']);
    expect(p.effective_actions).toEqual(['search_knowledge', 'offer_handoff', 'search_web', 'fetch_page', 'current_time']);
    // search_web is enabled but the server has no search provider: not offered.
    expect(await offered()).toEqual(['current_time', 'fetch_page', 'offer_handoff', 'search_knowledge']);

    await patchDefault({ enabled_actions: [], toolboxes: ['handoff', 'conversation'] });
    expect(await offered()).toEqual(['escalate_to_human', 'offer_handoff', 'set_label', 'set_user_attribute']);

    const none = await patchDefault({ toolboxes: [] });
    expect(none.effective_actions).toEqual([]);
    expect(await offered()).toEqual([]);
    await patchDefault({ enabled_actions: ['search_knowledge', 'offer_handoff'] });
  });

  it('an unknown toolbox is a 400', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: url('/profiles/default'), headers: H(), payload: { toolboxes: ['weather'] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_request');
  });

  it("guidance rules' backticked names know the new tools and limit what a toolbox offers", async () => {
    await patchDefault({ toolboxes: ['time', 'conversation'] });
    const rule = await t.app.inject({
      method: 'POST', url: url('/guidance-rules'), headers: H(),
      payload: { name: 'Clock only', instructions: 'Use `current_time` for opening hours; tag leads with `set_label`; never `search_web`; `frobnicate`.' },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    expect(rule.json().allowed_tools.sort()).toEqual(['current_time', 'search_web', 'set_label']);
    expect(rule.json().unknown_tools).toEqual(['frobnicate']);
    // The rule allows three names; of those the profile enables two.
    expect(await offered()).toEqual(['current_time', 'set_label']);
    await t.app.inject({ method: 'DELETE', url: url(`/guidance-rules/${rule.json().id}`), headers: H() });
    await patchDefault({ toolboxes: [] });
  });

  it('a profile stored before toolboxes keeps its enabled actions', async () => {
    const now = new Date().toISOString();
    const legacy: Profile = {
      id: 'legacy-profile', project_id: t.demo.project_id, name: 'Legacy', is_default: false,
      model: { provider: 'server', model: null, temperature: null, max_tokens: null, max_tool_rounds: null },
      enabled_actions: ['offer_handoff'], timezone: 'UTC', created_at: now, updated_at: now,
    };
    await t.app.ctx.store.collection('profiles').put(t.demo.project_id, legacy);
    const res = await t.app.inject({ method: 'GET', url: url('/profiles/legacy-profile'), headers: H() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ toolboxes: [], enabled_actions: ['offer_handoff'], effective_actions: ['offer_handoff'] });
  });
});
