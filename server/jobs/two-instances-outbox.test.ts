// Two instances on one PostgreSQL database both run a webhook deliverer, a mail sender and the
// recurring exports over the same collections (docs/architecture.md section 7): each delivery
// reaches a real HTTP receiver once and each e-mail a real SMTP server once, although both
// instances see every one of them due.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clock } from '../lib/clock.js';
import { startPostgres, type TestPostgres } from '../store/postgres/testing/pg-server.js';
import { startTwoApps, type TwoApps } from './testing/two-apps.js';
import { startReceiver, type Receiver } from '../domains/webhooks/receiver.fixture.js';
import { startTestSmtp, type TestSmtp } from '../domains/mail/testing/smtp-server.fixture.js';

let pg: TestPostgres;
let receiver: Receiver;
let smtp: TestSmtp;
let two: TwoApps;
beforeAll(async () => {
  pg = await startPostgres();
  receiver = await startReceiver();
  smtp = await startTestSmtp();
  // Each instance looks for unfinished export jobs every lease: every second here.
  two = await startTwoApps(await pg.createDatabase(), { mail: { smtpUrl: smtp.url, from: 'Parley <parley@example.test>' }, jobLeaseMs: 1000 });
}, 120_000);
afterEach(() => {
  clock.now = () => Date.now();
});
afterAll(async () => {
  await two?.close();
  await receiver?.close();
  await smtp?.close();
  await pg?.stop();
});

describe('outboxes on two instances', () => {
  it('sends each webhook delivery once', async () => {
    const project = two.demo.project_id;
    await two.a.ctx.services.webhooks.endpoints.create(project, { url: receiver.url });
    const events = 40;
    // Half the events stored through each instance: each wakes its own deliverer at once, and both
    // deliverers' polls see every delivery due.
    await Promise.all(
      Array.from({ length: events }, (_, i) => (i % 2 ? two.b : two.a).ctx.services.webhooks.emit(project, 'conversation.created', { conversation: { id: `c${i}` } })),
    );
    await Promise.all([two.a.ctx.services.webhooks.deliverDue(), two.b.ctx.services.webhooks.deliverDue()]);
    await vi.waitFor(() => expect(receiver.received.length).toBeGreaterThanOrEqual(events), { timeout: 20_000, interval: 50 });
    // A little longer: a double would arrive right after.
    await new Promise((r) => setTimeout(r, 1500));
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(events);
    expect(new Set(ids).size).toBe(events);
  });

  it('sends each e-mail once', async () => {
    const org = two.demo.organization_id;
    const count = 20;
    await Promise.all(
      Array.from({ length: count }, (_, i) =>
        (i % 2 ? two.b : two.a).ctx.services.mail.enqueue({ kind: 'test', organization_id: org, to: `once-${i}@example.test`, subject: `Once ${i}`, text: 'Hello' }),
      ),
    );
    await Promise.all([two.a.ctx.services.mail.drain(), two.b.ctx.services.mail.drain()]);
    await vi.waitFor(() => expect(smtp.received.length).toBeGreaterThanOrEqual(count), { timeout: 20_000, interval: 50 });
    await new Promise((r) => setTimeout(r, 1500));
    const subjects = smtp.received.map((m) => m.subject);
    expect(subjects).toHaveLength(count);
    expect(new Set(subjects).size).toBe(count);
  });

  it('sends a due recurring export once', async () => {
    const project = two.demo.project_id;
    await two.a.ctx.services.exports.schedules.create(project, { frequency: 'daily', entity: 'users', format: 'csv', destination: 'email', to: 'reports@example.test' });
    const start = Date.now();
    clock.now = () => start + 86_400_000 + 1000;
    await Promise.all([two.a.ctx.services.exports.schedules.runDue(), two.b.ctx.services.exports.schedules.runDue()]);
    await Promise.all([two.a.ctx.services.mail.drain(), two.b.ctx.services.mail.drain()]);
    await vi.waitFor(() => expect(smtp.received.some((m) => m.subject?.includes('daily export'))).toBe(true), { timeout: 20_000, interval: 50 });
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.received.filter((m) => m.subject?.includes('daily export'))).toHaveLength(1);
  });

  it('runs a full export once when both instances look for unfinished jobs at once', async () => {
    const project = two.demo.project_id;
    const job = await two.a.ctx.services.exports.full.request(project, { label: 'Ops', email: 'full@example.test' });
    // Both instances find the job unfinished (as after a restart, or while the other runs it).
    const [fa, fb] = [two.a.ctx.services.exports.full, two.b.ctx.services.exports.full];
    await Promise.all([fa.resume(), fb.resume()]);
    await vi.waitFor(async () => expect((await fb.get(project, job.id)).status).toBe('ready'), { timeout: 30_000, interval: 100 });
    await Promise.all([fa.idle(), fb.idle()]);
    await Promise.all([two.a.ctx.services.mail.drain(), two.b.ctx.services.mail.drain()]);
    await vi.waitFor(() => expect(smtp.received.some((m) => JSON.stringify(m.to).includes('full@example.test'))).toBe(true), { timeout: 20_000, interval: 50 });
    await new Promise((r) => setTimeout(r, 1500));
    // A second run would have e-mailed the requester a second link.
    expect(smtp.received.filter((m) => JSON.stringify(m.to).includes('full@example.test'))).toHaveLength(1);
  });
});
