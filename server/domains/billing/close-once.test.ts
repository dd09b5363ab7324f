// Two billing services over one store, as two instances over one database (docs/billing.md
// "Invoices and e-mails"): when both see a period end at the same moment (reads and background
// ticks racing), the period is invoiced once and its billing contact gets one e-mail; the same for
// a usage notice. Real app, real store, a real SMTP server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { startTestSmtp, type TestSmtp } from '../mail/testing/smtp-server.fixture.js';
import { clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { createBillingService, type BillingService } from './service.js';

let t: TestApp;
let smtp: TestSmtp;
let first: BillingService;
let second: BillingService;
const CONTACT = 'close-once@customer.test';
const at = (iso: string) => {
  clock.now = () => Date.parse(iso);
};

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ mail: { smtpUrl: smtp.url, from: 'Parley <parley@example.test>' } });
  first = t.app.ctx.services.billing;
  second = createBillingService(t.app.ctx, () => t.app.ctx.services);
  at('2026-03-01T00:00:00Z');
  await first.setContract(t.demo.organization_id, {
    start_date: '2026-03-01T00:00:00Z',
    line_items: [{ category: 'chat_messages', volume: 4, rate: 10, overage_rate: 20 }],
    billing_contacts: [CONTACT],
  });
});
afterAll(async () => {
  clock.now = () => Date.now();
  await t?.close();
  await smtp?.close();
});

async function replies(n: number, day: string) {
  const { conversations } = t.app.ctx.services;
  at(`${day}T10:00:00Z`);
  const c = await conversations.create({ projectId: t.demo.project_id, userId: newId(), channelType: 'website' });
  for (let i = 0; i < n; i++) await conversations.append(t.demo.project_id, c.id, { role: 'assistant', content: `reply ${i}` });
}

/** Everything both "instances" do when they find work due: reads, page views and background ticks. */
const race = (org: string) =>
  Promise.all([first.sync(org), second.sync(org), first.view(org), second.view(org), first.tick(), second.tick(), second.sync(org), first.tick()]);

async function mailsTo(subject: RegExp) {
  await t.app.ctx.services.mail.drain();
  await smtp.waitFor(CONTACT, { subject });
  // A little longer: a second copy would be queued right behind the first.
  await new Promise((r) => setTimeout(r, 300));
  await t.app.ctx.services.mail.drain();
  return smtp.received.filter((m) => subject.test(m.subject ?? ''));
}

describe('two services racing over one store', () => {
  it('invoice a closed period once and send one e-mail', async () => {
    const org = t.demo.organization_id;
    await replies(2, '2026-03-10');
    at('2026-04-01T00:00:05Z');
    await race(org);
    const invoices = await first.listInvoices(org);
    expect(invoices.map((i) => i.period_start)).toEqual(['2026-03-01T00:00:00.000Z']);
    expect(await mailsTo(/: invoice /)).toHaveLength(1);
  });

  it('send a usage notice once', async () => {
    const org = t.demo.organization_id;
    await replies(5, '2026-04-03');
    at('2026-04-04T00:00:00Z');
    await Promise.all([first.tick(), second.tick(), first.tick(), second.tick()]);
    expect(await mailsTo(/Chat Messages at 100 %/)).toHaveLength(1);
    expect(smtp.received.filter((m) => /Chat Messages at 80 %/.test(m.subject ?? ''))).toHaveLength(0);
  });
});
