// Mattermost end to end (docs/channels.md "Mattermost"): outgoing-webhook and slash-command requests
// into the real app (mattermost-events.fixture.ts), the REST API v4 out to a local Mattermost
// stand-in on 127.0.0.1 (mattermost-api.fixture.ts). The answer arrives in the right thread (also
// for a mention inside a thread), a direct message gets its answer in the DM, a hand-over is
// announced in the handoff channel, a replayed post is answered once, a wrong token leaves nothing
// behind, a reply written while Mattermost is down arrives once it is back, and it is billed as a
// Chat Message.
import { describe, expect, it } from 'vitest';
import { channelTest } from '../testing/channel-test.js';
import { agentText } from '../../agent/texts.js';
import { BOT_USER_ID, startFakeMattermost } from './mattermost-api.fixture.js';
import { asRequest, CHANNEL, DM_CHANNEL, outgoingWebhook, slashCommand, TEAM, USER } from './mattermost-events.fixture.js';

const BOT_TOKEN = 'xjlk8wmgdbfzjp1ahk9cxbgrqe';
const WEBHOOK_TOKEN = 'zmigewsanbbsdf59xnmduzypjc';
const COMMAND_TOKEN = 'okwexkjpe7ygb8eq1ww58t483w';
const HANDOFF = 'ehjj46yk7ifptr5bpfb966s6mc';

const t = channelTest({
  listen: true,
  platform: () => startFakeMattermost(BOT_TOKEN),
  channel: (mm) => ({
    type: 'mattermost', name: 'Support Mattermost',
    values: { api_url: mm.url, bot_token: BOT_TOKEN, webhook_token: WEBHOOK_TOKEN, command_token: COMMAND_TOKEN, handoff_channel: HANDOFF },
  }),
});
const { api, eventsUrl, settle, events, eventFor, sends, conversation, failedSends, retryDue } = t;
let n = 0;
const postId = () => `${Date.now().toString(36)}${String(++n).padStart(6, '0')}`.padEnd(26, 'x').slice(0, 26);

function post(payload: Record<string, string>, o: { json?: boolean; command?: boolean } = {}) {
  return t.app.inject({ method: 'POST', url: eventsUrl(), ...asRequest(payload, o) });
}
const mention = (text: string, id = postId(), o: { json?: boolean } = {}) => post(outgoingWebhook({ token: WEBHOOK_TOKEN, postId: id, text }), o);

describe('connecting Mattermost', () => {
  it('checks the bot token with users/me, answers the tokens masked and the events URL', async () => {
    const c = (await api('GET', `/platform-channels/${t.channelId}`)).json();
    expect(c).toMatchObject({ type: 'mattermost', identity: { bot_user_id: BOT_USER_ID, bot_username: 'parley' } });
    expect(c.values).toMatchObject({ bot_token: 'xjlk…grqe', webhook_token: 'zmig…ypjc', command_token: 'okwe…483w', api_url: t.platform.url, handoff_channel: HANDOFF });
    expect(c.events_url).toMatch(new RegExp(`/v1/channels/mattermost/${t.demo.project_id}/${t.channelId}/events$`));
    const listed = JSON.stringify((await api('GET', '/platform-channels')).json());
    for (const secret of [BOT_TOKEN, WEBHOOK_TOKEN, COMMAND_TOKEN]) expect(listed).not.toContain(secret);
  });

  it('refuses a token Mattermost refuses, and a missing server URL, with clear errors', async () => {
    const bad = await api('POST', '/platform-channels', { type: 'mattermost', name: 'x', values: { api_url: t.platform.url, bot_token: 'wrong', webhook_token: 'w' } });
    expect(bad.statusCode).toBe(424);
    expect(bad.json()).toMatchObject({ error: 'platform_rejected' });
    expect(bad.json().message).toContain('HTTP 401 (api.context.session_expired.app_error)');
    const missing = await api('POST', '/platform-channels', { type: 'mattermost', name: 'x', values: { bot_token: BOT_TOKEN } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([{ path: 'values.api_url', message: 'is required' }]);
  });

  it('"send test" posts through the REST API and reports what Mattermost said', async () => {
    expect((await api('POST', `/platform-channels/${t.channelId}/test`, { target: CHANNEL })).json()).toMatchObject({ ok: true, error: null });
    expect(t.platform.posts.at(-1)).toMatchObject({ channel_id: CHANNEL, root_id: null, token: BOT_TOKEN });
    t.platform.mode = 'unauthorized';
    expect((await api('POST', `/platform-channels/${t.channelId}/test`, { target: CHANNEL })).json()).toMatchObject({ ok: false, error: 'Mattermost answered HTTP 401 (api.context.session_expired.app_error)' });
  });
});

describe('Mattermost events', () => {
  it('a mention in a channel: the answer in its thread, a follow-up inside the thread joins the conversation', async () => {
    const before = t.platform.posts.length;
    const root = postId();
    expect((await mention('What does it cost?', root)).statusCode).toBe(200);
    await settle();
    const e = await eventFor(root);
    expect(e.status).toBe('answered');
    const c = await conversation(e.conversation_id!);
    expect(c).toMatchObject({ channel_id: t.channelId, channel_type: 'mattermost', external_id: `mattermost:${CHANNEL}:${root}` });
    expect(c.messages[0]).toMatchObject({ role: 'user', content: 'What does it cost?' });
    const reply = c.messages.find((m) => m.role === 'assistant' && m.type === 'message')!;
    expect(t.platform.posts.slice(before)).toEqual([{ channel_id: CHANNEL, root_id: root, message: reply.content, token: BOT_TOKEN }]);
    const user = await t.app.ctx.services.users.get(t.demo.project_id, c.user_id);
    expect(user?.platform_ids).toEqual({ [`mattermost:${TEAM}`]: USER });

    // A mention posted as a reply in that thread (sent as JSON this time): its root is looked up.
    const followUp = postId();
    t.platform.roots.set(followUp, root);
    await mention('And how do I cancel?', followUp, { json: true });
    await settle();
    expect((await eventFor(followUp)).conversation_id).toBe(c.id);
    expect(t.platform.posts.at(-1)).toMatchObject({ channel_id: CHANNEL, root_id: root });
    expect((await conversation(c.id)).messages.filter((m) => m.role === 'user')).toHaveLength(2);
  });

  it('a slash command in a direct message is answered in the DM, and the next one joins the same conversation', async () => {
    const before = t.platform.posts.length;
    await post(slashCommand({ token: COMMAND_TOKEN, triggerId: `trg${++n}`, text: 'What does it cost?' }), { command: true });
    await settle();
    expect(t.platform.posts.slice(before)).toHaveLength(1);
    expect(t.platform.posts.at(-1)).toMatchObject({ channel_id: DM_CHANNEL, root_id: null });
    const first = await eventFor(`command:trg${n}`);
    expect(first.status).toBe('answered');
    await post(slashCommand({ token: COMMAND_TOKEN, triggerId: `trg${++n}`, text: 'And how do I cancel?' }), { command: true });
    await settle();
    expect((await eventFor(`command:trg${n}`)).conversation_id).toBe(first.conversation_id);
  });

  it('a replayed post is acknowledged and not answered again', async () => {
    const id = postId();
    await mention('What does it cost?', id);
    await settle();
    const after = t.platform.posts.length;
    const answered = await conversation((await eventFor(id)).conversation_id!);
    expect((await mention('What does it cost?', id)).statusCode).toBe(200);
    await settle();
    expect(t.platform.posts.length).toBe(after);
    expect((await conversation(answered.id)).messages.length).toBe(answered.messages.length);
    const listed = (await api('GET', `/platform-channels/${t.channelId}/events`)).json().data.find((e: { platform_event_id: string }) => e.platform_event_id === id);
    expect(listed).toMatchObject({ status: 'answered', deliveries: 2 });
  });

  it('a wrong or missing token is a 401 and nothing is stored', async () => {
    const before = (await events()).length;
    const conversations = (await t.app.ctx.services.conversations.list(t.demo.project_id)).length;
    const forged = await post(outgoingWebhook({ token: 'zmigewsanbbsdf59xnmduzypjX', postId: postId(), text: 'What does it cost?' }));
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ error: 'platform_signature_invalid' });
    const { token: _, ...untokened } = outgoingWebhook({ token: '', postId: postId(), text: 'What does it cost?' });
    expect((await post(untokened)).statusCode).toBe(401);
    await settle();
    expect((await events()).length).toBe(before);
    expect((await t.app.ctx.services.conversations.list(t.demo.project_id)).length).toBe(conversations);
  });

  it('a request for a person hands over: the note in the thread, the announcement in the handoff channel', async () => {
    const before = t.platform.posts.length;
    const root = postId();
    await mention('I would like to talk to a human, please.', root);
    await settle();
    const e = await eventFor(root);
    expect(e.status).toBe('handed_over');
    const c = await conversation(e.conversation_id!);
    expect(c).toMatchObject({ status: 'escalated', holder: 'queue' });
    const note = c.messages.find((m) => m.role !== 'user' && m.labels.includes('handoff'))!;
    expect(note.content).toBe(agentText('en', 'noOperatorOnline'));
    const posted = t.platform.posts.slice(before);
    expect(posted).toContainEqual({ channel_id: CHANNEL, root_id: root, message: note.content, token: BOT_TOKEN });
    const notice = posted.find((p) => p.channel_id === HANDOFF)!;
    expect(notice.root_id).toBeNull();
    expect(notice.message).toContain('I would like to talk to a human, please.');
    expect(notice.message).toContain(`/app/p/${t.demo.project_id}/c/${e.conversation_id}`);
  });
});

describe('Mattermost down', () => {
  it('answering 500: the reply waits in the outbox and is delivered once Mattermost is back', async () => {
    t.platform.mode = 'error500';
    const before = t.platform.posts.length;
    const root = postId();
    await mention('What does it cost?', root);
    await settle();
    const [waiting] = await failedSends();
    expect(waiting.attempts[0]).toMatchObject({ ok: false, error: 'Mattermost answered HTTP 500 (app.post.save.app_error)' });
    t.platform.mode = 'ok';
    await retryDue();
    expect(t.platform.posts.slice(before)).toEqual([{ channel_id: CHANNEL, root_id: root, message: waiting.text, token: BOT_TOKEN }]);
    expect((await sends()).find((s) => s.id === waiting.id)).toMatchObject({ status: 'sent' });
  });

  it('refusing connections: delivered after it listens again', async () => {
    await t.platform.stop();
    const before = t.platform.posts.length;
    const root = postId();
    await mention('What does it cost?', root);
    await settle();
    const [waiting] = await failedSends();
    expect(waiting.attempts[0].error).toContain('Mattermost could not be reached');
    await t.platform.start();
    await retryDue();
    expect(t.platform.posts.slice(before)).toEqual([{ channel_id: CHANNEL, root_id: root, message: waiting.text, token: BOT_TOKEN }]);
  });
});

describe('the agent pipeline on Mattermost', () => {
  it('a Mattermost answer is billed as a Chat Message', async () => {
    const usage = async () => (await t.app.inject({ method: 'GET', url: '/v1/org/billing', headers: t.owner.headers })).json().usage;
    const before = await usage();
    await mention('What does it cost?');
    await settle();
    const after = await usage();
    expect(after.chat_messages).toBe(before.chat_messages + 1);
    expect(after.ticketing_messages).toBe(before.ticketing_messages);
  });
});
