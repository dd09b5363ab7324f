// A message is acknowledged only once it is on disk, also when the same client_id is re-sent on
// another socket (reconnect, second tab) while the first write is still in flight (docs/architecture.md,
// "Store durability"). Each ack is checked against the data files (documents plus write-ahead log) as they are at that moment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recover } from '../../store/lowdb/recovery.js';
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

async function visitor(tokens: Record<string, unknown> = {}) {
  const c = await connectWidget(base, base);
  open.push(c);
  c.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id, ...tokens });
  return { c, welcome: await c.next('session.welcome') };
}

/** Client ids of the conversation's messages on disk right now: what a restart would recover. */
function clientIdsOnDisk(conversationId: string): Set<string> {
  const raw = recover(t.dataDir, ['conversations'], { removeTemps: false }).docs.get('conversations')?.get(`${t.demo.project_id}/${conversationId}`);
  const messages = (raw?.doc.messages ?? []) as { client_id: string | null }[];
  return new Set(messages.map((m) => m.client_id).filter((id): id is string => id !== null));
}

describe('acks wait for durability, including duplicates', () => {
  it('never acks a message (original or re-sent on another socket) before it is in the data files', async () => {
    const first = await visitor();
    first.c.send({ type: 'message.send', client_id: 'dur-first', content: 'hello' });
    const tokens = await first.c.next('session.tokens');
    const firstAck = await first.c.next('message.ack');
    const conversationId = firstAck.conversation.id;
    const resume = { device_token: first.welcome.device_token, user_token: tokens.user_token, session_token: tokens.session_token, conversation_id: conversationId };
    const second = await visitor(resume);

    const notOnDisk: string[] = [];
    const watch = (c: WidgetClient) => {
      // Check the file synchronously when each ack arrives, before anything else can run.
      const original = c.frames.push.bind(c.frames);
      c.frames.push = (...frames) => {
        for (const f of frames) {
          if (f.type === 'message.ack' && !clientIdsOnDisk(conversationId).has(f.client_id)) notOnDisk.push(f.client_id);
        }
        return original(...frames);
      };
    };
    watch(first.c);
    watch(second.c);

    const ids = Array.from({ length: 30 }, (_, i) => `dur-${String(i).padStart(4, '0')}`);
    for (const id of ids) {
      const frame = { type: 'message.send', client_id: id, conversation_id: conversationId, content: `message ${id}` };
      first.c.send(frame);
      second.c.send(frame);
    }
    const acks = await Promise.all(
      ids.flatMap((id) => [first.c.next('message.ack', (f) => f.client_id === id), second.c.next('message.ack', (f) => f.client_id === id)]),
    );
    expect(notOnDisk).toEqual([]);
    // Each pair of acks names one stored message.
    for (let i = 0; i < acks.length; i += 2) expect(acks[i].message.id).toBe(acks[i + 1].message.id);
    const stored = await t.app.ctx.services.conversations.get(t.demo.project_id, conversationId);
    for (const id of ids) expect(stored!.messages.filter((m) => m.client_id === id)).toHaveLength(1);
  });
});
