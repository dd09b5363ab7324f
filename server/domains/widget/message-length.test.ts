// The message length cap on the server, over a real WebSocket and the REST API: 10,000 characters
// as JSON Schema counts them (code points), so a message of emoji is held to the same cap as one of
// letters and is stored intact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH } from '../../../shared/limits.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { connectWidget, type WidgetClient } from './test-client.js';

let t: TestApp;
let base: string;
const open: WidgetClient[] = [];

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
  c.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id });
  await c.next('session.welcome');
  return c;
}

async function storedUserMessage(conversationId: string) {
  const conversation = await t.app.ctx.services.conversations.get(t.demo.project_id, conversationId);
  return (conversation as unknown as { messages: { role: string; content: string }[] }).messages.find((m) => m.role === 'user')!.content;
}

describe('message length cap (server)', () => {
  it('acks a widget message of exactly the cap and refuses one character more, naming its client_id', async () => {
    const c = await visitor();
    const longest = 'a'.repeat(MESSAGE_MAX_LENGTH);
    c.send({ type: 'message.send', client_id: 'len-0000001', content: longest });
    const ack = await c.next('message.ack');
    expect(await storedUserMessage(ack.conversation.id)).toBe(longest);

    c.send({ type: 'message.send', client_id: 'len-0000002', content: `${longest}a` });
    expect(await c.next('error')).toMatchObject({ error: 'invalid_frame', client_id: 'len-0000002', message: expect.stringMatching(/content/) });
  });

  it('counts an emoji as one character: the cap in emoji is acked and stored intact', async () => {
    const c = await visitor();
    const emoji = '😀'.repeat(MESSAGE_MAX_LENGTH); // 20,000 UTF-16 units
    c.send({ type: 'message.send', client_id: 'len-0000003', content: emoji });
    const ack = await c.next('message.ack');
    expect(await storedUserMessage(ack.conversation.id)).toBe(emoji);

    c.send({ type: 'message.send', client_id: 'len-0000004', content: `${emoji}😀` });
    expect(await c.next('error')).toMatchObject({ error: 'invalid_frame', client_id: 'len-0000004' });
  });

  it('holds the REST API to the same cap', async () => {
    const post = (message: string) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/projects/${t.demo.project_id}/conversations`,
        headers: { authorization: `Bearer ${t.demo.api_key}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ user_id: 'length-user', message }),
      });
    expect((await post('😀'.repeat(MESSAGE_MAX_LENGTH))).statusCode).toBe(201);
    const over = await post('a'.repeat(MESSAGE_MAX_LENGTH + 1));
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ error: 'invalid_request', details: [{ path: 'body.message' }] });
  });
});
