// Triggers (spec 6) and the built-in spam detection through the real app: the API validates what a
// trigger refers to and refuses catastrophic patterns; over a real widget WebSocket a label trigger
// labels the conversation, a block trigger stops the AI reply, a draft trigger never runs, spam is
// marked, left out of billing and counted in the metrics' spam share, and what ran is stored per
// visitor message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { connectWidget, type WidgetClient } from '../widget/test-client.js';
import type { Message } from '../../../shared/schemas/entities.js';

let t: TestApp;
let base: string;
const open: WidgetClient[] = [];
const H = () => ({ authorization: `Bearer ${t.demo.api_key}` });
const url = (path: string) => `/v1/projects/${t.demo.project_id}${path}`;
const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object) => t.app.inject({ method, url: url(path), headers: H(), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  base = await t.listen();
});
afterAll(async () => {
  for (const c of open) c.close();
  await t.close();
});

async function visitor() {
  const c = await connectWidget(base, base);
  open.push(c);
  c.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id, page: { url: 'https://shop.test/' } });
  await c.next('session.welcome');
  let conversationId: string | undefined;
  let n = 0;
  return {
    get conversationId() {
      return conversationId!;
    },
    /** Sends a message and waits for its ack (the durable write). */
    async send(content: string): Promise<Message> {
      c.send({ type: 'message.send', client_id: `trigger-${++n}-${Math.random().toString(36).slice(2, 10)}`, content, ...(conversationId ? { conversation_id: conversationId } : {}) });
      const ack = await c.next('message.ack');
      conversationId ??= ack.conversation.id;
      return ack.message;
    },
    nextReply: async (): Promise<Message> => (await c.next('message.created', (f) => f.message.role === 'assistant')).message,
  };
}

const conversation = async (id: string) => (await api('GET', `/conversations/${id}`)).json();

describe('triggers API', () => {
  it('refuses unsafe or invalid patterns, unknown labels and audiences with stable codes', async () => {
    const label = (await api('POST', '/labels', { name: 'Refund' })).json();
    const bad = async (body: object) => (await api('POST', '/triggers', { name: 'x', effects: [{ type: 'block' }], conditions: [], ...body })).json().error;
    expect(await bad({ conditions: [{ type: 'regex', pattern: '(a+)+$' }] })).toBe('unsafe_pattern');
    expect(await bad({ conditions: [{ type: 'regex', pattern: '([' }] })).toBe('unsafe_pattern');
    expect(await bad({ effects: [{ type: 'add_label', label_id: 'nope' }] })).toBe('unknown_label');
    expect(await bad({ audience_id: 'nope' })).toBe('unknown_audience');
    expect(await bad({ effects: [] })).toBe('invalid_request');
    expect(await bad({ conditions: [{ type: 'spam_score', at_least: 2 }] })).toBe('invalid_request');
    const ok = await api('POST', '/triggers', { name: 'Refunds', conditions: [{ type: 'regex', pattern: 'refund|money back' }], effects: [{ type: 'add_label', label_id: label.id }] });
    expect(ok.statusCode, ok.body).toBe(201);
    await api('DELETE', `/triggers/${ok.json().id}`);
  });

  it('lists in priority order and reorders', async () => {
    const a = (await api('POST', '/triggers', { name: 'A', state: 'draft', conditions: [], effects: [{ type: 'block' }] })).json();
    const b = (await api('POST', '/triggers', { name: 'B', state: 'draft', conditions: [], effects: [{ type: 'block' }] })).json();
    expect((await api('GET', '/triggers')).json().data.map((x: { id: string }) => x.id)).toEqual([a.id, b.id]);
    const reordered = await api('POST', '/triggers/reorder', { trigger_ids: [b.id, a.id] });
    expect(reordered.json().data.map((x: { name: string; priority: number }) => [x.name, x.priority])).toEqual([['B', 1], ['A', 2]]);
    expect((await api('POST', '/triggers/reorder', { trigger_ids: [b.id] })).statusCode).toBe(400);
    await api('DELETE', `/triggers/${a.id}`);
    await api('DELETE', `/triggers/${b.id}`);
  });
});

describe('triggers before every AI reply (widget)', () => {
  it('labels, blocks with no reply, records what fired, and leaves later messages answered', async () => {
    const pricing = (await api('POST', '/labels', { name: 'Pricing' })).json();
    const label = (await api('POST', '/triggers', { name: 'Pricing questions', conditions: [{ type: 'contains', value: 'PRICE' }], effects: [{ type: 'add_label', label_id: pricing.id }] })).json();
    const block = (await api('POST', '/triggers', { name: 'Coupon hunters', conditions: [{ type: 'regex', pattern: 'coupon\\s*code' }, { type: 'language', languages: ['en'] }], effects: [{ type: 'block' }] })).json();
    const v = await visitor();

    const asked = await v.send('What is the price of the Parley widget?');
    const answer = await v.nextReply();
    expect(answer.seq).toBeGreaterThan(asked.seq);
    expect((await conversation(v.conversationId)).labels).toEqual([pricing.id]);

    const coupon = await v.send('Please give me a coupon code for my order');
    const later = await v.send('How do I back up my data?');
    // Replies run one at a time per conversation: the next reply is the one to the later question.
    const reply = await v.nextReply();
    const stored = await conversation(v.conversationId);
    const assistant = stored.messages.filter((m: Message) => m.role === 'assistant' && m.type === 'message');
    expect(assistant.map((m: Message) => m.id)).toEqual([answer.id, reply.id]);
    expect(reply.seq).toBeGreaterThan(later.seq);

    const runs = (await api('GET', `/trigger-runs?conversation_id=${v.conversationId}`)).json().data;
    expect(runs.map((r: { id: string; trigger_ids: string[]; blocked: boolean }) => [r.id, r.trigger_ids, r.blocked])).toEqual([
      [asked.id, [label.id], false],
      [coupon.id, [block.id], true],
    ]);
    // The REST path reports a blocked reply as a 409.
    const rest = (await api('POST', '/conversations', { user_id: 'coupon-api', message: 'coupon code please' })).json();
    const generated = await api('POST', `/conversations/${rest.id}/generate`);
    expect(generated.statusCode).toBe(409);
    expect(generated.json()).toMatchObject({ error: 'reply_skipped', reason: 'blocked' });
    await api('DELETE', `/triggers/${label.id}`);
    await api('DELETE', `/triggers/${block.id}`);
  });

  it('never runs a draft trigger; the same trigger set active does', async () => {
    const parcel = (await api('POST', '/labels', { name: 'Parcel' })).json();
    const draft = (await api('POST', '/triggers', { name: 'Parcels (draft)', state: 'draft', conditions: [{ type: 'contains', value: 'parcel' }], effects: [{ type: 'add_label', label_id: parcel.id }] })).json();
    expect(draft.state).toBe('draft');
    try {
      const v = await visitor();
      await v.send('Where is my parcel?');
      await v.nextReply(); // the triggers ran before it
      expect((await conversation(v.conversationId)).labels).toEqual([]);
      expect((await api('GET', `/trigger-runs?conversation_id=${v.conversationId}`)).json().data).toEqual([]);

      expect((await api('PATCH', `/triggers/${draft.id}`, { state: 'active' })).json().state).toBe('active');
      const again = await v.send('Any news on the parcel?');
      await v.nextReply();
      expect((await conversation(v.conversationId)).labels).toEqual([parcel.id]);
      const runs = (await api('GET', `/trigger-runs?conversation_id=${v.conversationId}`)).json().data;
      expect(runs.map((r: { id: string; trigger_ids: string[] }) => [r.id, r.trigger_ids])).toEqual([[again.id, [draft.id]]]);
    } finally {
      await api('DELETE', `/triggers/${draft.id}`);
    }
  });

  it('evaluates audience conditions written in the trigger itself, and refuses invalid ones', async () => {
    const shop = (await api('POST', '/labels', { name: 'Shop page' })).json();
    const checkout = (await api('POST', '/labels', { name: 'Checkout page' })).json();
    const onPage = (path: string, label: string) => ({
      name: `On ${path}`,
      audience_conditions: [{ type: 'condition', field: 'channel.browser_url', operator: 'contains', value: path }],
      conditions: [],
      effects: [{ type: 'add_label', label_id: label }],
    });
    const a = (await api('POST', '/triggers', onPage('shop.test/', shop.id))).json();
    const b = (await api('POST', '/triggers', onPage('/checkout', checkout.id))).json();
    expect(a.audience_conditions).toHaveLength(1);
    const bad = await api('POST', '/triggers', { ...onPage('x', shop.id), audience_conditions: [{ type: 'condition', field: 'user.shoe_size', operator: 'is', value: 1 }] });
    expect(bad.json().error).toBe('unknown_audience_field');

    const v = await visitor(); // on https://shop.test/
    await v.send('Where is my parcel?');
    await v.nextReply();
    expect((await conversation(v.conversationId)).labels).toEqual([shop.id]);
    await api('DELETE', `/triggers/${a.id}`);
    await api('DELETE', `/triggers/${b.id}`);
  });

  it('marks spam with no reply, never bills it, and counts it in the metrics', async () => {
    const v = await visitor();
    const spam = await v.send('Best SEO services to rank your site, cheap backlinks offer http://spam.example/a http://spam.example/b');
    const fine = await v.send('How do I back up my data?');
    const reply = await v.nextReply();
    expect(reply.seq).toBeGreaterThan(fine.seq);
    const stored = await conversation(v.conversationId);
    expect(stored.spam).toBe(true);
    expect(stored.messages.filter((m: Message) => m.role === 'assistant' && m.type === 'message')).toHaveLength(1);
    const [run] = (await api('GET', `/trigger-runs?conversation_id=${v.conversationId}`)).json().data;
    expect(run).toMatchObject({ id: spam.id, spam: true, blocked: true, trigger_ids: [] });
    expect(run.spam_score).toBeGreaterThanOrEqual(0.7);

    // Billing (spec 8.1.2): the spam conversation's reply is not a billed chat message.
    const login = await t.app.inject({ method: 'POST', url: '/v1/org/login', payload: { email: t.demo.email, password: t.demo.password } });
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    const billed = async () => (await t.app.inject({ method: 'GET', url: '/v1/org/billing', headers: { cookie } })).json().usage.chat_messages;
    const before = await billed();
    const other = await visitor();
    await other.send('How do I back up my data?');
    await other.nextReply();
    expect(await billed()).toBe(before + 1);
    const metrics = (await api('GET', '/metrics')).json();
    expect(metrics.spam.conversations).toBeGreaterThanOrEqual(1);
  });
});
