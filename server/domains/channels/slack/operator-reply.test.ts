// A person's reply goes back to the Slack thread (docs/channels.md "Out"): a mention hands over, an
// operator takes over in Parley and replies through the API, and Slack (the local Web API stand-in,
// slack-api.fixture.ts) gets the reply in the thread, once; while Slack is down it waits in the
// outbox; and a reply whose queuing a crash cut off is found by the recovery pass at start.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { loginAs, type TeamLogin } from '../../../http/auth/team-session.fixture.js';
import { clock } from '../../../lib/clock.js';
import { channelsOf } from '../index.js';
import { startFakeSlack, type FakeSlack } from './slack-api.fixture.js';
import { appMention, signedHeaders } from './slack-events.fixture.js';

const TOKEN = 'xoxb-1111-2222-abcdefghijklmnop';
const SECRET = '8f742231b10e8888abcd99yyyzzz85a5';

let t: TestApp;
let slack: FakeSlack;
let owner: TeamLogin;
let channelId: string;
let n = 0;
const P = () => `/v1/projects/${t.demo.project_id}`;
const ts = () => `1515449600.${String(++n).padStart(6, '0')}`;
const channels = () => channelsOf(t.app.ctx);
const sends = () => t.app.ctx.store.collection('channel_sends').list(t.demo.project_id);
const postsOf = (text: string) => slack.posts.filter((p) => p.text === text);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A mention asking for a person: answered with a hand-over; the thread's root ts and conversation. */
async function handedOver(): Promise<{ root: string; conversationId: string }> {
  const root = ts();
  const eventId = `EvOPREPLY${++n}`;
  const body = JSON.stringify(appMention({ eventId, ts: root, text: 'I would like to talk to a human, please.' }));
  const res = await t.app.inject({ method: 'POST', url: `/v1/channels/slack/${t.demo.project_id}/${channelId}/events`, payload: body, headers: signedHeaders(SECRET, body, Math.floor(clock.now() / 1000)) });
  expect(res.statusCode).toBe(200);
  await channels().processor.pass();
  await channels().sender.pass();
  const e = (await t.app.ctx.store.collection('channel_events').list(t.demo.project_id)).find((x) => x.platform_event_id === eventId)!;
  expect(e.status).toBe('handed_over');
  return { root, conversationId: e.conversation_id! };
}

/** The operator takes the conversation over in Parley and replies through the API. */
async function operatorReplies(conversationId: string, content: string) {
  const as = (url: string, payload?: object) => t.app.inject({ method: 'POST', url: `${P()}${url}`, headers: owner.headers, ...(payload ? { payload } : {}) });
  expect((await as(`/conversations/${conversationId}/takeover`)).statusCode).toBe(200);
  const reply = await as(`/conversations/${conversationId}/messages`, { content });
  expect(reply.statusCode).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp();
  await t.listen();
  await t.app.ctx.services.org.updateOrganization(t.demo.organization_id, { plan: 'enterprise', rate_limits: { per_minute: 1e6, per_day: 1e7 } });
  owner = await loginAs(t, 'owner');
  slack = await startFakeSlack(TOKEN);
  const created = await t.app.inject({
    method: 'POST', url: `${P()}/platform-channels`, headers: { authorization: `Bearer ${t.demo.api_key}` },
    payload: { type: 'slack', name: 'Support Slack', values: { bot_token: TOKEN, signing_secret: SECRET, api_url: slack.url } },
  });
  expect(created.statusCode, created.body).toBe(201);
  channelId = created.json().id;
});
afterEach(() => {
  clock.now = () => Date.now();
  slack.mode = 'ok';
});
afterAll(async () => {
  await t.close();
  await slack.close();
});

describe('a person’s reply in a Slack thread', () => {
  it('an operator’s reply after a hand-over is posted in the thread, once', async () => {
    const { root, conversationId } = await handedOver();
    await operatorReplies(conversationId, 'Hi, a person here. How can I help?');
    await vi.waitFor(() => expect(postsOf('Hi, a person here. How can I help?').length).toBeGreaterThan(0), { timeout: 5_000, interval: 20 });
    await channels().sender.pass();
    await pause(300); // a second post would come right after
    expect(postsOf('Hi, a person here. How can I help?')).toEqual([{ channel: 'C123ABC456', thread_ts: root, text: 'Hi, a person here. How can I help?', token: TOKEN }]);
    // The take-over note the widget would show went first, in the same thread.
    const inThread = slack.posts.filter((p) => p.thread_ts === root).map((p) => p.text);
    expect(inThread.indexOf('Hi, a person here. How can I help?')).toBeGreaterThan(0);
    // One send per message, whoever queued it (the processor and the relay both saw the AI's note).
    const ofConversation = (await sends()).filter((s) => s.conversation_id === conversationId && s.kind === 'reply');
    expect(new Set(ofConversation.map((s) => s.message_id)).size).toBe(ofConversation.length);
    expect(ofConversation.every((s) => s.status === 'sent')).toBe(true);
  });

  it('a reply written while Slack is down is delivered once it is back', async () => {
    const { root, conversationId } = await handedOver();
    slack.mode = 'error500';
    await operatorReplies(conversationId, 'Sorry for the wait.');
    // The take-over note ahead of it failed; the reply waits behind it, in order.
    await vi.waitFor(async () => {
      const ofConversation = (await sends()).filter((s) => s.conversation_id === conversationId && s.status === 'pending');
      expect(ofConversation.some((s) => s.attempts[0]?.error === 'Slack answered HTTP 500')).toBe(true);
      expect(ofConversation.some((s) => s.text === 'Sorry for the wait.')).toBe(true);
    }, { timeout: 5_000, interval: 20 });
    expect(postsOf('Sorry for the wait.')).toEqual([]);
    slack.mode = 'ok';
    const start = Date.now();
    clock.now = () => start + 3_000; // past the first retry wait
    await channels().sender.pass();
    await channels().sender.pass();
    expect(postsOf('Sorry for the wait.')).toEqual([{ channel: 'C123ABC456', thread_ts: root, text: 'Sorry for the wait.', token: TOKEN }]);
  });

  it('a reply whose queuing a crash cut off is queued by the recovery pass at start, and only once', async () => {
    const { root, conversationId } = await handedOver();
    slack.mode = 'error500';
    await operatorReplies(conversationId, 'Back after a crash.');
    let queued;
    for (let i = 0; i < 250 && !queued; i++) {
      queued = (await sends()).find((s) => s.text === 'Back after a crash.');
      if (!queued) await pause(20);
    }
    // As if the process had died after acknowledging the reply and before queuing it.
    await t.app.ctx.store.collection('channel_sends').delete(t.demo.project_id, queued!.id);
    slack.mode = 'ok';
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
