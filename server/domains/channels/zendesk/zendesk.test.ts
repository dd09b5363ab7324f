// Zendesk end to end (docs/channels.md "Zendesk"): signed ticket-event webhooks into the real app,
// ticket updates out to a local Zendesk stand-in on 127.0.0.1 (zendesk-api.fixture.ts), payloads as
// Zendesk documents them (zendesk-events.fixture.ts). The answer is a comment on the right ticket
// with the predicted category and priority, a hand-over is a private note and the ticket's group, a
// replayed event is answered once, a forgery leaves nothing behind, a reply written while Zendesk is
// down arrives once it is back, audiences see ticketing and the reply is a Ticketing Message.
import { describe, expect, it } from 'vitest';
import { channelTest } from '../testing/channel-test.js';
import { clock } from '../../../lib/clock.js';
import { startFakeZendesk } from './zendesk-api.fixture.js';
import { commentAdded, REQUESTER, signedHeaders } from './zendesk-events.fixture.js';

const EMAIL = 'bot@example.com';
const TOKEN = 'wAkdpdX9xB0rXg3VYc2zKpT8jPzzxYVx';
const SECRET = 'dGhpc19zZWNyZXRfaXNfZm9yX3Rlc3Rpbmdfb25seQ==';
const CATEGORY = { category_field_id: '360012345', category_keywords: 'billing: invoice, refund, cost; technical: error, crash', priority_keywords: 'urgent: outage, down' };

const t = channelTest({
  platform: () => startFakeZendesk(EMAIL, TOKEN),
  channel: (zd) => ({
    type: 'zendesk', name: 'Support desk',
    values: { subdomain: 'acme', email: EMAIL, api_token: TOKEN, webhook_secret: SECRET, handoff_group_id: '8447320466431', api_url: zd.url, ...CATEGORY },
  }),
});
const { api, eventsUrl, settle, events, eventFor, conversation, sends, retryDue } = t;
let n = 0;
const ticket = () => String(5000 + ++n);
const eventId = () => `cbe4028c-7239-495d-b020-${String(++n).padStart(12, '0')}`;

function post(payload: unknown, o: { secret?: string; at?: Date } = {}) {
  const body = JSON.stringify(payload);
  return t.app.inject({ method: 'POST', url: eventsUrl(), payload: body, headers: signedHeaders(o.secret ?? SECRET, body, o.at ?? new Date(clock.now())) });
}
const updatesOf = (id: string) => t.platform.updates.filter((u) => u.ticket === id);
const commentsOn = (id: string) => updatesOf(id).filter((u) => u.body.comment);

describe('connecting Zendesk', () => {
  it('checks the API token with users/me, answers secrets masked, refuses what Zendesk refuses', async () => {
    const c = (await api('GET', `/platform-channels/${t.channelId}`)).json();
    expect(c).toMatchObject({ type: 'zendesk', identity: { subdomain: 'acme', user_id: '35436' } });
    expect(c.values.api_token).toBe('wAkd…xYVx');
    expect(JSON.stringify(c)).not.toContain(TOKEN);
    expect(c.events_url).toMatch(new RegExp(`/v1/channels/zendesk/${t.demo.project_id}/${t.channelId}/events$`));
    const bad = await api('POST', '/platform-channels', { type: 'zendesk', name: 'x', values: { subdomain: 'acme', email: EMAIL, api_token: 'wrong', webhook_secret: 's', api_url: t.platform.url } });
    expect(bad.statusCode).toBe(424);
    expect(bad.json().message).toContain('anonymous user');
  });

  it('"send test" posts an internal note on the ticket named', async () => {
    const ok = (await api('POST', `/platform-channels/${t.channelId}/test`, { target: '4242' })).json();
    expect(ok).toMatchObject({ ok: true, error: null });
    expect(updatesOf('4242').at(-1)!.body.comment).toMatchObject({ public: false });
    expect((await api('POST', `/platform-channels/${t.channelId}/test`, { target: '404404' })).json()).toMatchObject({ ok: false, error: 'Zendesk answered HTTP 404 (RecordNotFound: Not found)' });
  });
});

describe('Zendesk tickets', () => {
  it('a new ticket: a public comment on it with the predicted category and priority; a follow-up joins the conversation', async () => {
    const id = ticket();
    const first = eventId();
    expect((await post(commentAdded({ eventId: first, ticketId: id, subject: 'Invoice', body: 'What does it cost? Our shop is down.' }))).statusCode).toBe(200);
    await settle();
    const e = await eventFor(first);
    expect(e.status).toBe('answered');
    const c = await conversation(e.conversation_id!);
    expect(c).toMatchObject({ channel_id: t.channelId, channel_type: 'zendesk', external_id: `zendesk:acme:${id}` });
    const reply = c.messages.find((m) => m.role === 'assistant' && m.type === 'message')!;
    // The reply and, apart from it, the predicted fields (order free: two outbox queues).
    expect(updatesOf(id).map((u) => u.body)).toEqual(expect.arrayContaining([
      { comment: { body: reply.content, public: true } },
      { custom_fields: [{ id: 360012345, value: 'billing' }], priority: 'urgent' },
    ]));
    expect(updatesOf(id)).toHaveLength(2);
    expect((await t.app.ctx.services.users.get(t.demo.project_id, c.user_id))?.platform_ids).toEqual({ 'zendesk:acme': REQUESTER });
    // The agent's own comment comes back as an event: not a question.
    await post(commentAdded({ eventId: eventId(), ticketId: id, body: reply.content, authorId: '35436', isStaff: true }));
    const second = eventId();
    await post(commentAdded({ eventId: second, ticketId: id, body: 'And how do I cancel?', description: 'What does it cost?' }));
    await settle();
    expect((await eventFor(second)).conversation_id).toBe(c.id);
    expect(updatesOf(id)).toHaveLength(3);
    expect(updatesOf(id).at(-1)!.body.comment.public).toBe(true);
    expect((await conversation(c.id)).messages.filter((m) => m.role === 'user')).toHaveLength(2);
  });

  it('a replayed event is acknowledged and not answered again', async () => {
    const id = ticket();
    const payload = commentAdded({ eventId: eventId(), ticketId: id, body: 'What does it cost?' });
    await post(payload);
    await settle();
    expect((await post(payload)).statusCode).toBe(200);
    await settle();
    expect(commentsOn(id)).toHaveLength(1);
    expect(await eventFor(payload.id)).toMatchObject({ status: 'answered', deliveries: 2 });
  });

  it('a forged or stale signature is a 401 and nothing is stored', async () => {
    const before = (await events()).length;
    const forged = await post(commentAdded({ eventId: eventId(), ticketId: ticket(), body: 'What does it cost?' }), { secret: 'not-the-secret' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ error: 'platform_signature_invalid' });
    const stale = await post(commentAdded({ eventId: eventId(), ticketId: ticket(), body: 'What does it cost?' }), { at: new Date(Date.now() - 6 * 60_000) });
    expect(stale.statusCode).toBe(401);
    await settle();
    expect((await events()).length).toBe(before);
  });

  it('a request for a person: the reply to the requester, then a private note and the ticket in the handoff group', async () => {
    const id = ticket();
    const eid = eventId();
    await post(commentAdded({ eventId: eid, ticketId: id, body: 'I would like to talk to a human, please.' }));
    await settle();
    const e = await eventFor(eid);
    expect(e).toMatchObject({ status: 'handed_over', outcome: 'Handed over to a person on Zendesk' });
    const [publicNote, handover] = commentsOn(id);
    expect(publicNote.body.comment.public).toBe(true);
    expect(handover.body).toMatchObject({ group_id: 8447320466431, comment: { public: false } });
    expect(handover.body.comment.body).toContain(`/app/p/${t.demo.project_id}/c/${e.conversation_id}`);
  });

  it('Zendesk down: the reply waits in the outbox and is delivered once it is back', async () => {
    t.platform.mode = 'error500';
    const id = ticket();
    await post(commentAdded({ eventId: eventId(), ticketId: id, body: 'What does it cost?' }));
    await settle();
    const waiting = (await sends()).find((s) => s.target.thread === id && s.kind === 'reply')!;
    expect(waiting).toMatchObject({ status: 'pending', attempts: [{ ok: false, error: 'Zendesk answered HTTP 500 (InternalError)' }] });
    expect(commentsOn(id)).toHaveLength(0);
    t.platform.mode = 'ok';
    await retryDue();
    expect(commentsOn(id)).toEqual([expect.objectContaining({ body: { comment: { body: waiting.text, public: true } } })]);
  });
});

describe('the agent pipeline on Zendesk', () => {
  it('audiences see channel type ticketing; the answer is billed as a Ticketing Message; private mode posts notes', async () => {
    const usage = async () => (await t.app.inject({ method: 'GET', url: '/v1/org/billing', headers: t.owner.headers })).json().usage;
    const audience = (await api('POST', '/audiences', { name: 'Tickets', conditions: [{ type: 'condition', field: 'channel.type', operator: 'is_one_of', value: ['ticketing'] }] })).json();
    await api('POST', '/guidance-rules', { name: 'Ticket tone', instructions: 'Sign tickets with the team name.', audience_id: audience.id });
    // A toggle takes "on" or "" (the console's checkbox); anything else is refused, not read as off.
    const refused = await api('PATCH', `/platform-channels/${t.channelId}`, { values: { private_mode: 'yes' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([{ path: 'values.private_mode', message: 'must be "on" or ""' }]);
    expect((await api('PATCH', `/platform-channels/${t.channelId}`, { values: { private_mode: 'on' } })).statusCode).toBe(200);
    const before = await usage();
    const id = ticket();
    const eid = eventId();
    await post(commentAdded({ eventId: eid, ticketId: id, body: 'What does it cost?' }));
    await settle();
    const after = await usage();
    expect(after.ticketing_messages).toBe(before.ticketing_messages + 1);
    expect(after.chat_messages).toBe(before.chat_messages);
    const reply = (await conversation((await eventFor(eid)).conversation_id!)).messages.find((m) => m.role === 'assistant' && m.type === 'message')!;
    expect(reply.guidance).toMatchObject({ audience_ids: [audience.id] });
    expect(commentsOn(id)[0].body.comment.public).toBe(false);
  });
});
