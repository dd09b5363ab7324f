// The chat model and the handover (docs/operators.md "Handover"): the menu's "Talk to a
// person" puts the conversation in the team's queue with the visitor's words and no AI answer; a
// resolve offers the rating. Against the real app over real WebSockets, like model.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WS from 'ws';
import { useBrowserGlobals } from './browser-globals.fixture.js';
import { createTestApp, type TestApp } from '../../server/testing/test-app.js';
import { operatorsOf } from '../../server/domains/operators/service.js';
import { createTokenStore } from '../platform/cookies.js';
import { createTabStore } from '../platform/storage.js';
import { createSocket } from '../transport/socket.js';
import { createChatModel, type ChatModel } from './model.js';
import { en } from '../i18n/en.js';

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

function makeModel() {
  const origin = base;
  const WebSocketImpl = class extends WS {
    constructor(url: string) {
      super(url, { origin });
    }
  } as unknown as typeof WebSocket;
  const model = createChatModel({
    frameId: t.demo.frame_id,
    tokens: createTokenStore({ frameId: t.demo.frame_id, mode: 'memory', thirdParty: false }),
    tab: createTabStore(`parley:handover:${models.length}`, false),
    connect: (handlers) => createSocket({ url: base.replace(/^http/, 'ws') + '/v1/widget/ws', WebSocketImpl, ...handlers }),
    emit: () => {},
    page: () => ({ url: `${base}/`, title: 'Home' }),
    locales: () => ['en'],
    visible: (open) => open,
  });
  models.push(model);
  return model;
}

async function until<T>(model: ChatModel, pick: (s: ChatModel['state']) => T | undefined | false | null): Promise<T> {
  const now = pick(model.state);
  if (now) return now;
  return new Promise<T>((resolve) => {
    const off = model.subscribe(() => {
      const v = pick(model.state);
      if (v) {
        off();
        resolve(v);
      }
    });
  });
}

describe('handover in the chat model', () => {
  it('"Talk to a person" sends the visitor\'s words to the queue: the note, the team holds it, no AI answer', async () => {
    const model = makeModel();
    model.setOpen(true);
    model.askForPerson(en.talkToPersonMessage);
    const conversation = await until(model, (s) => s.conversation?.operator_active && s.conversation);
    expect(conversation).toMatchObject({ holder: 'queue', status: 'escalated' });
    await until(model, (s) => s.messages.some((m) => m.labels.includes('handoff:button')));
    const record = (await t.app.ctx.services.conversations.get(t.demo.project_id, conversation.id))!;
    expect(record.messages[0]).toMatchObject({ role: 'user', content: en.talkToPersonMessage });
    expect(record.messages.filter((m) => m.role === 'assistant' && m.type === 'message')).toEqual([]);
  });

  it('a resolve shows the end and offers the rating', async () => {
    const model = makeModel();
    model.setOpen(true);
    model.send('What does it cost?');
    const id = await until(model, (s) => s.messages.some((m) => m.role === 'assistant' && m.type === 'message') && s.conversation?.id);
    const record = (await t.app.ctx.services.conversations.get(t.demo.project_id, id))!;
    await operatorsOf(t.app.ctx).changeStatus(record, 'resolved', 'test');
    await until(model, (s) => s.conversation?.status === 'resolved' && s.messages.some((m) => m.labels.includes('ended')));
    expect(model.state.rateOffered).toBe(true);
  });

  it('writing again to a resolved, rated conversation takes the rating back; the next resolve offers it again', async () => {
    const model = makeModel();
    model.setOpen(true);
    model.send('What does it cost?');
    const id = await until(model, (s) => s.messages.some((m) => m.role === 'assistant' && m.type === 'message') && s.conversation?.id);
    const ops = operatorsOf(t.app.ctx);
    await ops.changeStatus((await t.app.ctx.services.conversations.get(t.demo.project_id, id))!, 'resolved', 'test');
    await until(model, (s) => s.rateOffered);
    expect(model.rate(4)).toBe(true);
    await until(model, (s) => s.conversation?.rating === 4);
    // Every state from here on: once the conversation is open again, no rating bar.
    const seen: { status: string | undefined; offered: boolean }[] = [];
    model.subscribe(() => seen.push({ status: model.state.conversation?.status, offered: model.state.rateOffered }));
    model.send('One more question: is there a yearly plan?');
    await until(model, (s) => s.conversation?.status === 'active' && s.messages.filter((m) => m.role === 'assistant' && m.type === 'message').length === 2);
    expect(model.state.rateOffered).toBe(false);
    expect(seen.filter((x) => x.status !== 'resolved' && x.offered)).toEqual([]);
    await ops.changeStatus((await t.app.ctx.services.conversations.get(t.demo.project_id, id))!, 'resolved', 'test');
    await until(model, (s) => s.conversation?.status === 'resolved' && s.rateOffered);
  });

  it('a resolved conversation the team opens again takes the rating back', async () => {
    const model = makeModel();
    model.setOpen(true);
    model.send('What does it cost?');
    const id = await until(model, (s) => s.messages.some((m) => m.role === 'assistant' && m.type === 'message') && s.conversation?.id);
    const ops = operatorsOf(t.app.ctx);
    await ops.changeStatus((await t.app.ctx.services.conversations.get(t.demo.project_id, id))!, 'resolved', 'test');
    await until(model, (s) => s.rateOffered);
    await ops.changeStatus((await t.app.ctx.services.conversations.get(t.demo.project_id, id))!, 'active', 'test');
    await until(model, (s) => s.conversation?.status === 'active');
    expect(model.state.rateOffered).toBe(false);
  });
});
