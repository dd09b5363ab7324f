// Two instances on one PostgreSQL database both find a billing period ended (page views and their
// background ticks at the same moment; docs/billing.md "Invoices and e-mails"): the period is
// invoiced once and the billing contact gets one invoice e-mail and one usage notice, from a real
// SMTP server's point of view.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { startPostgres, type TestPostgres } from '../store/postgres/testing/pg-server.js';
import { startTwoApps, type TwoApps } from './testing/two-apps.js';
import { startTestSmtp, type TestSmtp } from '../domains/mail/testing/smtp-server.fixture.js';

let pg: TestPostgres;
let smtp: TestSmtp;
let two: TwoApps;
const CONTACT = 'two-instances@customer.test';
const at = (iso: string) => {
  clock.now = () => Date.parse(iso);
};

beforeAll(async () => {
  pg = await startPostgres();
  smtp = await startTestSmtp();
  two = await startTwoApps(await pg.createDatabase(), { mail: { smtpUrl: smtp.url, from: 'Parley <parley@example.test>' } });
}, 120_000);
afterAll(async () => {
  clock.now = () => Date.now();
  await two?.close();
  await smtp?.close();
  await pg?.stop();
});

async function sent(subject: RegExp) {
  await Promise.all([two.a.ctx.services.mail.drain(), two.b.ctx.services.mail.drain()]);
  await vi.waitFor(() => expect(smtp.received.some((m) => subject.test(m.subject ?? ''))).toBe(true), { timeout: 20_000, interval: 50 });
  // A little longer: a double would arrive right after.
  await new Promise((r) => setTimeout(r, 1000));
  await Promise.all([two.a.ctx.services.mail.drain(), two.b.ctx.services.mail.drain()]);
  return smtp.received.filter((m) => subject.test(m.subject ?? ''));
}

describe('billing on two instances', () => {
  it('invoices a closed period once, e-mails it once and sends a usage notice once', async () => {
    const org = two.demo.organization_id;
    const [a, b] = [two.a.ctx.services.billing, two.b.ctx.services.billing];
    at('2026-03-01T00:00:00Z');
    await a.setContract(org, {
      start_date: '2026-03-01T00:00:00Z',
      line_items: [{ category: 'chat_messages', volume: 2, rate: 10, overage_rate: 20 }],
      billing_contacts: [CONTACT],
    });
    at('2026-03-10T10:00:00Z');
    const { conversations } = two.a.ctx.services;
    const c = await conversations.create({ projectId: two.demo.project_id, userId: newId(), channelType: 'website' });
    for (let i = 0; i < 3; i++) await conversations.append(two.demo.project_id, c.id, { role: 'assistant', content: `reply ${i}` });

    at('2026-03-11T00:00:00Z');
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    expect(await sent(/Chat Messages at 100 %/)).toHaveLength(1);

    at('2026-04-01T00:00:05Z');
    await Promise.all([a.sync(org), b.sync(org), a.view(org), b.view(org), a.tick(), b.tick()]);
    expect((await b.listInvoices(org)).map((i) => i.period_start)).toEqual(['2026-03-01T00:00:00.000Z']);
    expect(await sent(/: invoice /)).toHaveLength(1);
  });
});
