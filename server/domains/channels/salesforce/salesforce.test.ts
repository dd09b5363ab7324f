// Salesforce cases end to end (docs/channels.md "Salesforce"): Flow callouts into the real app, the
// REST API out to a local Salesforce stand-in on 127.0.0.1 (salesforce-api.fixture.ts) with a token
// from the client-credentials flow: a new case is answered with a published CaseComment on it, a
// hand-over is an unpublished comment and the case owned by the queue, a replayed callout is
// answered once, a wrong token is a 401 with nothing stored, an expired access token is renewed,
// Salesforce down delays the reply until it is back, and the answer is a Ticketing Message.
import { describe, expect, it } from 'vitest';
import { channelTest } from '../testing/channel-test.js';
import { clock } from '../../../lib/clock.js';
import { channelsOf } from '../index.js';
import { INTEGRATION_USER, ORG_ID, startFakeSalesforce } from './salesforce-api.fixture.js';
import { calloutHeaders, caseComment, CONTACT, newCase } from './salesforce-events.fixture.js';

const CLIENT_ID = '3MVG9consumerkeyfortests';
const CLIENT_SECRET = 'consumer-secret-for-tests-0123456789';
const CALLOUT = 'callout-token-for-tests-0123456789';
const QUEUE = '00G5e000000QueueAAA';

const t = channelTest({
  platform: () => startFakeSalesforce(CLIENT_ID, CLIENT_SECRET),
  channel: (sf) => ({
    type: 'salesforce', name: 'Service Cloud', values: { api_url: sf.url, client_id: CLIENT_ID, client_secret: CLIENT_SECRET, callout_token: CALLOUT, handoff_queue_id: QUEUE },
  }),
});
const { api, eventsUrl, settle, events, eventFor } = t;
let n = 0;
const caseId = () => `5005e00000${String(++n).padStart(5, '0')}`;
const post = (payload: unknown, token = CALLOUT) =>
  t.app.inject({ method: 'POST', url: eventsUrl(), payload: JSON.stringify(payload), headers: calloutHeaders(token) });
const commentsOn = (id: string) => t.platform.calls.filter((c) => c.method === 'POST' && c.body.ParentId === id).map((c) => c.body);

describe('Salesforce cases', () => {
  it('connects through the client-credentials flow; refuses a secret Salesforce refuses', async () => {
    const c = (await api('GET', `/platform-channels/${t.channelId}`)).json();
    expect(c).toMatchObject({ type: 'salesforce', identity: { organization_id: ORG_ID, user_id: INTEGRATION_USER } });
    expect(JSON.stringify(c)).not.toContain(CLIENT_SECRET);
    const bad = await api('POST', '/platform-channels', { type: 'salesforce', name: 'x', values: { api_url: t.platform.url, client_id: CLIENT_ID, client_secret: 'wrong', callout_token: 'x' } });
    expect(bad.statusCode).toBe(424);
    expect(bad.json().message).toContain('invalid_client');
  });

  it('a new case: a published comment on it; its own comment is not answered; a follow-up joins; billed as a Ticketing Message', async () => {
    const usage = async () => (await t.app.inject({ method: 'GET', url: '/v1/org/billing', headers: t.owner.headers })).json().usage;
    const before = await usage();
    const id = caseId();
    expect((await post(newCase({ id, subject: 'Pricing', description: 'What does it cost?' }))).statusCode).toBe(200);
    await settle();
    const e = await eventFor(id);
    expect(e.status).toBe('answered');
    const c = (await t.app.ctx.services.conversations.get(t.demo.project_id, e.conversation_id!))!;
    expect(c).toMatchObject({ channel_type: 'salesforce', external_id: `salesforce:${ORG_ID}:${id}` });
    const reply = c.messages.find((m) => m.role === 'assistant' && m.type === 'message')!;
    expect(commentsOn(id)).toEqual([{ ParentId: id, CommentBody: reply.content, IsPublished: true }]);
    expect((await t.app.ctx.services.users.get(t.demo.project_id, c.user_id))?.platform_ids).toEqual({ [`salesforce:${ORG_ID}`]: CONTACT });
    expect((await usage()).ticketing_messages).toBe(before.ticketing_messages + 1);
    await post(caseComment({ caseId: id, id: '00a5e0000000OWN1', body: reply.content, createdById: INTEGRATION_USER }));
    await post(caseComment({ caseId: id, id: '00a5e0000000FUP1', body: 'And how do I cancel?' }));
    await settle();
    expect((await eventFor('00a5e0000000FUP1')).conversation_id).toBe(c.id);
    expect(commentsOn(id)).toHaveLength(2);
  });

  it('a replayed callout is answered once; a wrong token is a 401 and nothing is stored', async () => {
    const id = caseId();
    const payload = newCase({ id, subject: 'Pricing', description: 'What does it cost?' });
    await post(payload);
    await post(payload);
    await settle();
    expect(commentsOn(id)).toHaveLength(1);
    const before = (await events()).length;
    const forged = await post(newCase({ id: caseId(), subject: 'x', description: 'What does it cost?' }), 'not-the-token-at-all-0123456789abc');
    expect(forged.statusCode).toBe(401);
    expect((await events()).length).toBe(before);
  });

  it('a request for a person: the reply, an unpublished comment and the case owned by the queue', async () => {
    const id = caseId();
    await post(newCase({ id, subject: 'Help', description: 'I would like to talk to a human, please.' }));
    await settle();
    expect(await eventFor(id)).toMatchObject({ status: 'handed_over' });
    expect(commentsOn(id).map((x) => x.IsPublished)).toEqual([true, false]);
    expect(t.platform.calls.find((x) => x.method === 'PATCH' && x.path.endsWith(`/Case/${id}`))!.body).toEqual({ OwnerId: QUEUE });
  });

  it('an expired token is renewed; Salesforce down: the reply is delivered once it is back', async () => {
    const issued = t.platform.tokensIssued;
    t.platform.mode = 'expire_token';
    const first = caseId();
    await post(newCase({ id: first, subject: 'Pricing', description: 'What does it cost?' }));
    await settle();
    // The refused token is forgotten; the retry (due after 2 s) asks for a new one.
    clock.now = () => Date.now() + 3_000;
    await channelsOf(t.app.ctx).sender.pass();
    expect(commentsOn(first)).toHaveLength(1);
    expect(t.platform.tokensIssued).toBe(issued + 1);
    clock.now = () => Date.now();
    t.platform.mode = 'error503';
    const id = caseId();
    await post(newCase({ id, subject: 'Pricing', description: 'What does it cost?' }));
    await settle();
    expect(commentsOn(id)).toHaveLength(0);
    t.platform.mode = 'ok';
    clock.now = () => Date.now() + 3_000;
    await channelsOf(t.app.ctx).sender.pass();
    expect(commentsOn(id)).toHaveLength(1);
  });
});
