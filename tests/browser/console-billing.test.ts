// The console's Billing page in real Chromium (docs/billing.md): this period's usage against the
// committed volume, the projected bill, the daily chart, past invoices with a PDF that downloads,
// the owner's cancel and resume, the payment reference (card numbers refused); axe-clean and
// nothing overflowing at 1280×800 and 390×844.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe.js';
import { consoleHarness, layoutProblems, navTo, shot, signIn } from './console-harness.js';
import { newId } from '../../server/lib/ids.js';

const h = consoleHarness();

beforeAll(async () => {
  const { services } = h.t.app.ctx;
  const start = new Date(Date.now() - 70 * 86_400_000);
  await services.billing.setContract(h.t.demo.organization_id, {
    start_date: start.toISOString(),
    line_items: [
      { category: 'chat_messages', volume: 100, rate: 5, overage_rate: 8 },
      { category: 'ticketing_messages', volume: 20, rate: 25, overage_rate: 40 },
      { category: 'projects', volume: 1, rate: 2000, overage_rate: 2000 },
    ],
  });
  const c = await services.conversations.create({ projectId: h.t.demo.project_id, userId: newId(), channelType: 'website', firstMessage: { role: 'user', content: 'Hi' } });
  for (let i = 0; i < 3; i++) await services.conversations.append(h.t.demo.project_id, c.id, { role: 'assistant', content: `Reply ${i}` });
});

async function open(page: Page) {
  await signIn(page, h);
  await navTo(page, 'Billing');
  await page.getByRole('heading', { name: 'Billing', level: 1 }).waitFor();
  await page.getByTestId('usage').waitFor();
}

describe('team console: billing', () => {
  it('shows usage, the projected bill and invoices; the owner cancels, resumes and records a payment reference', async () => {
    const expected = await h.t.app.ctx.services.billing.view(h.t.demo.organization_id);
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await open(page);
    const chat = expected.current!.lines.find((l) => l.category === 'chat_messages')!;
    expect(chat.used).toBeGreaterThanOrEqual(3);
    await page.getByTestId('usage').getByRole('row', { name: /Chat Messages/ }).getByRole('cell', { name: String(chat.used), exact: true }).waitFor();
    const cur = expected.current!;
    expect(await page.getByTestId('projected-total').innerText()).toBe(`${(cur.projected.total / 100).toFixed(2)} EUR`);
    await page.getByRole('img', { name: /Billed messages, per day/ }).waitFor();
    // Started 70 days ago, monthly: two periods have closed and are invoiced.
    const invoices = page.getByTestId('invoices').getByRole('listitem');
    expect(await invoices.count()).toBe(2);
    const href = await invoices.first().getByRole('link', { name: /^PDF/ }).getAttribute('href');
    const pdf = await page.request.get(new URL(href!, page.url()).href);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    await page.getByRole('button', { name: 'Cancel at the end of the contract term' }).click();
    await page.getByTestId('sub-status').getByText('Cancelled').waitFor();
    await page.getByRole('button', { name: 'Keep the subscription' }).click();
    await page.getByTestId('sub-status').getByText('Active', { exact: true }).waitFor();

    await page.getByLabel('Payment provider').fill('stripe');
    await page.getByLabel('Provider reference (never a card number)').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Save reference' }).click();
    await page.getByRole('alert').waitFor();
    await page.getByLabel('Provider reference (never a card number)').fill('pm_1Abc');
    await page.getByRole('button', { name: 'Save reference' }).click();
    await page.getByTestId('payment-method').getByText('stripe pm_1Abc').waitFor();
    await context.close();
  });

  for (const [name, viewport] of [
    ['1280', { width: 1280, height: 800 }],
    ['390', { width: 390, height: 844 }],
  ] as const) {
    it(`axe finds no violations and nothing overflows (${name})`, async () => {
      const context = await h.browser.newContext({ viewport, bypassCSP: true });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await open(page);
      expect(await axeViolations(page)).toEqual([]);
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, `billing-${name}`);
      await context.close();
    }, 60_000);
  }
});
