// Delivery from the durable outbox over a real receiver on 127.0.0.1: a 500 is retried on the
// configured schedule (a moved clock, no sleeping on wall time) until the delivery fails and the
// endpoint, failing for longer than the threshold, is disabled and its organization's admins are
// e-mailed; an app closed mid-delivery sends the delivery again after a restart on the same data dir.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { seedDemo } from '../../demo/seed.js';
import { clock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { startTestSmtp, type TestSmtp } from '../mail/testing/smtp-server.fixture.js';
import { startReceiver, type Receiver } from './receiver.fixture.js';

const realNow = clock.now;
afterEach(() => {
  clock.now = realNow;
});

describe('retries and disabling', () => {
  let t: TestApp;
  let r: Receiver;
  let smtp: TestSmtp;
  beforeAll(async () => {
    r = await startReceiver();
    smtp = await startTestSmtp();
    t = await createTestApp({ mail: { smtpUrl: smtp.url, from: 'Parley <parley@example.test>' } });
  });
  afterAll(async () => {
    await t.close();
    await r.close();
    await smtp.close();
  });

  it('retries a 500 on schedule, then fails the delivery and disables the endpoint', async () => {
    const { webhooks } = t.app.ctx.services;
    Object.assign(webhooks.settings, { retryScheduleMs: [1_000, 2_000, 4_000], disableAfterMs: 5_000 });
    let at = Date.now();
    clock.now = () => at;
    r.status = 500;

    const e = await webhooks.endpoints.create(t.demo.project_id, { url: r.url, event_types: ['user.created'] });
    expect(await webhooks.emit(t.demo.project_id, 'user.created', { user: { id: 'u1' } })).toBe(1);
    const delivery = async () => (await webhooks.deliveries.list(t.demo.project_id, e.id, {}))[0];
    const start = at;
    await webhooks.deliverDue();
    expect(r.received).toHaveLength(1);
    expect((await delivery()).next_attempt_at).toBe(new Date(start + 1_000).toISOString());

    // Not before its time, then at it: each wait of the schedule in turn.
    const waits = [1_000, 2_000, 4_000];
    for (const [i, wait] of waits.entries()) {
      at += wait - 1;
      await webhooks.deliverDue();
      expect(r.received, `before retry ${i + 1}`).toHaveLength(i + 1);
      at += 1;
      await webhooks.deliverDue();
      expect(r.received, `retry ${i + 1}`).toHaveLength(i + 2);
    }
    const failed = await delivery();
    expect(failed).toMatchObject({ status: 'failed', next_attempt_at: null });
    expect(failed.attempts.map((a) => a.status)).toEqual([500, 500, 500, 500]);
    expect(failed.attempts[0].response).toBe('receiver says no');
    // Every attempt carried the same id and body, each signed at its own time.
    expect(new Set(r.received.map((x) => x.headers['webhook-id'])).size).toBe(1);
    expect(r.received.map((x) => Number(x.headers['webhook-timestamp']) * 1000)).toEqual([0, 1_000, 3_000, 7_000].map((d) => Math.floor((start + d) / 1000) * 1000));

    // Failing for 7 s against a 5 s threshold: disabled, and the owner and admins told by e-mail.
    const endpoint = await webhooks.endpoints.get(t.demo.project_id, e.id);
    expect(endpoint).toMatchObject({ enabled: false, disabled_reason: expect.stringMatching(/failed/) });
    // Through the real mailer to a real SMTP server: the owner gets it.
    const mail = await smtp.waitFor(t.demo.email, { subject: /Webhook endpoint disabled/ });
    expect(mail.text).toContain(r.url);
    expect(await webhooks.emit(t.demo.project_id, 'user.created', { user: { id: 'u2' } })).toBe(0);

    // Enabled again, a success clears the failure run.
    await webhooks.endpoints.update(t.demo.project_id, e.id, { enabled: true });
    r.status = 204;
    await webhooks.emit(t.demo.project_id, 'user.created', { user: { id: 'u3' } });
    await webhooks.deliverDue();
    expect((await webhooks.endpoints.get(t.demo.project_id, e.id)).failing_since).toBeNull();
    expect((await delivery()).status).toBe('delivered');

    // The log keeps finished deliveries for settings.keepLogMs, then drops them.
    at += webhooks.settings.keepLogMs + 1;
    expect(await webhooks.pruneLog()).toBe(2);
    expect(await webhooks.deliveries.list(t.demo.project_id, e.id, {})).toEqual([]);
  });
});

describe('restart mid-delivery', () => {
  let dir: string;
  let r: Receiver;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'parley-webhooks-'));
    r = await startReceiver();
  });
  afterAll(async () => {
    await r.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sends a delivery cut short by closing the app again after the restart, with the same webhook-id', async () => {
    const config = testConfig(dir, { allowPrivateFetch: true });
    const first = await buildApp(config);
    const { credentials } = await seedDemo(first.ctx);
    const projectId = credentials!.project_id;
    const e = await first.ctx.services.webhooks.endpoints.create(projectId, { url: r.url });
    r.hold = true;
    await first.ctx.services.webhooks.emit(projectId, 'user.created', { user: { id: 'u1' } });
    await vi.waitFor(() => expect(r.received).toHaveLength(1), { timeout: 5000 });
    await first.close(); // the receiver never answered

    r.hold = false;
    const second = await buildApp(config);
    try {
      await vi.waitFor(() => expect(r.received).toHaveLength(2), { timeout: 5000 });
      expect(r.received[1].headers['webhook-id']).toBe(r.received[0].headers['webhook-id']);
      expect(r.received[1].body).toBe(r.received[0].body);
      expect(new Webhook(e.secret).verify(r.received[1].body, r.received[1].headers)).toMatchObject({ type: 'user.created' });
      await second.ctx.services.webhooks.deliverDue();
      const [d] = await second.ctx.services.webhooks.deliveries.list(projectId, e.id, {});
      expect(d).toMatchObject({ status: 'delivered', attempts: [{ status: 200 }] });
    } finally {
      await second.close();
    }
  });
});
