// Zammad end to end (docs/channels.md "Zammad"): signed trigger webhooks into the real app, articles
// out to a local Zammad stand-in on 127.0.0.1 (zammad-api.fixture.ts), payloads as Zammad documents
// them (zammad-events.fixture.ts): the answer is an article on the right ticket, a hand-over moves
// the ticket to the group with an internal note, a replayed article is answered once, a forgery
// leaves nothing behind, and a reply written while Zammad is down arrives once it is back.
import { describe, expect, it } from 'vitest';
import { channelTest } from '../testing/channel-test.js';
import { startFakeZammad } from './zammad-api.fixture.js';
import { CUSTOMER, customerArticle, signedHeaders } from './zammad-events.fixture.js';

const TOKEN = 'xCxCA7Ykd1iK1RBkTJ3EvY4bVbcpVEi4T3F7rPbG1n0yqDPqgrThc7lGB5KcaZDe';
const SECRET = 'zammad-hmac-token-for-tests';

const t = channelTest({
  platform: () => startFakeZammad(TOKEN),
  channel: (zm) => ({ type: 'zammad', name: 'Helpdesk', values: { api_url: zm.url, access_token: TOKEN, webhook_secret: SECRET, handoff_group: '2nd Level' } }),
});
const { api, eventsUrl, settle, events, sends, retryDue } = t;
let n = 0;
const next = () => ++n;
/** The Zammad stand-in's host, which names the instance in ids. */
const host = () => new URL(t.platform.url).host;

function post(payload: unknown, secret = SECRET) {
  const body = JSON.stringify(payload);
  return t.app.inject({ method: 'POST', url: eventsUrl(), payload: body, headers: signedHeaders(secret, body) });
}
const eventFor = (articleId: number) => t.eventFor(`article:${articleId}`);
const articlesOn = (ticketId: number) => t.platform.calls.filter((c) => c.method === 'POST' && c.body.ticket_id === ticketId).map((c) => c.body);

describe('Zammad', () => {
  it('connects with users/me, answers the token masked, refuses a token Zammad refuses', async () => {
    const c = (await api('GET', `/platform-channels/${t.channelId}`)).json();
    expect(c).toMatchObject({ type: 'zammad', identity: { host: host(), user_id: '12' } });
    expect(JSON.stringify(c)).not.toContain(TOKEN);
    const bad = await api('POST', '/platform-channels', { type: 'zammad', name: 'x', values: { api_url: t.platform.url, access_token: 'nope', webhook_secret: 's' } });
    expect(bad.statusCode).toBe(424);
    expect(bad.json().message).toContain('Zammad answered HTTP 401 (Invalid token!)');
    expect((await api('POST', `/platform-channels/${t.channelId}/test`, { target: '42' })).json()).toMatchObject({ ok: true });
    expect(articlesOn(42).at(-1)).toMatchObject({ internal: true, type: 'note' });
  });

  it('a customer article: an article on its ticket; the agent’s own article is not answered; a follow-up joins', async () => {
    const ticketId = next();
    const articleId = next();
    expect((await post(customerArticle({ articleId, ticketId, title: 'Pricing', body: 'What does it cost?', html: true }))).statusCode).toBe(200);
    await settle();
    const e = await eventFor(articleId);
    expect(e.status).toBe('answered');
    const c = (await t.app.ctx.services.conversations.get(t.demo.project_id, e.conversation_id!))!;
    expect(c).toMatchObject({ channel_type: 'zammad', external_id: `zammad:${host()}:${ticketId}` });
    expect(c.messages[0].content).toBe('Pricing\n\nWhat does it cost?');
    const reply = c.messages.find((m) => m.role === 'assistant' && m.type === 'message')!;
    expect(articlesOn(ticketId)).toEqual([{ ticket_id: ticketId, body: reply.content, content_type: 'text/plain', type: 'note', internal: false, sender: 'Agent' }]);
    expect((await t.app.ctx.services.users.get(t.demo.project_id, c.user_id))?.platform_ids).toEqual({ [`zammad:${host()}`]: String(CUSTOMER) });
    await post(customerArticle({ articleId: next(), ticketId, body: reply.content, sender: 'Agent', createdById: 12, articleCount: 2 }));
    const followUp = next();
    await post(customerArticle({ articleId: followUp, ticketId, body: 'And how do I cancel?', articleCount: 3 }));
    await settle();
    expect((await eventFor(followUp)).conversation_id).toBe(c.id);
    expect(articlesOn(ticketId)).toHaveLength(2);
  });

  it('a replayed article is answered once; a forged signature is a 401 and nothing is stored', async () => {
    const ticketId = next();
    const payload = customerArticle({ articleId: next(), ticketId, body: 'What does it cost?' });
    await post(payload);
    await settle();
    expect((await post(payload)).statusCode).toBe(200);
    await settle();
    expect(articlesOn(ticketId)).toHaveLength(1);
    expect(await eventFor(payload.article.id)).toMatchObject({ status: 'answered', deliveries: 2 });
    const before = (await events()).length;
    const forged = await post(customerArticle({ articleId: next(), ticketId, body: 'What does it cost?' }), 'not-the-token');
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ error: 'platform_signature_invalid' });
    expect((await events()).length).toBe(before);
  });

  it('a request for a person: the reply, then the ticket in the handoff group with an internal note', async () => {
    const ticketId = next();
    const articleId = next();
    await post(customerArticle({ articleId, ticketId, body: 'I would like to talk to a human, please.' }));
    await settle();
    expect(await eventFor(articleId)).toMatchObject({ status: 'handed_over', outcome: 'Handed over to a person on Zammad' });
    expect(articlesOn(ticketId)).toHaveLength(1);
    const moved = t.platform.calls.find((c) => c.method === 'PUT' && c.path === `/api/v1/tickets/${ticketId}`)!;
    expect(moved.body).toMatchObject({ group: '2nd Level', article: { type: 'note', internal: true } });
  });

  it('Zammad down: the reply waits in the outbox and is delivered once it is back', async () => {
    t.platform.mode = 'error500';
    const ticketId = next();
    await post(customerArticle({ articleId: next(), ticketId, body: 'What does it cost?' }));
    await settle();
    const waiting = (await sends()).find((s) => s.target.thread === String(ticketId))!;
    expect(waiting).toMatchObject({ status: 'pending', attempts: [{ ok: false, error: 'Zammad answered HTTP 500 (Internal Server Error)' }] });
    t.platform.mode = 'ok';
    await retryDue();
    expect(articlesOn(ticketId).map((a) => a.body)).toEqual([waiting.text]);
  });
});
