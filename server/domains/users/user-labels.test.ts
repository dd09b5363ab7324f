// User labels (spec 2.4) set through the API, triggers and the set_label tool, audiences matching
// them (spec 2.8), and audience conditions on the visitor's user agent evaluated from the agent the
// widget stored: through the real app and a real widget WebSocket that sends a browser's User-Agent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { recordSocket } from '../../testing/ws-recorder.js';
import type { ServerFrame } from '../../../shared/protocol.js';
import type { Message } from '../../../shared/schemas/entities.js';
import { setLabelTool } from '../agent/tools/set-label.js';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';

let t: TestApp;
let base: string;
const sockets: { close(): void }[] = [];
const url = (path: string) => `/v1/projects/${t.demo.project_id}${path}`;
const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
  t.app.inject({ method, url: url(path), headers: { authorization: `Bearer ${t.demo.api_key}` }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  base = await t.listen();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

/** A widget visitor whose browser sends `userAgent`; answers the conversation once the AI replied. */
async function visit(userAgent: string, text: string) {
  const r = await recordSocket<ServerFrame>(base.replace(/^http/, 'ws') + '/v1/widget/ws', { origin: base, headers: { 'user-agent': userAgent } }, 'widget');
  sockets.push({ close: () => r.ws.close() });
  r.ws.send(JSON.stringify({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id, page: { url: 'https://shop.test/' } }));
  await r.next('session.welcome');
  r.ws.send(JSON.stringify({ type: 'message.send', client_id: `ua-${Math.random().toString(36).slice(2, 10)}`, content: text }));
  const ack = (await r.next('message.ack')) as unknown as { conversation: { id: string }; message: Message };
  await r.next('message.created', (f) => (f as unknown as { message: Message }).message.role === 'assistant');
  return (await api('GET', `/conversations/${ack.conversation.id}`)).json();
}

async function trigger(body: object) {
  const res = await api('POST', '/triggers', { conditions: [], ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

describe('user labels through the API', () => {
  it('sets, cleans and replaces them; refuses blank, long and too many', async () => {
    const created = await api('POST', '/users', { email: 'ada@example.test', labels: [' VIP ', 'beta  tester', 'vip'] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().labels).toEqual(['VIP', 'beta tester']);
    const id = created.json().id;
    const patched = await api('PATCH', `/users/${id}`, { labels: ['churn risk'] });
    expect(patched.json().labels).toEqual(['churn risk']);
    expect((await api('GET', `/users/${id}`)).json().labels).toEqual(['churn risk']);
    for (const labels of [['   '], ['x'.repeat(81)], Array.from({ length: 51 }, (_, i) => `l${i}`), 'vip']) {
      const bad = await api('PATCH', `/users/${id}`, { labels });
      expect(bad.statusCode, JSON.stringify(labels).slice(0, 40)).toBe(400);
      expect(bad.json().error).toBe('invalid_request');
    }
  });
});

describe('audiences and triggers on the user agent and on user labels', () => {
  it('refuses a bad pattern, a list where a pattern belongs, and the extra operators on other text fields', async () => {
    const cond = (field: string, operator: string, value: unknown) => api('POST', '/audiences', { name: `a-${Math.random()}`, conditions: [{ type: 'condition', field, operator, value }] });
    expect((await cond('channel.user_agent', 'matches', 'Chrome/(12')).json().error).toBe('invalid_audience_value');
    expect((await cond('channel.user_agent', 'matches', '(?=Chrome)')).json().error).toBe('invalid_audience_value');
    expect((await cond('channel.user_agent', 'is_one_of', 'Chrome')).json().error).toBe('invalid_audience_value');
    expect((await cond('channel.browser_url', 'matches', 'x')).json().error).toBe('invalid_audience_operator');
    expect((await cond('channel.user_agent', 'matches', 'Chrome/1[2-9][0-9]')).statusCode).toBe(201);
  });

  it('fires a trigger on "Chrome" for a Chrome visitor, not for a Firefox one; matches and is_one_of too', async () => {
    const chrome = (await api('POST', '/labels', { name: 'Chrome visitor' })).json();
    const modern = (await api('POST', '/labels', { name: 'Chrome 120+' })).json();
    const exact = (await api('POST', '/labels', { name: 'Known Firefox' })).json();
    const ua = (operator: string, value: unknown, label: string) => ({
      name: `UA ${operator}`,
      audience_conditions: [{ type: 'condition', field: 'channel.user_agent', operator, value }],
      effects: [{ type: 'add_label', label_id: label }],
    });
    const ids = [
      await trigger(ua('contains', 'Chrome', chrome.id)),
      await trigger(ua('matches', 'chrome/1[2-9][0-9]\\.', modern.id)),
      await trigger(ua('is_one_of', [FIREFOX, 'something else'], exact.id)),
    ];
    expect((await visit(CHROME, 'Hello from Chrome')).labels.sort()).toEqual([chrome.id, modern.id].sort());
    expect((await visit(FIREFOX, 'Hello from Firefox')).labels).toEqual([exact.id]);
    for (const id of ids) await api('DELETE', `/triggers/${id}`);
  });

  it('lets a trigger label the user, and an audience on user labels then match', async () => {
    const vip = (await api('POST', '/labels', { name: 'VIP conversation' })).json();
    const labelUser = await trigger({ name: 'Refund askers', conditions: [{ type: 'contains', value: 'refund' }], effects: [{ type: 'add_user_label', label: 'Refund asker' }] });
    const onUser = await trigger({
      name: 'Known refund askers',
      audience_conditions: [{ type: 'condition', field: 'user.labels', operator: 'contains', value: 'refund asker' }],
      effects: [{ type: 'add_label', label_id: vip.id }],
    });
    const first = await visit(CHROME, 'I want a refund');
    const user = (await api('GET', `/users/${first.user_id}`)).json();
    expect(user.labels).toEqual(['Refund asker']);
    const runs = (await api('GET', `/trigger-runs?conversation_id=${first.id}`)).json().data;
    expect(runs[0].user_labels_added).toEqual(['Refund asker']);
    // The audience was read before the label was set in that reply; the same user's next conversation matches.
    await api('PATCH', `/users/${first.user_id}`, { labels: ['refund asker', 'other'] });
    const other = await api('POST', '/triggers', {
      name: 'Unlabel',
      conditions: [{ type: 'contains', value: 'thanks' }],
      effects: [{ type: 'remove_user_label', label: 'OTHER' }],
    });
    expect(other.statusCode).toBe(201);
    const conversation = (await api('POST', '/conversations', { user_id: first.user_id, message: 'thanks' })).json();
    const generated = await api('POST', `/conversations/${conversation.id}/generate`, {});
    expect(generated.statusCode, generated.body).toBe(200);
    expect((await api('GET', `/conversations/${conversation.id}`)).json().labels).toContain(vip.id);
    expect((await api('GET', `/users/${first.user_id}`)).json().labels).toEqual(['refund asker']);
    for (const id of [labelUser, onUser, other.json().id]) await api('DELETE', `/triggers/${id}`);
  });
});

describe('the set_label tool on the user', () => {
  it('adds a project label by name to the user, never an invented one', async () => {
    const label = (await api('POST', '/labels', { name: 'Enterprise lead' })).json();
    const user = (await api('POST', '/users', { email: 'lead@example.test' })).json();
    const conversation = (await api('POST', '/conversations', { user_id: user.id, message: 'Hello' })).json();
    const { conversations, users } = t.app.ctx.services;
    const tool = setLabelTool({
      projectId: t.demo.project_id,
      conversationId: conversation.id,
      conversations,
      labels: () => t.app.ctx.store.collection('labels').list(t.demo.project_id),
      user: { id: user.id, users },
    });
    expect((await tool.run({ label: 'enterprise LEAD', on: 'user' }, {} as never)).content).toBe('Added the label "Enterprise lead" to the user.');
    expect((await tool.run({ label: 'Enterprise lead', on: 'user' }, {} as never)).content).toMatch(/already has/);
    expect((await tool.run({ label: 'Made up', on: 'user' }, {} as never)).content).toMatch(/^Error: there is no label/);
    expect((await api('GET', `/users/${user.id}`)).json().labels).toEqual([label.name]);
    expect((await api('GET', `/conversations/${conversation.id}`)).json().labels).toEqual([]);
  });
});
