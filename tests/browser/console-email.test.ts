// The console's E-mail page and the Team page's invite in real Chromium, with a real SMTP server on
// 127.0.0.1: the invite says its link was e-mailed (and the e-mail arrives), a test message shows in
// the outbox as sent, a refused one as failed with the server's answer. axe-clean, nothing
// overflowing at 1280×800 and 390×844, no CSP violation; screenshots.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Config } from '../../server/config.js';
import { watchPage } from './harness.js';
import { axeViolations } from './axe.js';
import { consoleHarness, layoutProblems, navTo, shot, signIn } from './console-harness.js';
import { startTestSmtp, type TestSmtp } from '../../server/domains/mail/testing/smtp-server.fixture.js';

const overrides: Partial<Config> = {};
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  overrides.mail = { smtpUrl: smtp.url, from: 'Parley <parley@example.test>', retryDelaysMs: [] };
});
afterAll(() => smtp?.close());
const h = consoleHarness(overrides);

const open = async (page: Page, link: string) => {
  await navTo(page, link);
  await page.getByRole('heading', { name: link, level: 1 }).waitFor();
};

describe('team console: e-mail', () => {
  it('e-mails an invite link and says so; the outbox shows a sent test and a refused message', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const watch = await watchPage(page);
    await signIn(page, h);
    await open(page, 'Team');
    await page.getByLabel('E-mail of the new member').fill('mira@example.test');
    await page.getByLabel('Single-use invite link').check();
    await page.getByRole('button', { name: 'Invite' }).click();
    await page.getByText('The invite link was e-mailed to mira@example.test').waitFor();
    const link = await page.getByTestId('invite-link').innerText();
    const mail = await smtp.waitFor('mira@example.test');
    expect(mail.text).toContain(link);

    smtp.refuse = (to) => (to.startsWith('refused') ? { code: 550, message: 'No such mailbox here' } : null);
    await h.t.app.ctx.services.mail.enqueue({ kind: 'test', organization_id: h.t.demo.organization_id, to: 'refused@example.test', subject: 'x', text: 'x' });
    await open(page, 'E-mail');
    await page.getByRole('button', { name: 'Send a test e-mail to me' }).click();
    await page.getByRole('status').getByText('is queued').waitFor();
    await smtp.waitFor(h.t.demo.email);
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        return page.locator('tr[data-status="sent"]', { hasText: h.t.demo.email }).count();
      })
      .toBeGreaterThan(0);
    await page.locator('tr[data-status="failed"]', { hasText: 'refused@example.test' }).getByText('No such mailbox here').waitFor();
    await page.locator('tr', { hasText: 'mira@example.test' }).getByText('Invite').waitFor();

    // Under a visitor's left address, the conversation says their replies are e-mailed.
    const { services } = h.t.app.ctx;
    const user = await services.users.create(h.t.demo.project_id, {});
    const record = await services.conversations.create({ projectId: h.t.demo.project_id, userId: user.id, firstMessage: { role: 'user', content: 'Anyone there?' } });
    await services.conversations.append(h.t.demo.project_id, record.id, { role: 'assistant', type: 'note', content: 'Thank you. We will reply to v@example.test.', labels: ['contact_saved'] });
    await page.goto(`${h.base}/app/p/${h.t.demo.project_id}/c/${record.id}`);
    await page.getByTestId('contact-mail').getByText('e-mailed to this address').waitFor();
    expect(await watch.violations()).toEqual([]);
    smtp.refuse = null;
    await context.close();
  });

  for (const [name, viewport] of [
    ['1280', { width: 1280, height: 800 }],
    ['390', { width: 390, height: 844 }],
  ] as const) {
    it(`axe finds no violations and nothing overflows on the E-mail page (${name})`, async () => {
      const context = await h.browser.newContext({ viewport, bypassCSP: true });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await signIn(page, h);
      await open(page, 'E-mail');
      await page.getByRole('heading', { name: 'Outbox' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, `email-${name}`);
      await context.close();
    });
  }
});
