// Simulations and saved suites (spec 8.1.3) through the real app and the offline answerer: a scripted
// visitor's context picks the guidance rules that apply, a build answers from its own knowledge, a
// saved suite fails once a guidance edit breaks an expectation and then stops an alias from moving to
// that build, and simulated replies are billed as Chat Messages but seen nowhere else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { loginAs } from '../../http/auth/team-session.fixture.js';
import type { SimulationRun } from '../../../shared/schemas/simulations.js';

let t: TestApp;
let cookie: string;
const H = () => ({ authorization: `Bearer ${t.demo.api_key}` });
const url = (path: string) => `/v1/projects/${t.demo.project_id}${path}`;
const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
  t.app.inject({ method, url: url(path), headers: H(), ...(payload ? { payload } : {}) });
const billed = async () => (await t.app.inject({ method: 'GET', url: '/v1/org/billing', headers: { cookie } })).json().usage.chat_messages as number;

beforeAll(async () => {
  t = await createTestApp();
  const login = await t.app.inject({ method: 'POST', url: '/v1/org/login', payload: { email: t.demo.email, password: t.demo.password } });
  cookie = String(login.headers['set-cookie']).split(';')[0]!;
});
afterAll(() => t.close());

/** A manual provider holding the warehouse pickup code; each test that needs it adds and deletes its own. */
async function warehouseCode(): Promise<{ remove(): Promise<void> }> {
  const provider = (await api('POST', '/data-providers', { type: 'manual', name: 'Warehouse' })).json();
  const snippet = await api('POST', `/data-providers/${provider.id}/snippets`, { question: 'What is the warehouse pickup code?', content: 'The warehouse pickup code is ZEBRA-7741.' });
  expect(snippet.statusCode, snippet.body).toBe(201);
  return { remove: async () => void (await api('DELETE', `/data-providers/${provider.id}`)) };
}

async function simulate(body: object): Promise<SimulationRun> {
  const r = await api('POST', '/simulations', body);
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

describe('simulations', () => {
  it("applies the rules of the context's audience: verified users on the pricing page in their evening", async () => {
    const audience = (
      await api('POST', '/audiences', {
        name: 'Verified evening pricing',
        conditions: [
          { type: 'condition', field: 'user.email_verified', operator: 'is_true' },
          { type: 'condition', field: 'channel.browser_url', operator: 'contains', value: '/pricing' },
          { type: 'condition', field: 'time.hour', operator: 'between', value: [18, 23], timezone: 'user' },
        ],
      })
    ).json();
    const scoped = (await api('POST', '/guidance-rules', { name: 'Sales', instructions: 'Offer `offer_handoff` to talk to sales.', audience_id: audience.id })).json();
    const everyone = (await api('POST', '/guidance-rules', { name: 'Docs first', instructions: 'Answer from `search_knowledge`.' })).json();
    const visitor = { user: { email_verified: true, timezone: 'Europe/Berlin' }, channel: { browser_url: 'https://shop.test/pricing' } };

    const evening = await simulate({ context: { ...visitor, time: '2026-11-24T19:30:00Z' }, turns: [{ user: 'How much is the team plan?' }] });
    expect(evening.cases[0]!.turns[0]!.guidance).toMatchObject({ rule_ids: [scoped.id], audience_ids: [audience.id], everyone: false, allowed_tools: ['offer_handoff'] });
    const morning = await simulate({ context: { ...visitor, time: '2026-11-24T06:30:00Z' }, turns: [{ user: 'How much is the team plan?' }] });
    expect(morning.cases[0]!.turns[0]!.guidance).toMatchObject({ rule_ids: [everyone.id], everyone: true, allowed_tools: ['search_knowledge'] });
    expect(morning.cases[0]!.turns[0]!.reply?.offer_handoff).toBe(false);

    await api('DELETE', `/guidance-rules/${scoped.id}`);
    await api('DELETE', `/guidance-rules/${everyone.id}`);
    await api('DELETE', `/audiences/${audience.id}`);
  });

  it("keeps the profile's tools for a visitor outside every rule's audience when there is no Everyone rule", async () => {
    const audience = (await api('POST', '/audiences', { name: 'Verified', conditions: [{ type: 'condition', field: 'user.email_verified', operator: 'is_true' }] })).json();
    const scoped = (await api('POST', '/guidance-rules', { name: 'Verified only', instructions: 'Use `search_knowledge`.', audience_id: audience.id })).json();
    const outside = await simulate({ context: { user: { email_verified: false } }, turns: [{ user: 'Can you repair my vintage harpsichord?' }] });
    const turn = outside.cases[0]!.turns[0]!;
    expect(turn.guidance).toMatchObject({ rule_ids: [], everyone: true });
    expect(turn.guidance?.allowed_tools).toEqual(expect.arrayContaining(['search_knowledge', 'offer_handoff']));
    expect(turn.reply?.offer_handoff).toBe(true);
    await api('DELETE', `/guidance-rules/${scoped.id}`);
    await api('DELETE', `/audiences/${audience.id}`);
  });

  it('answers from the target: a build does not see knowledge added after it; replies are billed and hidden', async () => {
    const before = (await api('POST', '/deployments', { note: 'before the code' })).json().version;
    const code = await warehouseCode();
    const turns = [{ user: 'What is the warehouse pickup code?', expect: [{ type: 'contains', text: 'ZEBRA-7741' }, { type: 'cites', title_contains: 'pickup code' }] }];
    const billedBefore = await billed();

    const draft = await simulate({ turns });
    expect(draft).toMatchObject({ target: 'draft', deployment: null, passed: true, billed_messages: 1 });
    expect(draft.cases[0]!.turns[0]!.tools_called).toEqual([]);
    const old = await simulate({ target: before, turns });
    expect(old).toMatchObject({ deployment: before, passed: false });
    expect(old.cases[0]!.turns[0]!.failures).toEqual(['does not contain "ZEBRA-7741"', 'cites no source titled like "pickup code"']);
    expect(old.cases[0]!.turns[0]!.guidance?.deployment).toBe(before);

    expect(await billed()).toBe(billedBefore + 2);
    // The simulated conversations are the runs' event log, never the team's inbox.
    const listed = (await api('GET', '/conversations')).json().data.map((c: { id: string }) => c.id);
    expect(listed).not.toContain(draft.cases[0]!.conversation_id);
    expect((await api('GET', `/simulation-runs/${old.id}`)).json().cases[0].turns[0].failures).toHaveLength(2);
    expect((await api('POST', '/simulations', { target: 9999, turns })).json().error).toBe('unknown_deployment');
    expect((await api('POST', '/simulations', { turns: [] })).statusCode).toBe(400);
    await code.remove();
  });

  it("speaks the organization's default language to a simulated visitor whose locales it does not cover", async () => {
    const admin = await loginAs(t, 'admin');
    const settings = (patch: object) => t.app.inject({ method: 'PATCH', url: '/v1/org', headers: admin.headers, payload: { settings: patch } });
    expect((await settings({ default_language: 'fr' })).statusCode).toBe(200);
    try {
      // Nothing in the question says its language, and the visitor's locale is not one Parley speaks.
      const run = await simulate({ context: { user: { locales: ['xx'] } }, turns: [{ user: 'zxqv 4471 ?' }] });
      expect(run.cases[0]!.turns[0]!.reply).toMatchObject({ outcome: 'no_answer', content: expect.stringMatching(/^Désolé/) });
    } finally {
      await settings({ default_language: 'en' });
    }
  });
});

describe('simulation suites', () => {
  it('fail when a guidance edit breaks an expectation, and then keep an alias from moving to that build', async () => {
    const code = await warehouseCode();
    const suite = (
      await api('POST', '/simulation-suites', {
        name: 'Release checks',
        cases: [
          { name: 'Pickup code', turns: [{ user: 'What is the warehouse pickup code?', expect: [{ type: 'cites' }, { type: 'no_handoff' }] }] },
          { name: 'Unknown topic hands over', turns: [{ user: 'Can you repair my vintage harpsichord?', expect: [{ type: 'offers_handoff' }] }] },
        ],
      })
    ).json();
    const good = (await api('POST', `/simulation-suites/${suite.id}/runs`, {})).json();
    expect(good.passed, JSON.stringify(good.cases.map((c: { turns: unknown }) => c.turns))).toBe(true);
    const v1 = (await api('POST', '/deployments', { note: 'passes' })).json().version;
    expect((await api('PUT', '/aliases/live', { version: v1 })).json().history[0].suite_run_ids).toHaveLength(1);

    // The edit: an Everyone rule that allows search only, so the agent can no longer offer a handoff.
    const rule = (await api('POST', '/guidance-rules', { name: 'Search only', instructions: 'Only use `search_knowledge`.' })).json();
    const broken = (await api('POST', `/simulation-suites/${suite.id}/runs`, { target: 'draft' })).json();
    expect(broken.passed).toBe(false);
    expect(broken.cases.map((c: { name: string; passed: boolean }) => [c.name, c.passed])).toEqual([['Pickup code', true], ['Unknown topic hands over', false]]);
    expect(broken.cases[1].turns[0].failures).toEqual(['does not offer a handoff']);

    const v2 = (await api('POST', '/deployments', { note: 'search only' })).json().version;
    const refused = await api('PUT', '/aliases/live', { version: v2 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'simulation_failed' });
    expect((await api('GET', `/simulation-runs/${refused.json().run_ids[0]}`)).json()).toMatchObject({ suite_id: suite.id, deployment: v2, passed: false });
    expect((await api('GET', '/aliases/live')).json().version).toBe(v1);

    const forced = (await api('PUT', '/aliases/live', { version: v2, skip_suites: true, note: 'urgent' })).json();
    expect(forced.version).toBe(v2);
    expect(forced.history.at(-1)).toMatchObject({ version: v2, previous: v1, skipped_suites: true, note: 'urgent' });
    expect((await api('GET', `/simulation-runs?suite_id=${suite.id}`)).json().data.length).toBeGreaterThanOrEqual(4);
    await api('DELETE', `/guidance-rules/${rule.id}`);
    await api('DELETE', `/simulation-suites/${suite.id}`);
    await code.remove();
  });
});
