// The business-hours editor on the console's Organization page in real Chromium: an admin switches
// hours on (weekdays 09:00–17:00 to start from), changes a closing time, adds an overlapping interval
// and reads the server's refusal, removes it, adds Saturday morning and an away message, saves, and
// finds it all again after a reload; off again means always open. axe-clean and nothing
// overflowing at 1280×800 and 390×844. And Analytics shows the organization's calendar days.
import { describe, expect, it } from 'vitest';
import { watchPage } from './harness.js';
import { axeViolations } from './axe.js';
import { consoleHarness, layoutProblems, navTo, shot, signIn } from './console-harness.js';

const h = consoleHarness();

const orgSettings = async () => (await h.t.app.ctx.services.org.getOrganization(h.t.demo.organization_id))?.settings;

describe('console: business hours', () => {
  it('edits the weekly hours and the away message, refuses an overlap, turns them off', { timeout: 120_000 }, async () => {
    for (const [name, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['390', { width: 390, height: 844 }],
    ] as const) {
      const context = await h.browser.newContext({ viewport, bypassCSP: true });
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      const watch = await watchPage(page);
      await signIn(page, h);
      await navTo(page, 'Organization');
      await page.getByRole('heading', { name: 'Organization', level: 1 }).waitFor();

      await page.getByLabel('Limit handover to business hours').check();
      const hours = page.getByTestId('business-hours');
      expect(await hours.getByLabel('Monday opens').inputValue()).toBe('09:00');
      expect(await hours.locator('[data-day="sunday"]').innerText()).toContain('Closed');
      await hours.getByLabel('Monday closes').fill('17:30');
      await hours.getByRole('button', { name: 'Add hours on Monday' }).click();
      await hours.getByLabel('Monday opens (2)').fill('12:00');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByRole('alert').filter({ hasText: 'Business hours on monday: overlaps 09:00–17:30' }).waitFor();

      await hours.getByRole('button', { name: 'Remove Monday 12:00–17:00' }).click();
      await hours.getByRole('button', { name: 'Add hours on Saturday' }).click();
      await hours.getByLabel('Saturday closes').fill('12:00');
      await page.getByLabel(/Message outside business hours/).fill('We are out of the office.');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Settings saved.').waitFor();
      expect((await orgSettings())?.business_hours).toEqual({
        week: {
          monday: [{ open: '09:00', close: '17:30' }],
          tuesday: [{ open: '09:00', close: '17:00' }],
          wednesday: [{ open: '09:00', close: '17:00' }],
          thursday: [{ open: '09:00', close: '17:00' }],
          friday: [{ open: '09:00', close: '17:00' }],
          saturday: [{ open: '09:00', close: '12:00' }],
        },
        away_message: 'We are out of the office.',
      });

      await page.reload();
      await page.getByRole('heading', { name: 'Organization', level: 1 }).waitFor();
      expect(await page.getByLabel('Saturday closes').inputValue()).toBe('12:00');
      expect(await page.getByLabel(/Message outside business hours/).inputValue()).toBe('We are out of the office.');
      expect(await axeViolations(page)).toEqual([]);
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, `organization-hours-${name}`);

      await page.getByLabel('Limit handover to business hours').uncheck();
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Settings saved.').waitFor();
      expect((await orgSettings())?.business_hours).toBeNull();
      expect(await watch.violations()).toEqual([]);
      await context.close();
    }
  });

  it('Analytics counts the organization’s calendar days and names the zone', { timeout: 60_000 }, async () => {
    const pid = h.t.demo.project_id;
    await h.t.app.ctx.services.org.updateOrganization(h.t.demo.organization_id, { settings: { default_language: 'en', timezone: 'Asia/Tokyo', retention_days: null } });
    // 20:00 UTC two days ago is already the next day in Tokyo (UTC+9, no daylight saving).
    const day = 86_400_000;
    const at = new Date(Math.floor(Date.now() / day) * day - 2 * day + 20 * 3_600_000);
    const user = (await h.t.app.inject({ method: 'POST', url: `/v1/projects/${pid}/users`, headers: { authorization: `Bearer ${h.t.demo.api_key}` }, payload: { email: 'tokyo@tz.test' } })).json();
    const created = (await h.t.app.inject({ method: 'POST', url: `/v1/projects/${pid}/conversations`, headers: { authorization: `Bearer ${h.t.demo.api_key}` }, payload: { user_id: user.id, message: 'Late in London' } })).json();
    const stored = await h.t.app.ctx.services.conversations.require(pid, created.id);
    await h.t.app.ctx.store.collection('conversations').put(pid, { ...stored, created_at: at.toISOString(), messages: stored.messages.map((m) => ({ ...m, created_at: at.toISOString() })) });
    const tokyoDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

    const context = await h.browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const asked = page.waitForRequest((r) => r.url().includes('/metrics?') && r.url().includes('tz=Asia%2FTokyo'));
    await signIn(page, h);
    await navTo(page, 'Analytics');
    await asked;
    const table = page.locator('details.chart-table').first();
    await table.locator('summary').click();
    await table.getByRole('columnheader', { name: 'Day (Asia/Tokyo)' }).waitFor();
    const row = table.getByRole('row').filter({ hasText: tokyoDay });
    expect(await row.innerText()).toMatch(/\b1\b/);
    await page.getByLabel('Custom').check();
    await page.getByLabel('First day (Asia/Tokyo)').waitFor();
    await context.close();
    await h.t.app.ctx.services.org.updateOrganization(h.t.demo.organization_id, { settings: { default_language: 'en', timezone: 'UTC', retention_days: null } });
  });
});
