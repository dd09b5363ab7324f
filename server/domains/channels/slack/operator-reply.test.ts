// A person's reply goes back to the Slack thread (docs/channels.md "Out"): a mention hands over, an
// operator takes over in Parley and replies through the API, and Slack (the local Web API stand-in,
// slack-api.fixture.ts) gets the reply in the thread, once; while Slack is down it waits in the
// outbox; and a reply whose queuing a crash cut off is found by the recovery pass at start.
import { describe, expect, it, vi } from 'vitest';
import { channelTest } from '../testing/channel-test.js';
import { clock } from '../../../lib/clock.js';
import { channelsOf } from '../index.js';
import { startFakeSlack } from './slack-api.fixture.js';
import { appMention, signedHeaders } from './slack-events.fixture.js';

const TOKEN = 'xoxb-1111-2222-abcdefghijklmnop';
const SECRET = '8f742231b10e8888abcd99yyyzzz85a5';

const t = channelTest({
  listen: true,
  platform: () => startFakeSlack(TOKEN),
  channel: (slack) => ({ type: 'slack', name: 'Support Slack', values: { bot_token: TOKEN, signing_secret: SECRET, api_url: slack.url } }),
});
const { eventsUrl, settle, eventFor, sends } = t;
let n = 0;
const ts = () => `1515449600.${String(++n).padStart(6, '0')}`;
const channels = () => channelsOf(t.app.ctx);
const postsOf = (text: string) => t.platform.posts.filter((p) => p.text === text);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A mention asking for a person: answered with a hand-over; the thread's root ts and conversation. */
async function handedOver(): Promise<{ root: string; conversationId: string }> {
  const root = ts();
  const eventId = `EvOPREPLY${++n}`;
  const body = JSON.stringify(appMention({ eventId, ts: root, text: 'I would like to talk to a human, please.' }));
  const res = await t.app.inject({ method: 'POST', url: eventsUrl(), payload: body, headers: signedHeaders(SECRET, body, Math.floor(clock.now() / 1000)) });
  expect(res.statusCode).toBe(200);
  await settle();
  const e = await eventFor(eventId);
  expect(e.status).toBe('handed_over');
  return { root, conversationId: e.conversation_id! };
}

/** The operator takes the conversation over in Parley and replies through the API. */
async function operatorReplies(conversationId: string, content: string) {
  const as = (url: string, payload?: object) => t.app.inject({ method: 'POST', url: `/v1/projects/${t.demo.project_id}${url}`, headers: t.owner.headers, ...(payload ? { payload } : {}) });
  expect((await as(`/conversations/${conversationId}/takeover`)).statusCode).toBe(200);
  const reply = await as(`/conversations/${conversationId}/messages`, { content });
  expect(reply.statusCode).toBe(201);
}

describe('a person’s reply in a Slack thread', () => {
  it('an operator’s reply after a hand-over is posted in the thread, once', async () => {
    const { root, conversationId } = await handedOver();
    await operatorReplies(conversationId, 'Hi, a person here. How can I help?');
    await vi.waitFor(() => expect(postsOf('Hi, a person here. How can I help?').length).toBeGreaterThan(0), { timeout: 5_000, interval: 20 });
    await channels().sender.pass();
    await pause(300); // a second post would come right after
    expect(postsOf('Hi, a person here. How can I help?')).toEqual([{ channel: 'C123ABC456', thread_ts: root, text: 'Hi, a person here. How can I help?', token: TOKEN }]);
    // The take-over note the widget would show went first, in the same thread.
    const inThread = t.platform.posts.filter((p) => p.thread_ts === root).map((p) => p.text);
    expect(inThread.indexOf('Hi, a person here. How can I help?')).toBeGreaterThan(0);
    // One send per message, whoever queued it (the processor and the relay both saw the AI's note).
    const ofConversation = (await sends()).filter((s) => s.conversation_id === conversationId && s.kind === 'reply');
    expect(new Set(ofConversation.map((s) => s.message_id)).size).toBe(ofConversation.length);
    expect(ofConversation.every((s) => s.status === 'sent')).toBe(true);
  });

  it('a reply written while Slack is down is delivered once it is back', async () => {
    const { root, conversationId } = await handedOver();
    t.platform.mode = 'error500';
    await operatorReplies(conversationId, 'Sorry for the wait.');
    // The take-over note ahead of it failed; the reply waits behind it, in order.
    await vi.waitFor(async () => {
      const ofConversation = (await sends()).filter((s) => s.conversation_id === conversationId && s.status === 'pending');
      expect(ofConversation.some((s) => s.attempts[0]?.error === 'Slack answered HTTP 500')).toBe(true);
      expect(ofConversation.some((s) => s.text === 'Sorry for the wait.')).toBe(true);
    }, { timeout: 5_000, interval: 20 });
    expect(postsOf('Sorry for the wait.')).toEqual([]);
    t.platform.mode = 'ok';
    const start = Date.now();
    clock.now = () => start + 3_000; // past the first retry wait
    await channels().sender.pass();
    await channels().sender.pass();
    expect(postsOf('Sorry for the wait.')).toEqual([{ channel: 'C123ABC456', thread_ts: root, text: 'Sorry for the wait.', token: TOKEN }]);
  });

  it('a reply whose queuing a crash cut off is queued by the recovery pass at start, and only once', async () => {
    const { root, conversationId } = await handedOver();
    t.platform.mode = 'error500';
    await operatorReplies(conversationId, 'Back after a crash.');
    let queued;
    for (let i = 0; i < 250 && !queued; i++) {
      queued = (await sends()).find((s) => s.text === 'Back after a crash.');
      if (!queued) await pause(20);
    }
    // As if the process had died after acknowledging the reply and before queuing it.
    await t.app.ctx.store.collection('channel_sends').delete(t.demo.project_id, queued!.id);
    t.platform.mode = 'ok';
    await channels().relay.recover();
    await channels().relay.recover();
    const start = Date.now();
    clock.now = () => start + 3_000; // past the retry wait of the take-over note ahead of it
    await channels().sender.pass();
    expect(postsOf('Back after a crash.')).toEqual([{ channel: 'C123ABC456', thread_ts: root, text: 'Back after a crash.', token: TOKEN }]);
    await channels().relay.recover();
    await channels().sender.pass();
    expect(postsOf('Back after a crash.')).toHaveLength(1);
  });
});
