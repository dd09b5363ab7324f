// Billing over the real app (spec 2.12, 3.2, 8.1): a seeded month of conversations of every kind,
// its usage, projected bill and closed invoice checked against amounts worked out by hand, the
// invoice read back from its PDF, the e-mails through a real SMTP server, and the owner's changes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { loginAs, type TeamLogin } from '../../http/auth/team-session.fixture.js';
import { startTestSmtp, type TestSmtp } from '../mail/testing/smtp-server.fixture.js';
import { clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';

let t: TestApp;
let smtp: TestSmtp;
let owner: TeamLogin;
let member: TeamLogin;
const at = (iso: string) => {
  clock.now = () => Date.parse(iso);
};

/*
 * Contract from 1 March 2026, monthly, EUR:
 *   chat       10 committed at 0.20 each (2.00), overage 0.50 per 3 started
 *   ticketing   4 committed at 0.60 each (2.40), overage 1.00 each
 *   projects    1 committed at 10.00,            overage 8.00 each
 * Seeded 1–10 March: chat 12 widget replies + 2 simulation replies on a ticketing channel = 14,
 * ticketing 5, spam 5 (not billed), plus visitor, operator and handover-note messages (not billed);
 * 2 projects.
 * Invoice for March: chat 2.00 + ceil(4/3)=2 × 0.50 = 3.00; ticketing 2.40 + 1 × 1.00 = 3.40;
 * projects 10.00 + 8.00 = 18.00; total 24.40 EUR.
 * Projection on 11 March (10 of 31 days): chat 14/10×31 = 43.4 → 43, 33 over → 11 units = 5.50 + 2.00
 * = 7.50; ticketing 15.5 → 16, 12 over = 12.00 + 2.40 = 14.40; projects 18.00; total 39.90 EUR.
 */
async function seed() {
  const { conversations, projects } = t.app.ctx.services;
  const projectId = t.demo.project_id;
  const say = async (id: string, role: 'user' | 'assistant' | 'operator', day: number, type: 'message' | 'handover' = 'message') => {
    at(`2026-03-${String(day).padStart(2, '0')}T10:00:00Z`);
    await conversations.append(projectId, id, { role, content: `${role} on day ${day}`, type });
  };
  at('2026-03-02T09:00:00Z');
  const widget = await conversations.create({ projectId, userId: newId(), channelType: 'website' });
  const ticket = await conversations.create({ projectId, userId: newId(), channelType: 'ticketing_zendesk' });
  const spam = await conversations.create({ projectId, userId: newId(), channelType: 'website' });
  const sim = await conversations.create({ projectId, userId: newId(), channelType: 'ticketing_zendesk', simulation: { target: 'draft', context: {} } });
  for (let i = 0; i < 12; i++) {
    await say(widget.id, 'user', 2 + (i % 8));
    await say(widget.id, 'assistant', 2 + (i % 8));
  }
  await say(widget.id, 'operator', 9);
  await say(widget.id, 'assistant', 9, 'handover');
  for (let i = 0; i < 5; i++) await say(ticket.id, 'assistant', 3 + i);
  for (let i = 0; i < 5; i++) await say(spam.id, 'assistant', 4);
  await conversations.patch(projectId, spam.id, { spam: true });
  for (let i = 0; i < 2; i++) await say(sim.id, 'assistant', 10);
  // A reply after the month must not count in March.
  at('2026-04-01T00:00:01Z');
  const later = await conversations.create({ projectId, userId: newId(), channelType: 'website' });
  await conversations.append(projectId, later.id, { role: 'assistant', content: 'April' });
  at('2026-03-02T09:00:00Z');
  await projects.createProject({ organizationId: t.demo.organization_id, name: 'Second' });
}

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ mail: { smtpUrl: smtp.url, from: 'Parley <parley@example.test>' } });
  owner = await loginAs(t, 'owner');
  member = await loginAs(t, 'member');
  const projects = await t.app.ctx.services.projects.listProjects(t.demo.organization_id);
  expect(projects).toHaveLength(1);
  await seed();
  at('2026-03-01T00:00:00Z');
  await t.app.ctx.services.billing.setContract(t.demo.organization_id, {
    start_date: '2026-03-01T00:00:00Z',
    line_items: [
      { category: 'chat_messages', volume: 10, rate: 20, unit: 1, overage_rate: 50, overage_unit: 3 },
      { category: 'ticketing_messages', volume: 4, rate: 60, unit: 1, overage_rate: 100, overage_unit: 1 },
      { category: 'projects', volume: 1, rate: 1000, unit: 1, overage_rate: 800, overage_unit: 1 },
    ],
    billing_contacts: ['billing@customer.test'],
  });
});
afterAll(async () => {
  clock.now = () => Date.now();
  await t?.close();
  await smtp?.close();
});

const get = (url: string, who: TeamLogin = owner) => t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
const patch = (payload: unknown, who: TeamLogin = owner) =>
  t.app.inject({ method: 'PATCH', url: '/v1/org/subscription', headers: { ...who.headers, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
const byCategory = (lines: { category: string }[]) => Object.fromEntries(lines.map((l) => [l.category, l]));

describe('the current period', () => {
  it('counts AI replies only, never spam, simulations at the Chat rate, and projects the bill', async () => {
    at('2026-03-11T00:00:00Z');
    const res = await get('/v1/org/subscription', member);
    expect(res.statusCode, res.body).toBe(200);
    const { subscription, current } = res.json();
    expect(subscription).toMatchObject({ status: 'trial', testphase_end: '2026-03-31T00:00:00.000Z', next_renewal: '2026-04-01T00:00:00.000Z', currency: 'EUR' });
    const lines = byCategory(current.lines);
    expect(lines.chat_messages).toMatchObject({ used: 14, overage: 4, overage_units: 2, total: 300 });
    expect(lines.ticketing_messages).toMatchObject({ used: 5, overage: 1, total: 340 });
    expect(lines.projects).toMatchObject({ used: 2, total: 1800 });
    expect(current.total).toBe(2440);
    const projected = byCategory(current.projected.lines);
    expect(projected.chat_messages).toMatchObject({ used: 43, overage_units: 11, total: 750 });
    expect(projected.ticketing_messages).toMatchObject({ used: 16, total: 1440 });
    expect(current.projected.total).toBe(3990);
    expect(current.daily).toHaveLength(31);
    expect(current.daily.reduce((n: number, d: { messages: number }) => n + d.messages, 0)).toBe(19);
  });

  it('e-mails the billing contact once when usage passes 100 % of the committed volume', async () => {
    at('2026-03-11T00:00:00Z');
    await t.app.ctx.services.billing.tick();
    await t.app.ctx.services.billing.tick();
    await t.app.ctx.services.mail.drain();
    const mail = await smtp.waitFor('billing@customer.test', { subject: /Chat Messages at 100 %/ });
    expect(mail.text).toContain('used 14 of the 10 Chat Messages');
    expect(smtp.received.filter((m) => /Chat Messages at/.test(m.subject ?? ''))).toHaveLength(1);
  });

  it('exports the period’s usage as CSV', async () => {
    const res = await get('/v1/org/subscription/usage.csv');
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const rows = res.body.trim().split('\r\n');
    expect(rows[0]).toBe('date,chat_messages,ticketing_messages,generated_messages');
    expect(rows).toHaveLength(32);
  });
});

describe('a closed period', () => {
  it('is invoiced with the hand-computed amounts and e-mailed', async () => {
    at('2026-04-01T00:00:05Z');
    const list = await get('/v1/org/invoices');
    expect(list.statusCode, list.body).toBe(200);
    const [invoice] = list.json().data;
    expect(invoice).toMatchObject({ period_start: '2026-03-01T00:00:00.000Z', period_end: '2026-04-01T00:00:00.000Z', total: 2440, currency: 'EUR' });
    // A second look does not invoice the period again.
    expect((await get('/v1/org/invoices')).json().data).toHaveLength(1);
    await t.app.ctx.services.mail.drain();
    const mail = await smtp.waitFor('billing@customer.test', { subject: /invoice/ });
    expect(mail.subject).toContain('24.40 EUR');
    const csv = await get(`/v1/org/invoices/${invoice.id}/csv`);
    expect(csv.body).toContain('chat_messages,10,14,4,2,200,100,300,false');
    expect(csv.body.trim().split('\r\n').at(-1)).toMatch(/,total,,,,,,,2440,$/);
  });

  it('renders the invoice as a PDF with the right totals', async () => {
    const [invoice] = (await get('/v1/org/invoices')).json().data;
    const res = await get(`/v1/org/invoices/${invoice.id}/pdf`, member);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(join(tmpdir(), 'parley-invoice-'));
    const file = join(dir, 'invoice.pdf');
    writeFileSync(file, res.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(`Invoice ${invoice.number}`);
    expect(text).toContain('Total: 24.40 EUR');
    expect(text).toMatch(/Chat Messages\s+10\s+14\s+4 \(2 u\.\)\s+2\.00 EUR\s+1\.00 EUR/);
    expect(text).toMatch(/Projects\s+1\s+2\s+1 \(1 u\.\)\s+10\.00 EUR\s+8\.00 EUR/);
    execFileSync('pdftoppm', ['-png', '-r', '50', file, join(dir, 'page')]);
    expect(readdirSync(dir).filter((f) => f.endsWith('.png'))).toHaveLength(1);
  });

  it('an unknown invoice is 404; a malformed id 400', async () => {
    expect((await get('/v1/org/invoices/inv-20200101/pdf')).json().error).toBe('not_found');
    expect((await get('/v1/org/invoices/nope/pdf')).statusCode).toBe(400);
  });
});

describe('what the owner changes', () => {
  it('members may not; the owner cancels after the window (runs to term end) and resumes', async () => {
    at('2026-04-02T00:00:00Z');
    expect((await patch({ action: 'cancel' }, member)).statusCode).toBe(403);
    const res = await patch({ action: 'cancel' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subscription).toMatchObject({ status: 'cancelled', ends_at: '2027-03-01T00:00:00.000Z' });
    expect((await patch({ action: 'cancel' })).json().error).toBe('invalid_transition');
    expect((await patch({ action: 'resume' })).json().subscription).toMatchObject({ status: 'active', ends_at: null });
  });

  it('sets billing contacts and a payment method reference; card data is refused', async () => {
    const res = await patch({ billing_contacts: ['Finance@Customer.test'], payment_method: { provider: 'stripe', reference: 'pm_1Abc', label: 'Visa ending 4242' } });
    expect(res.json().subscription).toMatchObject({ billing_contacts: ['finance@customer.test'], payment_method: { provider: 'stripe', reference: 'pm_1Abc' } });
    const card = await patch({ payment_method: { provider: 'stripe', reference: '4242 4242 4242 4242' } });
    expect(card.statusCode).toBe(400);
    const digits = await patch({ payment_method: { provider: 'stripe', reference: '4242424242424242' } });
    expect(digits.json().error).toBe('invalid_request');
    expect((await patch({ plan: 'free' })).statusCode).toBe(400);
  });

  it('an organization without a contract gets no_subscription', async () => {
    const other = await t.app.ctx.services.org.createOrganization({ name: 'Other', plan: 'standard' });
    const someone = await loginAs(t, 'owner', { organizationId: other.id });
    const res = await get('/v1/org/subscription', someone);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('no_subscription');
  });
});
