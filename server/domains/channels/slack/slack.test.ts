// Slack end to end (docs/channels.md "Slack"): signed Events API requests into the real app, the
// official Web API client out to a local Slack stand-in on 127.0.0.1 (slack-api.fixture.ts), payloads
// as Slack documents them (slack-events.fixture.ts). The answer arrives in the right thread, a
// hand-over is announced in the handoff channel, a replayed event is answered once, a forgery
// leaves nothing behind, a reply written while Slack is down arrives once it is back, audiences see
// team chat, and the reply is billed as a Chat Message.
import { describe, expect, it } from 'vitest';
import { channelTest } from '../testing/channel-test.js';
import { clock } from '../../../lib/clock.js';
import { agentText } from '../../agent/texts.js';
import { startFakeSlack } from './slack-api.fixture.js';
import { appMention, directMessage, signedHeaders, TEAM, urlVerification } from './slack-events.fixture.js';

const TOKEN = 'xoxb-1111-2222-abcdefghijklmnop';
const SECRET = '8f742231b10e8888abcd99yyyzzz85a5';
const HANDOFF = 'CHANDOFF01';

const t = channelTest({
  listen: true,
  platform: () => startFakeSlack(TOKEN),
  channel: (slack) => ({ type: 'slack', name: 'Support Slack', values: { bot_token: TOKEN, signing_secret: SECRET, handoff_channel: HANDOFF, api_url: slack.url } }),
});
const { api, eventsUrl, settle, events, eventFor, sends, conversation, failedSends, retryDue } = t;
let n = 0;
const ts = () => `1515449522.${String(++n).padStart(6, '0')}`;
const eventId = () => `Ev${Date.now().toString(36).toUpperCase()}${++n}`;

function post(payload: unknown, o: { secret?: string; timestamp?: number; retryNum?: number } = {}) {
  const body = JSON.stringify(payload);
  return t.app.inject({ method: 'POST', url: eventsUrl(), payload: body, headers: signedHeaders(o.secret ?? SECRET, body, o.timestamp ?? Math.floor(clock.now() / 1000), o.retryNum) });
}

describe('connecting Slack', () => {
  it('checks the token with auth.test, answers secrets masked and the events URL', async () => {
    const c = (await api('GET', `/platform-channels/${t.channelId}`)).json();
    expect(c).toMatchObject({ type: 'slack', name: 'Support Slack', identity: { team_id: TEAM, bot_user_id: 'U0LAN0Z89' } });
    expect(c.values.bot_token).toBe('xoxb…mnop');
    expect(c.values.signing_secret).not.toContain(SECRET.slice(4, -4));
    expect(c.values.handoff_channel).toBe(HANDOFF);
    expect(c.events_url).toMatch(new RegExp(`/v1/channels/slack/${t.demo.project_id}/${t.channelId}/events$`));
    expect(JSON.stringify((await api('GET', '/platform-channels')).json())).not.toContain(TOKEN);
    // The widget channels list stays the widget's.
    expect((await api('GET', '/channels')).json().data.map((x: { id: string }) => x.id)).not.toContain(t.channelId);
  });

  it('refuses a token Slack refuses, and a missing secret, with clear errors', async () => {
    const bad = await api('POST', '/platform-channels', { type: 'slack', name: 'x', values: { bot_token: 'xoxb-wrong', signing_secret: 's', api_url: t.platform.url } });
    expect(bad.statusCode).toBe(424);
    expect(bad.json()).toMatchObject({ error: 'platform_rejected' });
    expect(bad.json().message).toContain('invalid_auth');
    const missing = await api('POST', '/platform-channels', { type: 'slack', name: 'x', values: { bot_token: TOKEN, api_url: t.platform.url } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([{ path: 'values.signing_secret', message: 'is required' }]);
  });

  it('"send test" posts through the Web API and reports what Slack said', async () => {
    const ok = await api('POST', `/platform-channels/${t.channelId}/test`, { target: 'C0TEST' });
    expect(ok.json()).toMatchObject({ ok: true, error: null });
    expect(t.platform.posts.at(-1)).toMatchObject({ channel: 'C0TEST', thread_ts: null, token: TOKEN });
    t.platform.mode = 'invalid_auth';
    const refused = await api('POST', `/platform-channels/${t.channelId}/test`, { target: 'C0TEST' });
    expect(refused.json()).toMatchObject({ ok: false, error: 'Slack answered invalid_auth' });
  });
});

describe('Slack events', () => {
  it('answers the URL verification challenge', async () => {
    const res = await post(urlVerification());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ challenge: urlVerification().challenge });
  });

  it('a mention in a channel: the answer in its thread, the thread one conversation, the requester one user', async () => {
    const before = t.platform.posts.length;
    const root = ts();
    const first = eventId();
    expect((await post(appMention({ eventId: first, ts: root, text: 'What does it cost?' }))).statusCode).toBe(200);
    await settle();
    const e = await eventFor(first);
    expect(e.status).toBe('answered');
    const c = await conversation(e.conversation_id!);
    expect(c).toMatchObject({ channel_id: t.channelId, channel_type: 'slack', external_id: `slack:C123ABC456:${root}` });
    expect(c.messages[0]).toMatchObject({ role: 'user', content: 'What does it cost?' });
    const reply = c.messages.find((m) => m.role === 'assistant' && m.type === 'message')!;
    expect(t.platform.posts.slice(before)).toEqual([{ channel: 'C123ABC456', thread_ts: root, text: reply.content, token: TOKEN }]);
    const user = await t.app.ctx.services.users.get(t.demo.project_id, c.user_id);
    expect(user?.platform_ids).toEqual({ [`slack:${TEAM}`]: 'U061F7AUR' });

    // A follow-up in the thread joins the same conversation and the same user.
    const second = eventId();
    await post(appMention({ eventId: second, ts: ts(), threadTs: root, text: 'And how do I cancel?' }));
    await settle();
    expect((await eventFor(second)).conversation_id).toBe(c.id);
    expect(t.platform.posts.at(-1)).toMatchObject({ channel: 'C123ABC456', thread_ts: root });
    expect((await conversation(c.id)).messages.filter((m) => m.role === 'user')).toHaveLength(2);
  });

  it('a direct message is answered in the DM; the bot’s own messages are not answered', async () => {
    const before = t.platform.posts.length;
    const dm = ts();
    await post(directMessage({ eventId: eventId(), ts: dm, text: 'What does it cost?' }));
    await post(directMessage({ eventId: eventId(), ts: ts(), text: 'An answer the bot posted', botId: 'B0PARLEY' }));
    await settle();
    expect(t.platform.posts.slice(before)).toHaveLength(1);
    expect(t.platform.posts.at(-1)).toMatchObject({ channel: 'D024BE91L', thread_ts: dm });
    expect((await events()).some((e) => e.status === 'ignored' && e.outcome === 'Ignored: a bot message')).toBe(true);
  });

  it('a retried or replayed event is acknowledged and not answered again', async () => {
    const id = eventId();
    const payload = appMention({ eventId: id, ts: ts(), text: 'What does it cost?' });
    await post(payload);
    await settle();
    const after = t.platform.posts.length;
    const answered = await conversation((await eventFor(id)).conversation_id!);
    const retry = await post(payload, { retryNum: 1 });
    const replay = await post(payload);
    expect([retry.statusCode, replay.statusCode]).toEqual([200, 200]);
    await settle();
    expect(t.platform.posts.length).toBe(after);
    expect((await conversation(answered.id)).messages.length).toBe(answered.messages.length);
    const listed = (await api('GET', `/platform-channels/${t.channelId}/events`)).json().data.find((e: { platform_event_id: string }) => e.platform_event_id === id);
    expect(listed).toMatchObject({ status: 'answered', deliveries: 3, conversation_id: answered.id });
  });

  it('a forged or stale signature is a 401 and nothing is stored', async () => {
    const before = (await events()).length;
    const conversations = (await t.app.ctx.services.conversations.list(t.demo.project_id)).length;
    const forged = await post(appMention({ eventId: eventId(), ts: ts(), text: 'What does it cost?' }), { secret: 'not-the-secret' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ error: 'platform_signature_invalid' });
    const stale = await post(appMention({ eventId: eventId(), ts: ts(), text: 'What does it cost?' }), { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toContain('five minutes');
    const unsigned = await t.app.inject({ method: 'POST', url: eventsUrl(), payload: JSON.stringify(urlVerification()), headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(401);
    await settle();
    expect((await events()).length).toBe(before);
    expect((await t.app.ctx.services.conversations.list(t.demo.project_id)).length).toBe(conversations);
  });

  it('a request for a person hands over: the note in the thread, the announcement in the handoff channel', async () => {
    const before = t.platform.posts.length;
    const root = ts();
    const id = eventId();
    await post(appMention({ eventId: id, ts: root, text: 'I would like to talk to a human, please.' }));
    await settle();
    const e = await eventFor(id);
    expect(e.status).toBe('handed_over');
    const c = await conversation(e.conversation_id!);
    expect(c).toMatchObject({ status: 'escalated', holder: 'queue' });
    // Nobody of the team is online in this test: the note says so (docs/operators.md "Handover").
    const note = c.messages.find((m) => m.role !== 'user' && m.labels.includes('handoff'))!;
    expect(note.content).toBe(agentText('en', 'noOperatorOnline'));
    const posted = t.platform.posts.slice(before);
    expect(posted).toContainEqual({ channel: 'C123ABC456', thread_ts: root, text: note.content, token: TOKEN });
    const notice = posted.find((p) => p.channel === HANDOFF)!;
    expect(notice.text).toContain('I would like to talk to a human, please.');
    expect(notice.text).toContain(`/app/p/${t.demo.project_id}/c/${e.conversation_id}`);
  });
});

describe('Slack down', () => {
  it('answering 500: the reply waits in the outbox and is delivered once Slack is back', async () => {
    t.platform.mode = 'error500';
    const before = t.platform.posts.length;
    const root = ts();
    await post(appMention({ eventId: eventId(), ts: root, text: 'What does it cost?' }));
    await settle();
    const [waiting] = await failedSends();
    expect(waiting.attempts[0]).toMatchObject({ ok: false, error: 'Slack answered HTTP 500' });
    expect(t.platform.posts.length).toBe(before);
    t.platform.mode = 'ok';
    await retryDue();
    expect(t.platform.posts.slice(before)).toEqual([{ channel: 'C123ABC456', thread_ts: root, text: waiting.text, token: TOKEN }]);
    expect((await sends()).find((s) => s.id === waiting.id)).toMatchObject({ status: 'sent' });
  });

  it('refusing connections: delivered after it listens again', async () => {
    await t.platform.stop();
    const before = t.platform.posts.length;
    const root = ts();
    await post(directMessage({ eventId: eventId(), ts: root, text: 'What does it cost?' }));
    await settle();
    const [waiting] = await failedSends();
    expect(waiting.attempts[0].error).toContain('Slack could not be reached');
    await t.platform.start();
    await retryDue();
    expect(t.platform.posts.slice(before)).toEqual([{ channel: 'D024BE91L', thread_ts: root, text: waiting.text, token: TOKEN }]);
  });
});

describe('the agent pipeline on Slack', () => {
  it('an audience on channel type team chat matches a Slack conversation, and not the widget’s', async () => {
    const audience = (await api('POST', '/audiences', { name: 'Team chat', conditions: [{ type: 'condition', field: 'channel.type', operator: 'is_one_of', value: ['team_chat'] }] })).json();
    const rule = (await api('POST', '/guidance-rules', { name: 'Team chat tone', instructions: 'Keep answers short in team chat.', audience_id: audience.id })).json();
    try {
      const id = eventId();
      await post(appMention({ eventId: id, ts: ts(), text: 'What does it cost?' }));
      await settle();
      const c = await conversation((await eventFor(id)).conversation_id!);
      const reply = c.messages.find((m) => m.role === 'assistant' && m.type === 'message')!;
      expect(reply.guidance).toMatchObject({ audience_ids: [audience.id], everyone: false });
      expect(reply.guidance!.rule_ids).toContain(rule.id);
    } finally {
      await api('DELETE', `/guidance-rules/${rule.id}`);
      await api('DELETE', `/audiences/${audience.id}`);
    }
  });

  it('a Slack answer is billed as a Chat Message', async () => {
    const usage = async () => (await t.app.inject({ method: 'GET', url: '/v1/org/billing', headers: t.owner.headers })).json().usage;
    const before = await usage();
    await post(directMessage({ eventId: eventId(), ts: ts(), text: 'What does it cost?' }));
    await settle();
    const after = await usage();
    expect(after.chat_messages).toBe(before.chat_messages + 1);
    expect(after.ticketing_messages).toBe(before.ticketing_messages);
  });
});
