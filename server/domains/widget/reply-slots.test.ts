// Acknowledgements never wait for answers (agent-runner.ts): with a model that does not answer at
// all, every visitor's message is still acked, and at most REPLY_SLOTS replies are in progress;
// the others wait their turn instead of all starting at once.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { connectWidget, type WidgetClient } from './test-client.js';
import { startScriptedLlm, type ScriptedLlm } from '../agent/openai/scripted-llm.fixture.js';
import { REPLY_SLOTS } from './agent-runner.js';

describe('replies wait for a slot; acks do not wait for replies', () => {
  let t: TestApp;
  let llm: ScriptedLlm;
  let base: string;
  const open: WidgetClient[] = [];
  beforeAll(async () => {
    llm = await startScriptedLlm([], { hang: true });
    t = await createTestApp({ llm: { baseUrl: llm.baseUrl, apiKey: 'k', model: 'm', timeoutMs: 60_000 } });
    base = await t.listen();
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await llm.close(); // the hanging model requests fail, so the queued replies end and the app can close
    await t.close();
  });

  it(`acks every visitor while ${REPLY_SLOTS} replies hang, and starts no more than that`, async () => {
    const visitors = REPLY_SLOTS + 3;
    const clients = await Promise.all(
      Array.from({ length: visitors }, async (_, i) => {
        const c = await connectWidget(base, base);
        open.push(c);
        c.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id });
        await c.next('session.welcome');
        c.send({ type: 'message.send', client_id: `slot-${i}-${Math.random().toString(36).slice(2, 10)}`, content: `Question number ${i}: how do I back up my data?` });
        return c;
      }),
    );
    const acks = await Promise.all(clients.map((c) => c.next('message.ack')));
    expect(acks).toHaveLength(visitors);
    await vi.waitFor(() => expect(llm.requests.length).toBe(REPLY_SLOTS), { timeout: 10_000, interval: 20 });
    // Every slot is held by a model that never answers: nobody else has started.
    expect(llm.requests.length).toBe(REPLY_SLOTS);
  });
});
