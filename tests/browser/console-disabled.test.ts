// Every disabled button of the console says why ("disabled buttons give no reason"): on
// each page, as it first shows and with a form left empty, a button that cannot be used has a
// description (components/ReasonButton.tsx shows it beside the button) or a title. In the inbox
// too: the batch bar with nothing chosen, and an open conversation's reply box and snooze form.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { watchPage } from './harness.js';
import { consoleHarness, navTo, seedConversation, signIn } from './console-harness.js';

const h = consoleHarness();

/** Visible disabled buttons with neither a description nor a title: their text. */
function silentDisabled(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLButtonElement>('button:disabled')]
      .filter((b) => b.getClientRects().length > 0)
      .filter((b) => {
        const ids = (b.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
        const described = ids.map((id) => document.getElementById(id)?.textContent?.trim() ?? '').join('');
        return !described && !b.title;
      })
      .map((b) => b.getAttribute('aria-label') || b.textContent?.trim() || b.outerHTML.slice(0, 80)),
  );
}

const PAGES = ['Channels', 'API keys', 'Projects', 'Deployments', 'Simulations', 'Behaviour', 'Triggers', 'Audiences', 'Knowledge', 'Actions', 'Team', 'Account'];

describe('team console: disabled buttons', () => {
  it('say why they cannot be used, on every page', { timeout: 120_000 }, async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const watch = await watchPage(page);
    await signIn(page, h);
    const silent: string[] = [];
    for (const name of PAGES) {
      await navTo(page, name);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      silent.push(...(await silentDisabled(page)).map((b) => `${name}: ${b}`));
    }
    // The channel editor: "Add language" with no tag typed says what to type.
    await navTo(page, 'Channels');
    await page.locator('.channel-list a').first().click();
    await page.getByRole('button', { name: 'Add language' }).waitFor();
    silent.push(...(await silentDisabled(page)).map((b) => `channel editor: ${b}`));
    expect(silent).toEqual([]);
    const add = page.getByRole('button', { name: 'Add language' });
    expect(await add.isDisabled()).toBe(true);
    const reason = await add.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${reason}"]`).textContent()).toBe('Type a language tag first.');
    await page.getByLabel(/Add a language/).fill('de');
    expect(await add.isDisabled()).toBe(false);
    expect(await add.getAttribute('aria-describedby')).toBeNull();
    expect(await watch.violations()).toEqual([]);
    await context.close();
  });

  it('say why they cannot be used in the inbox and an open conversation', { timeout: 120_000 }, async () => {
    const { id } = await seedConversation(h, 'visitor-disabled', 'Where is my order?');
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const watch = await watchPage(page);
    await signIn(page, h);
    const row = page.locator(`li[data-conversation-id="${id}"]`);
    await row.waitFor();
    const silent = (await silentDisabled(page)).map((b) => `inbox: ${b}`);
    // Selected: the batch bar's Apply labels, with no label chosen.
    await row.locator('.row-select').check();
    const apply = page.getByRole('button', { name: 'Apply labels' });
    await apply.waitFor();
    expect(await apply.isDisabled()).toBe(true);
    silent.push(...(await silentDisabled(page)).map((b) => `batch bar: ${b}`));
    await row.locator('.row-select').uncheck();
    // The open conversation: Send with nothing typed, Snooze with no time chosen.
    await row.locator('.row-link').click();
    const send = page.getByRole('button', { name: 'Send reply' });
    await send.waitFor();
    expect(await send.isDisabled()).toBe(true);
    await page.getByRole('form', { name: 'Snooze' }).getByRole('combobox').selectOption('custom');
    expect(await page.getByRole('form', { name: 'Snooze' }).getByRole('button', { name: 'Snooze' }).isDisabled()).toBe(true);
    silent.push(...(await silentDisabled(page)).map((b) => `conversation: ${b}`));
    expect(silent).toEqual([]);
    const reason = await send.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${reason}"]`).textContent()).toBe('Type a reply first.');
    await page.getByRole('radio', { name: 'Internal note' }).check();
    const note = page.getByRole('button', { name: 'Add note' });
    expect(await page.locator(`[id="${await note.getAttribute('aria-describedby')}"]`).textContent()).toBe('Type a note first.');
    await page.getByRole('textbox', { name: /Internal note/ }).fill('Checked the order.');
    expect(await note.isDisabled()).toBe(false);
    expect(await note.getAttribute('aria-describedby')).toBeNull();
    expect(await watch.violations()).toEqual([]);
    await context.close();
  });
});
