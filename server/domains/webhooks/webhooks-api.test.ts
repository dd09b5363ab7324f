// Webhooks over the real app and a real receiver on 127.0.0.1 (docs/api.md "Webhooks"): signatures
// checked with the standardwebhooks library (not our own code), also during a secret rotation with
// both secrets; the event filter; conversation events derived from real conversation changes; the
// secret shown once; test events and replay; private receivers refused at save and at delivery.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { eventsOf, startReceiver, type Receiver } from './receiver.fixture.js';

describe('webhooks API', () => {
  let t: TestApp;
  let all: Receiver;
  let filtered: Receiver;
  const H = () => ({ authorization: `Bearer ${t.demo.api_key}` });
  const url = (path = '') => `/v1/projects/${t.demo.project_id}/webhooks${path}`;
  const create = (payload: object) => t.app.inject({ method: 'POST', url: url(), headers: H(), payload });
  const verify = (secret: string, r: { body: string; headers: Record<string, string> }) => new Webhook(secret).verify(r.body, r.headers);

  beforeAll(async () => {
    [all, filtered] = await Promise.all([startReceiver(), startReceiver()]);
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([all.close(), filtered.close()]);
  });

  it('signs conversation and message events, respects the filter and rotates secrets with both signatures', async () => {
    const a = await create({ url: all.url, description: 'everything' });
    expect(a.statusCode, a.body).toBe(201);
    const secret: string = a.json().secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const b = await create({ url: filtered.url, event_types: ['conversation.resolved'] });
    expect(b.statusCode, b.body).toBe(201);

    // The secret is answered once: never by get or list, never stored in the clear.
    const got = await t.app.inject({ method: 'GET', url: url(`/${a.json().id}`), headers: H() });
    expect(got.body).not.toContain(secret);
    expect((await t.app.inject({ method: 'GET', url: url(), headers: H() })).body).not.toContain(secret.slice(6));

    const user = await t.app.ctx.services.users.create(t.demo.project_id, {});
    const convo = await t.app.ctx.services.conversations.create({ projectId: t.demo.project_id, userId: user.id, firstMessage: { role: 'user', type: 'message', content: 'Where is my order?' } });
    await t.app.ctx.services.conversations.apply(t.demo.project_id, convo.id, () => ({ messages: [{ role: 'operator', type: 'note', content: 'internal only', labels: ['internal'] }] }));
    await t.app.ctx.services.conversations.setStatus(t.demo.project_id, convo.id, 'resolved');

    await vi.waitFor(() => expect(eventsOf(all, 'conversation.resolved')).toHaveLength(1), { timeout: 5000 });
    await vi.waitFor(() => expect(filtered.received).toHaveLength(1), { timeout: 5000 });
    expect(eventsOf(all, 'conversation.created')[0].event.data.conversation.id).toBe(convo.id);
    const messages = eventsOf(all, 'message.created');
    expect(messages.map((m) => m.event.data.message.content)).toEqual(['Where is my order?']);
    for (const r of all.received) expect(verify(secret, r)).toMatchObject({ type: expect.any(String), timestamp: expect.any(String) });
    // The filtered endpoint got only what it subscribed to, signed with its own secret.
    expect(eventsOf(filtered, 'conversation.resolved')).toHaveLength(1);
    expect(() => verify(b.json().secret, filtered.received[0])).not.toThrow();
    expect(() => verify(secret, filtered.received[0])).toThrow();

    // Rotation: the new secret is answered once and both secrets verify the next deliveries.
    const rotated = await t.app.inject({ method: 'POST', url: url(`/${a.json().id}/rotate-secret`), headers: H() });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const next: string = rotated.json().secret;
    expect(next).not.toBe(secret);
    expect(rotated.json().previous_secret_expires_at).toEqual(expect.any(String));
    const before = all.received.length;
    await t.app.ctx.services.conversations.setStatus(t.demo.project_id, convo.id, 'active');
    await vi.waitFor(() => expect(eventsOf(all, 'conversation.reopened')).toHaveLength(1), { timeout: 5000 });
    const after = all.received[before];
    expect(after.headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(() => verify(next, after)).not.toThrow();
    expect(() => verify(secret, after)).not.toThrow();
    expect(after.headers['webhook-id']).toMatch(/^msg_/);
  });

  it('sends a test event, logs deliveries and replays one with the same webhook-id', async () => {
    const r = await startReceiver();
    try {
      const e = (await create({ url: r.url, event_types: ['export.ready'] })).json();
      const sent = await t.app.inject({ method: 'POST', url: url(`/${e.id}/test`), headers: H() });
      expect(sent.statusCode, sent.body).toBe(202);
      await vi.waitFor(() => expect(r.received).toHaveLength(1), { timeout: 5000 });
      expect(JSON.parse(r.received[0].body).type).toBe('webhook.test');
      await t.app.ctx.services.webhooks.deliverDue();
      const log = (await t.app.inject({ method: 'GET', url: url(`/${e.id}/deliveries`), headers: H() })).json().data;
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ status: 'delivered', event_type: 'webhook.test', next_attempt_at: null, attempts: [{ status: 200, error: null }] });
      expect(log[0].body).toBe(r.received[0].body);

      const replay = await t.app.inject({ method: 'POST', url: url(`/${e.id}/deliveries/${log[0].id}/replay`), headers: H() });
      expect(replay.statusCode, replay.body).toBe(202);
      await vi.waitFor(() => expect(r.received).toHaveLength(2), { timeout: 5000 });
      expect(r.received[1].headers['webhook-id']).toBe(r.received[0].headers['webhook-id']);
      expect(r.received[1].body).toBe(r.received[0].body);
      await t.app.ctx.services.webhooks.deliverDue();
      const again = (await t.app.inject({ method: 'GET', url: url(`/${e.id}/deliveries`), headers: H() })).json().data[0];
      expect(again.attempts).toHaveLength(2);

      // An event emitted through the service reaches its subscribers (this one and the catch-all).
      expect(await t.app.ctx.services.webhooks.emit(t.demo.project_id, 'export.ready', { export_id: 'x1', kind: 'conversations', download_url: null, expires_at: null })).toBe(2);
      await vi.waitFor(() => expect(eventsOf(r, 'export.ready')).toHaveLength(1), { timeout: 5000 });
    } finally {
      await r.close();
    }
  });

  it('sends user, deployment and alias events from where those changes are stored', async () => {
    const r = await startReceiver();
    try {
      const event_types = ['user.created', 'user.identified', 'user.updated', 'deployment.built', 'alias.moved'];
      const { secret } = (await create({ url: r.url, event_types })).json();
      const { users } = t.app.ctx.services;
      const u = await users.create(t.demo.project_id, {});
      await users.patch(t.demo.project_id, u.id, { last_seen_at: new Date().toISOString() }); // no event
      await users.patch(t.demo.project_id, u.id, { email: 'ada@example.com' });
      await users.patch(t.demo.project_id, u.id, { first_name: 'Ada' });
      const built = await t.app.inject({ method: 'POST', url: `/v1/projects/${t.demo.project_id}/deployments`, headers: H(), payload: { note: 'webhooks' } });
      expect(built.statusCode, built.body).toBe(201);
      const moved = await t.app.inject({ method: 'PUT', url: `/v1/projects/${t.demo.project_id}/aliases/staging`, headers: H(), payload: { version: built.json().version } });
      expect(moved.statusCode, moved.body).toBeLessThan(300);
      await vi.waitFor(() => expect(r.received).toHaveLength(5), { timeout: 5000 });
      const types = r.received.map((x) => (new Webhook(secret).verify(x.body, x.headers) as { type: string }).type).sort();
      expect(types).toEqual([...event_types].sort());
      expect(eventsOf(r, 'user.identified')[0].event.data.user).toMatchObject({ id: u.id, email: 'ada@example.com' });
      expect(eventsOf(r, 'user.updated')[0].event.data.user).toMatchObject({ first_name: 'Ada' });
      expect(eventsOf(r, 'alias.moved')[0].event.data.alias).toMatchObject({ name: 'staging', version: built.json().version, previous_version: null });
    } finally {
      await r.close();
    }
  });

  it('answers 404 for an unknown endpoint and 400 for an unknown event type', async () => {
    expect((await t.app.inject({ method: 'GET', url: url('/0190f0f0-0000-7000-8000-000000000000'), headers: H() })).statusCode).toBe(404);
    expect((await create({ url: all.url, event_types: ['no.such'] })).statusCode).toBe(400);
  });
});

describe('private receivers', () => {
  let t: TestApp;
  let r: Receiver;
  beforeAll(async () => {
    r = await startReceiver();
    t = await createTestApp({ allowPrivateFetch: false });
  });
  afterAll(async () => {
    await t.close();
    await r.close();
  });
  const create = (u: string) =>
    t.app.inject({ method: 'POST', url: `/v1/projects/${t.demo.project_id}/webhooks`, headers: { authorization: `Bearer ${t.demo.api_key}` }, payload: { url: u } });

  it('are refused at save unless private fetches are allowed', async () => {
    for (const u of [r.url, 'http://10.1.2.3/hook', 'http://localhost:9/hook', 'http://[::1]/x']) {
      const res = await create(u);
      expect(res.statusCode, u).toBe(400);
      expect(res.json().error).toBe('blocked_url');
    }
    expect((await create('https://hooks.example.com/parley')).statusCode).toBe(201);
  });

  it('are refused at delivery too (the connected address is checked)', async () => {
    // Saved while allowed, then the server's setting no longer allows it.
    const { webhooks } = t.app.ctx.services;
    webhooks.settings.allowPrivate = true;
    const e = await webhooks.endpoints.create(t.demo.project_id, { url: r.url });
    webhooks.settings.allowPrivate = false;
    await webhooks.deliveries.sendTest(t.demo.project_id, e.id);
    await webhooks.deliverDue();
    const [d] = await webhooks.deliveries.list(t.demo.project_id, e.id, {});
    expect(d.attempts[0].status).toBeNull();
    expect(d.attempts[0].error).toMatch(/private or reserved/);
    expect(r.received).toHaveLength(0);
  });
});
