// The Visitor panel of a widget conversation in real Chromium (docs/operators.md "Visitor"): a
// visitor on a phone (its User-Agent and languages as the browser sends them) asks on the launcher
// page; the operator sees the page as a link, the device in a few words and the locales, and when the
// visitor's single-page app navigates, the panel follows live over the team feed. Screenshots at
// desktop and 390 px land in dist/screenshots/console.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMessage, startHarness, watchPage, widget, type Harness } from './harness.js';
import { ensureConsoleBuilt, layoutProblems, shot, signIn } from './console-harness.js';
import { axeViolations } from './axe.js';

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
let h: Harness;

beforeAll(async () => {
  ensureConsoleBuilt();
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('console: the visitor panel', () => {
  it('shows the page as a link, the device and the locales, and follows the visitor live', { timeout: 90_000 }, async () => {
    const phone = await h.browser.newContext({ userAgent: PHONE, locale: 'de-DE', viewport: { width: 412, height: 900 } });
    const visitor = await phone.newPage();
    visitor.setDefaultTimeout(20_000);
    await visitor.goto(`${h.site}/examples/launcher.html`);
    const w = widget(visitor, h.frameIds[0]);
    await w.locator('button.launcher').click();
    await w.locator('section.panel').waitFor();
    await sendMessage(visitor, h.frameIds[0], 'Wie binde ich das Widget ein?');
    await w.locator('li.msg-assistant[data-id]').first().waitFor();
    const asked = (await h.t.app.ctx.services.conversations.list(h.t.demo.project_id)).find((c) => c.messages.some((m) => m.content === 'Wie binde ich das Widget ein?'))!;

    // Where the visitor is now: each round below moves them on.
    let now = { title: 'Launcher mode', href: `${h.site}/examples/launcher.html` };
    for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
      const ops = await h.browser.newContext({ viewport });
      const console_ = await ops.newPage();
      console_.setDefaultTimeout(20_000);
      const watch = await watchPage(console_);
      await signIn(console_, h);
      await console_.locator(`li[data-conversation-id="${asked.id}"] a.row-link`).click();
      // On a phone the details are a pane of their own, behind the Details button.
      if (viewport.width === 390) await console_.getByRole('button', { name: 'Details' }).click();
      const panel = console_.getByRole('region', { name: 'Visitor' });
      const page = panel.getByRole('link', { name: now.title });
      await page.waitFor();
      expect(await page.getAttribute('href')).toBe(now.href);
      expect(await page.getAttribute('rel')).toBe('noopener noreferrer');
      await panel.getByText('Chrome 131 on Android, mobile').waitFor();
      expect(await panel.locator('div', { has: console_.getByText('Locale', { exact: true }) }).locator('dd').textContent()).toMatch(/^de-DE/);
      // Words, not raw values: the channel type and who answered.
      expect(await panel.locator('div', { has: console_.getByText('Channel', { exact: true }) }).locator('dd').textContent()).toBe('Website widget');
      await console_.getByText('Answered by: AI only').waitFor();
      expect(await console_.locator('main').innerText()).not.toMatch(/website_widget|AI involvement/);
      await shot(console_, viewport.width === 390 ? 'visitor-390' : 'visitor-desktop');

      // The visitor's app navigates (history.pushState): the panel shows the new page without a reload.
      const step = `checkout-${viewport.width}`;
      await visitor.evaluate((s) => {
        document.title = `Checkout ${s}`;
        history.pushState({}, '', `/examples/${s}`); // the widget drops query strings, so a path
      }, step);
      const moved = panel.getByRole('link', { name: `Checkout ${step}` });
      await moved.waitFor();
      now = { title: `Checkout ${step}`, href: `${h.site}/examples/${step}` };
      expect(await moved.getAttribute('href')).toBe(now.href);
      expect(await watch.violations()).toEqual([]);
      await ops.close();
    }
    await phone.close();

    // axe-core is injected as a script, which the console's CSP rightly refuses: this context bypasses it.
    const audit = await h.browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    const page = await audit.newPage();
    page.setDefaultTimeout(20_000);
    await signIn(page, h);
    await page.locator(`li[data-conversation-id="${asked.id}"] a.row-link`).click();
    await page.getByRole('button', { name: 'Details' }).click();
    await page.getByRole('region', { name: 'Visitor' }).getByText('Chrome 131 on Android, mobile').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await layoutProblems(page)).toEqual([]);
    await audit.close();
  });
});
