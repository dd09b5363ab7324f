// The console's Organization page in real Chromium: an admin sets the time zone and a retention
// period and reads the dry-run count of what the next daily run deletes, then erases a user on
// request and sees the audit line (ids and counts only). axe-clean and nothing overflowing at
// 1280×800 and 390×844.
import { describe, expect, it } from 'vitest';
import { watchPage } from './harness.js';
import { axeViolations } from './axe.js';
import { apiCall, consoleHarness, layoutProblems, navTo, seedConversation, shot, signIn } from './console-harness.js';

const h = consoleHarness();

describe('console: organization settings', () => {
  it('saves settings, shows the retention dry run, erases a user with an audit line', { timeout: 120_000 }, async () => {
    for (const [name, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['390', { width: 390, height: 844 }],
    ] as const) {
      const user = await apiCall<{ id: string }>(h, 'POST', '/users', { email: `erase-${name}@example.test` });
      await seedConversation(h, user.id, 'Please forget me');
      const context = await h.browser.newContext({ viewport, bypassCSP: true });
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      const watch = await watchPage(page);
      await signIn(page, h);
      await navTo(page, 'Organization');
      await page.getByRole('heading', { name: 'Organization', level: 1 }).waitFor();
      await page.getByLabel('Time zone').fill('Europe/Berlin');
      await page.getByLabel(/Delete conversations and files after/).fill('365');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Settings saved.').waitFor();
      await page.getByTestId('retention-preview').filter({ hasText: /The next daily run deletes 0 conversations/ }).waitFor();

      page.once('dialog', (d) => void d.accept());
      await page.getByLabel('User id').fill(user.id);
      await page.getByRole('button', { name: 'Erase user' }).click();
      await page.getByText('User erased: 1 conversation and 1 message deleted.').waitFor();
      await page.getByTestId('erasure-log').getByText(user.id).waitFor();
      expect(await page.getByTestId('erasure-log').innerText()).not.toContain(`erase-${name}@example.test`);

      expect(await axeViolations(page)).toEqual([]);
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, `organization-${name}`);
      expect(await watch.violations()).toEqual([]);
      await context.close();
    }
  });
});
