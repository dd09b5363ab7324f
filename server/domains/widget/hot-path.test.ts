// The chat path's per-message work (docs/architecture.md section 5): what a follow-up message costs
// the server beyond its durable write and its answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { connectWidget, type WidgetClient } from './test-client.js';

let t: TestApp;
let base: string;
const open: WidgetClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ widgetLimits: { messages_per_minute_per_device: 1000, messages_per_minute_per_ip: 1000 } });
  base = await t.listen();
});
afterAll(async () => {
  for (const c of open) c.close();
  await t.close();
});

describe('widget chat path', () => {
  it('issues session tokens with the first message, not again with every follow-up on the same connection', async () => {
    const c = await connectWidget(base, base);
    open.push(c);
    c.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id });
    await c.next('session.welcome');
    c.send({ type: 'message.send', client_id: 'hot-0000', content: 'How do I reset my password?' });
    await c.next('session.tokens');
    const first = await c.next('message.ack');
    for (let i = 1; i <= 3; i++) {
      c.send({ type: 'message.send', client_id: `hot-000${i}`, conversation_id: first.conversation.id, content: `Follow-up ${i}: is there an API?` });
      const ack = await c.next('message.ack');
      await c.next('message.created', (f) => f.message.role === 'assistant' && f.seq > ack.message.seq);
    }
    expect(c.frames.filter((f) => f.type === 'session.tokens')).toHaveLength(1);
    // The offline answerer produces each answer at once: its text leaves as one delta frame per answer.
    const deltas = c.frames.filter((f) => f.type === 'message.delta');
    const answers = c.frames.filter((f) => f.type === 'message.created' && f.message.role === 'assistant');
    expect(deltas).toHaveLength(answers.length);
    for (const [i, d] of deltas.entries()) expect(d.type === 'message.delta' && d.delta).toBe(answers[i].type === 'message.created' && answers[i].message.content);

    // A new connection of the same visitor (a reload) gets its own tokens on its first message.
    const tokens = c.frames.find((f) => f.type === 'session.tokens')!;
    const again = await connectWidget(base, base);
    open.push(again);
    const welcome = c.frames.find((f) => f.type === 'session.welcome')!;
    const { user_token, session_token } = tokens as Extract<typeof tokens, { type: 'session.tokens' }>;
    const { device_token } = welcome as Extract<typeof welcome, { type: 'session.welcome' }>;
    again.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id, device_token, user_token, session_token });
    await again.next('session.welcome');
    again.send({ type: 'message.send', client_id: 'hot-0009', conversation_id: first.conversation.id, content: 'One more question' });
    await again.next('session.tokens');
    await again.next('message.ack');
  });
});
