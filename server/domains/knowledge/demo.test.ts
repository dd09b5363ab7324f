// The demo knowledge base through the real app: a newcomer's first questions get a
// cited answer from Parley's own docs over every entry point of the one agent runtime — the widget
// WebSocket, REST generate and generate over SSE — with the sources recorded on the stored message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { connectWidget, type WidgetClient } from '../widget/test-client.js';

let t: TestApp;
let base: string;
let P: string;
let H: Record<string, string>;
const clients: WidgetClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await t.listen();
  P = `/v1/projects/${t.demo.project_id}`;
  H = { authorization: `Bearer ${t.demo.api_key}`, 'content-type': 'application/json' };
});
afterAll(async () => {
  for (const c of clients) c.close();
  await t.close();
});

const post = (url: string, payload?: unknown) =>
  fetch(`${base}${url}`, { method: 'POST', headers: H, ...(payload === undefined ? {} : { body: JSON.stringify(payload) }) });

async function storedAnswer(conversationId: string) {
  const c = await t.app.ctx.services.conversations.require(t.demo.project_id, conversationId);
  return c.messages.at(-1)!;
}

describe('demo knowledge base through the real app', () => {
  it('answers "How do I back up my data?" in the widget, citing the README section', async () => {
    const c = await connectWidget(base, base);
    clients.push(c);
    c.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id });
    await c.next('session.welcome');
    c.send({ type: 'message.send', client_id: 'demo-q-0001', content: 'How do I back up my data?' });
    const { message } = await c.next('message.created', (f) => f.message.role === 'assistant');
    expect(message.content).toContain('DATA_DIR');
    expect(message.content).toMatch(/\[1\]/);
    expect(message.offer_handoff).toBeFalsy();
    expect(message.outcome).toBe('answer');
    // The citation lands on the section, with the page's real title.
    // (docs/faq.md answers it, short; the README's "Data and backups" is the long form.)
    expect(message.sources[0]).toMatchObject({ title: 'Questions site owners ask' });
    expect(message.sources[0].url).toMatch(/docs\/faq\.md#where-is-my-data-stored-and-how-do-i-back-it-up$/);
    expect((await storedAnswer(message.conversation_id)).sources).toEqual(message.sources);
  });

  it('answers "Where is data stored?" through REST generate, with its sources', async () => {
    const conv = await (await post(`${P}/conversations`, { user_id: 'newcomer-1', message: 'Where is data stored?' })).json();
    const res = await post(`${P}/conversations/${conv.id}/generate`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message.content).toContain('DATA_DIR');
    expect(body.message.content).toMatch(/\[1\]$/);
    expect(body.sources[0]).toMatchObject({ title: 'Questions site owners ask' });
    expect(body.message.outcome).toBe('answer');
    expect((await storedAnswer(conv.id)).sources).toEqual(body.sources);
  });

  it('streams the same kind of answer over SSE, and refuses honestly what the docs do not cover', async () => {
    const ask = async (question: string, user: string) => {
      const conv = await (await post(`${P}/conversations`, { user_id: user, message: question })).json();
      const res = await fetch(`${base}${P}/conversations/${conv.id}/generate`, { method: 'POST', headers: { ...H, accept: 'text/event-stream' } });
      const events = (await res.text())
        .split('\n\n')
        .map((block) => Object.fromEntries(block.split('\n').filter(Boolean).map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()])))
        .filter((e) => e.event);
      const message = JSON.parse(events.find((e) => e.event === 'message')!.data);
      const deltas = events.filter((e) => e.event === 'delta').map((e) => JSON.parse(e.data).delta).join('');
      return { message, deltas };
    };
    const csp = await ask('Which Content-Security-Policy does the iframe mode need?', 'newcomer-2');
    expect(csp.deltas).toBe(csp.message.message.content);
    expect(csp.message.sources.map((s: { title: string }) => s.title)).toContain('Content-Security-Policy for the Parley widget');

    // Not covered: no confident answer, a human offered (at most related sections suggested).
    const unknown = await ask('What is the price of the enterprise plan in Japan?', 'newcomer-3');
    expect(unknown.message.message.offer_handoff).toBe(true);
    expect(unknown.message.message.outcome).not.toBe('answer');
  });
});
