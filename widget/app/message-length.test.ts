// The widget's message length cap, through the chat model against the real app on a real port: an
// over-long message is cut to the shared cap (shared/limits.ts) and delivered, and the cut never
// splits an emoji, which would leave half a character in the stored message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WS from 'ws';
import { useBrowserGlobals } from './browser-globals.fixture.js';
import { MESSAGE_MAX_LENGTH } from '../../shared/limits.js';
import { createTestApp, type TestApp } from '../../server/testing/test-app.js';
import { createTokenStore } from '../platform/cookies.js';
import { createTabStore } from '../platform/storage.js';
import { createSocket } from '../transport/socket.js';
import { createChatModel, type ChatModel } from './model.js';

let t: TestApp;
let base: string;
const models: ChatModel[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await t.listen();
});
useBrowserGlobals(() => `${base}/`);
afterAll(async () => {
  for (const m of models) m.destroy();
  await t.close();
});

function startModel() {
  const WebSocketImpl = class extends WS {
    constructor(url: string) {
      super(url, { origin: base });
    }
  } as unknown as typeof WebSocket;
  const model = createChatModel({
    frameId: t.demo.frame_id,
    tokens: createTokenStore({ frameId: t.demo.frame_id, mode: 'memory', thirdParty: false }),
    tab: createTabStore('parley:length-test', false),
    connect: (handlers) => createSocket({ url: base.replace(/^http/, 'ws') + '/v1/widget/ws', WebSocketImpl, ...handlers }),
    emit: () => {},
    page: () => ({ url: `${base}/pricing`, title: 'Pricing' }),
    locales: () => ['en-GB'],
    visible: (open) => open,
  });
  models.push(model);
  model.start();
  return model;
}

/** Sends `text` and resolves with the user message the server acknowledged and stored. */
function sendAndAck(model: ChatModel, text: string): Promise<string> {
  const before = model.state.messages.filter((m) => m.role === 'user').length;
  model.send(text);
  return new Promise((resolve) => {
    const check = () => {
      const mine = model.state.messages.filter((m) => m.role === 'user');
      if (mine.length > before && model.state.pending.length === 0) {
        off();
        resolve(mine.at(-1)!.content);
      }
    };
    const off = model.subscribe(check);
    check();
  });
}

describe('message length cap (widget)', () => {
  it('cuts an over-long message to the cap and delivers it', async () => {
    const model = startModel();
    const acked = await sendAndAck(model, 'a'.repeat(MESSAGE_MAX_LENGTH + 500));
    expect(acked).toBe('a'.repeat(MESSAGE_MAX_LENGTH));
    const stored = await t.app.ctx.services.conversations.get(t.demo.project_id, model.state.conversation!.id);
    expect((stored as unknown as { messages: { content: string }[] }).messages[0]!.content).toBe(acked);
  });

  it('never cuts an emoji in half at the cap', async () => {
    const model = startModel();
    const text = `${'a'.repeat(MESSAGE_MAX_LENGTH - 1)}😀 and more`;
    const acked = await sendAndAck(model, text);
    expect(acked).toBe(`${'a'.repeat(MESSAGE_MAX_LENGTH - 1)}😀`);
    expect(() => encodeURIComponent(acked)).not.toThrow(); // throws on half an emoji
  });
});
