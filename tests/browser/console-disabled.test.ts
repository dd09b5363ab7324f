// Every disabled button of the console says why ("disabled buttons give no reason"): on
// each page, as it first shows and with a form left empty, a button that cannot be used has a
// description (components/ReasonButton.tsx shows it beside the button) or a title.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { watchPage } from './harness.js';
import { consoleHarness, signIn } from './console-harness.js';

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
    const nav = page.getByRole('navigation', { name: 'Console' });
    const silent: string[] = [];
    for (const name of PAGES) {
      await nav.getByRole('link', { name, exact: true }).click();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      silent.push(...(await silentDisabled(page)).map((b) => `${name}: ${b}`));
    }
    // The channel editor: "Add language" with no tag typed says what to type.
    await nav.getByRole('link', { name: 'Channels', exact: true }).click();
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
});
