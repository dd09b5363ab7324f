// "Forgot password?" in real Chromium, with a real SMTP server on 127.0.0.1: from the sign-in page
// to the e-mailed link, a new password that signs the member in and ends their other session, and
// the same link refused a second time. axe-clean, no CSP violation or page error, nothing
// overflowing at 1280×800 and 390×844; screenshots.
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import type { Config } from '../../server/config.js';
import { watchPage } from './harness.js';
import { axeViolations } from './axe.js';
import { consoleHarness, layoutProblems, shot, signIn } from './console-harness.js';
import { linkIn, startTestSmtp, type TestSmtp } from '../../server/domains/mail/testing/smtp-server.fixture.js';

// The mail server starts first: the harness reads these overrides when it starts.
const overrides: Partial<Config> = {};
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  overrides.mail = { smtpUrl: smtp.url, from: 'Parley <parley@example.test>' };
});
afterAll(() => smtp?.close());
const h = consoleHarness(overrides);

describe('team console: forgot password', () => {
  for (const [name, viewport] of [
    ['1280', { width: 1280, height: 800 }],
    ['390', { width: 390, height: 844 }],
  ] as const) {
    it(`resets a forgotten password through the e-mailed link, once (${name})`, async () => {
      const email = `forgetful-${name}@example.test`;
      await h.t.app.ctx.services.org.createMember({ organizationId: h.t.demo.organization_id, email, name: `Forgetful ${name}`, password: 'the old password', role: 'operator' });

      // A session elsewhere, signed in with the old password: it ends with the reset.
      const elsewhere = await h.browser.newContext({ viewport });
      const old = await elsewhere.newPage();
      old.setDefaultTimeout(15_000);
      await signIn(old, h, email, 'the old password');

      // axe is injected as a script, so this context bypasses CSP; the CSP is checked below without.
      const context = await h.browser.newContext({ viewport, bypassCSP: true });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await page.goto(`${h.base}/app`);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, `forgot-password-${name}`);
      const after = smtp.received.length;
      await page.getByLabel('E-mail').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByRole('status').getByText('is on its way').waitFor();
      expect(await axeViolations(page)).toEqual([]);

      const mail = await smtp.waitFor(email, { after });
      const link = linkIn(mail, `${h.base}/app/reset-password#`);
      await page.goto(link);
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, `reset-password-${name}`);
      await page.getByLabel('New password (at least 8 characters)').fill('the new password');
      await page.getByLabel('New password again').fill('the new password');
      await page.getByRole('button', { name: 'Set password and sign in' }).click();
      await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();

      await old.reload();
      await old.getByRole('button', { name: 'Sign in' }).waitFor();

      // The link worked once.
      const again = await (await h.browser.newContext({ viewport })).newPage();
      again.setDefaultTimeout(15_000);
      await again.goto(link);
      await again.getByLabel('New password (at least 8 characters)').fill('a third password');
      await again.getByLabel('New password again').fill('a third password');
      await again.getByRole('button', { name: 'Set password and sign in' }).click();
      await again.getByRole('alert').getByText('already used').waitFor();
      await again.context().close();
      await elsewhere.close();
      await context.close();
    });
  }

  it('the forgot-password and reset pages run under the console CSP without a violation or page error', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const watch = await watchPage(page);
    await page.goto(`${h.base}/app`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('E-mail').fill('someone@example.test');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').getByText('is on its way').waitFor();
    await page.goto(`${h.base}/app/reset-password#${h.t.demo.organization_id}.nobody.madeupsecret`);
    await page.getByLabel('New password (at least 8 characters)').fill('whatever it is');
    await page.getByLabel('New password again').fill('whatever it is');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.getByRole('alert').getByText('not valid').waitFor();
    expect(await watch.violations()).toEqual([]);
    await context.close();
  });
});
