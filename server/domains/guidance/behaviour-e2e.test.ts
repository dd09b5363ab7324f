// End to end through the real app (docs/behaviour.md): an API key sets up an audience (verified users
// on a pricing page in their evening hours), a knowledge source only that audience may see, an
// Everyone rule and a rule for the audience. Real widget WebSocket conversations then show that the
// audience's rule changes the instructions, tools and knowledge of the next reply, that a visitor
// outside it gets the Everyone rules, and that the trace is stored on each reply. The LLM path runs
// against a scripted OpenAI-compatible server; the offline path must not offer a handoff the rules
// do not allow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { connectWidget, type WidgetClient } from '../widget/test-client.js';
import { channelIdentitySecret } from '../identity/channel-secret.js';
import { signValue } from '../identity/verify.js';
import { startScriptedLlm, type ScriptedLlm } from '../agent/openai/scripted-llm.fixture.js';
import { agentText } from '../agent/texts.js';
import type { Message } from '../../../shared/schemas/entities.js';

const EVERYONE = 'Answer briefly from the documentation; search with `search_knowledge`.';
const PRICING = 'This visitor is a verified customer looking at prices: quote the enterprise plan and offer `offer_handoff` to sales.';
const SECRET_PRICE = 'The enterprise plan costs 4,200 EUR per year';

/** A fixed-offset timezone in which it is 19:00-19:59 now, so "hour between 18 and 22" holds for hours. */
function eveningZone(): string {
  let offset = 19 - new Date().getUTCHours();
  if (offset > 14) offset -= 24;
  if (offset < -12) offset += 24;
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`; // Etc/GMT-5 is UTC+5
}

interface Setup {
  audienceId: string;
  everyoneRule: string;
  pricingRule: string;
}

async function setUp(t: TestApp): Promise<Setup> {
  const auth = { authorization: `Bearer ${t.demo.api_key}` };
  const api = async (method: 'POST' | 'PATCH', url: string, payload: object) => {
    const res = await t.app.inject({ method, url: `/v1/projects/${t.demo.project_id}${url}`, headers: auth, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };
  await api('PATCH', '/profiles/default', { timezone: eveningZone() });
  const audience = await api('POST', '/audiences', {
    name: 'Verified pricing visitors in the evening',
    conditions: [
      { type: 'condition', field: 'user.email_verified', operator: 'is_true' },
      { type: 'condition', field: 'channel.browser_url', operator: 'contains', value: '/pricing' },
      // The widget user has no timezone of their own: the profile's applies.
      { type: 'condition', field: 'time.hour', operator: 'between', value: [18, 22], timezone: 'user' },
    ],
  });
  const provider = await api('POST', '/data-providers', { type: 'manual', name: 'Sales notes' });
  await api('POST', `/data-providers/${provider.id}/snippets`, {
    title: 'Enterprise pricing',
    content: `${SECRET_PRICE}, billed annually, with volume discounts from 50 seats.`,
    audience_id: audience.id,
  });
  const everyone = await api('POST', '/guidance-rules', { name: 'Everyone', instructions: EVERYONE });
  const pricing = await api('POST', '/guidance-rules', { name: 'Pricing', instructions: PRICING, audience_id: audience.id });
  await api('POST', '/guidance-rules', { name: 'Draft', instructions: 'Never applies.', state: 'draft' });
  return { audienceId: audience.id, everyoneRule: everyone.id, pricingRule: pricing.id };
}

async function visitor(t: TestApp, base: string, open: WidgetClient[], page: string, verifiedEmail?: string) {
  const c = await connectWidget(base, base);
  open.push(c);
  c.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id, page: { url: page } });
  await c.next('session.welcome');
  if (verifiedEmail) {
    const secret = (await channelIdentitySecret(t.app.ctx.services.projects, t.demo.project_id)).secret;
    c.send({ type: 'identity.identify', email: verifiedEmail, email_signature: signValue(secret, 'email', verifiedEmail) });
    expect((await c.next('identity.updated')).user.email_signed).toBe(true);
  }
  let conversationId: string | undefined;
  let n = 0;
  return {
    c,
    async ask(content: string) {
      c.send({ type: 'message.send', client_id: `behaviour-${++n}-${Math.random().toString(36).slice(2, 10)}`, content, ...(conversationId ? { conversation_id: conversationId } : {}) });
      conversationId ??= (await c.next('message.ack')).conversation.id;
      const message = (await c.next('message.created', (f) => f.message.role === 'assistant')).message;
      // The trace is internal: the widget never receives it; the API returns it with the message.
      expect(message.guidance).toBeUndefined();
      const res = await t.app.inject({ method: 'GET', url: `/v1/projects/${t.demo.project_id}/conversations/${message.conversation_id}`, headers: { authorization: `Bearer ${t.demo.api_key}` } });
      return { ...message, guidance: res.json().messages.find((m: { id: string }) => m.id === message.id).guidance as Message['guidance'] };
    },
  };
}

describe('guidance and audiences over a widget conversation (LLM path)', () => {
  let t: TestApp;
  let llm: ScriptedLlm;
  let base: string;
  let s: Setup;
  const open: WidgetClient[] = [];
  beforeAll(async () => {
    llm = await startScriptedLlm([], { text: ['Here is what I found.'] });
    t = await createTestApp({ llm: { baseUrl: llm.baseUrl, apiKey: 'k', model: 'm', timeoutMs: 10_000 } });
    base = await t.listen();
    s = await setUp(t);
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await t.close();
    await llm.close();
  });

  const lastRequest = () => {
    const body = llm.requests.at(-1)!.body;
    return {
      system: body.messages[0].content as string,
      all: body.messages.map((m: { content: string | null }) => m.content ?? '').join('\n'),
      tools: (body.tools ?? []).map((x: { function: { name: string } }) => x.function.name) as string[],
    };
  };

  it('the audience rule changes instructions, tools and knowledge of the next reply once the visitor is in the audience', async () => {
    const v = await visitor(t, base, open, 'https://shop.test/blog', 'ada@example.com');
    const first = await v.ask('How much does the enterprise plan cost?');
    let seen = lastRequest();
    expect(seen.system).toContain(EVERYONE);
    expect(seen.system).not.toContain(PRICING);
    expect(seen.tools).toEqual(['search_knowledge']);
    expect(seen.all).not.toContain(SECRET_PRICE);
    expect(first.guidance).toEqual({ profile_id: 'default', rule_ids: [s.everyoneRule], audience_ids: [], everyone: true, allowed_tools: ['search_knowledge'] });

    // The visitor moves to the pricing page: the next reply is in the audience.
    v.c.send({ type: 'page.update', page: { url: 'https://shop.test/pricing' } });
    const second = await v.ask('And how much does the enterprise plan cost per year?');
    seen = lastRequest();
    expect(seen.system).toContain(PRICING);
    expect(seen.system).not.toContain(EVERYONE);
    expect(seen.tools).toEqual(['offer_handoff']);
    expect(seen.all).toContain(SECRET_PRICE);
    expect(second.guidance).toEqual({ profile_id: 'default', rule_ids: [s.pricingRule], audience_ids: [s.audienceId], everyone: false, allowed_tools: ['offer_handoff'] });

    // Stored with the reply (ask() read it back through the conversations API).
    const stored = await t.app.ctx.services.conversations.get(t.demo.project_id, second.conversation_id);
    expect(stored!.messages.find((m) => m.id === second.id)!.guidance!.rule_ids).toEqual([s.pricingRule]);
  });

  it('an unverified visitor on the pricing page gets the Everyone rules and not the audience knowledge', async () => {
    const v = await visitor(t, base, open, 'https://shop.test/pricing');
    // The model searches on its own: the tool, too, leaves the audience's source out.
    llm.script.push({ toolCalls: [{ id: 'c1', name: 'search_knowledge', args: ['{"query":"enterprise plan cost per year"}'] }] }, { text: ['I could not find it.'] });
    const reply = await v.ask('How much does the enterprise plan cost?');
    const seen = lastRequest();
    expect(seen.system).toContain(EVERYONE);
    expect(seen.tools).toEqual(['search_knowledge']);
    expect(llm.requests.at(-1)!.body.messages.some((m: { role: string }) => m.role === 'tool')).toBe(true);
    expect(seen.all).not.toContain(SECRET_PRICE);
    expect(reply.guidance).toMatchObject({ rule_ids: [s.everyoneRule], everyone: true });
  });
  it("the profile's model settings reach the model, and `offline` pins the offline answerer", async () => {
    const patch = (model: object) =>
      t.app.inject({ method: 'PATCH', url: `/v1/projects/${t.demo.project_id}/profiles/default`, headers: { authorization: `Bearer ${t.demo.api_key}` }, payload: { model } });
    expect((await patch({ model: 'support-large', temperature: 0.2, max_tokens: 300 })).statusCode).toBe(200);
    const v = await visitor(t, base, open, 'https://shop.test/blog');
    await v.ask('Where is my parcel?');
    expect(llm.requests.at(-1)!.body).toMatchObject({ model: 'support-large', temperature: 0.2, max_tokens: 300 });
    await patch({ provider: 'offline' });
    const before = llm.requests.length;
    const reply = await v.ask('Where is my parcel now?');
    expect(llm.requests.length).toBe(before);
    expect(reply.outcome).toBeDefined();
    await patch({ provider: 'server', model: null, temperature: null, max_tokens: null });
  });
});

describe('guidance over a widget conversation (offline answerer)', () => {
  let t: TestApp;
  let base: string;
  const open: WidgetClient[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    base = await t.listen();
    await setUp(t);
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await t.close();
  });

  it('offers a human only where a matching rule allows offer_handoff, and answers from audience knowledge only inside it', async () => {
    const question = 'Do you sell xylophones for quokkas?';
    const outside = await (await visitor(t, base, open, 'https://shop.test/pricing')).ask(question);
    expect(outside.offer_handoff).toBeUndefined();
    expect(outside.outcome).not.toBe('answer');
    // Neither the suggestions' closing offer nor the no-answer's closing question.
    expect(outside.content).not.toContain(agentText('en', 'handoffOffer'));
    expect(outside.content).not.toContain(agentText('en', 'noAnswer').split('. ').at(-1));
    expect(outside.content.length).toBeGreaterThan(10);

    const inside = await visitor(t, base, open, 'https://shop.test/pricing', 'grace@example.com');
    const noAnswer = await inside.ask(question);
    expect(noAnswer.offer_handoff).toBe(true);
    const price = await inside.ask('How much does the enterprise plan cost?');
    expect(price.content).toContain('4,200 EUR');
    const priceOutside = await (await visitor(t, base, open, 'https://shop.test/pricing')).ask('How much does the enterprise plan cost?');
    expect(priceOutside.content).not.toContain('4,200 EUR');
  });
});
