// The console's Channels pages in real Chromium (spec 2.10, 8.2): create a widget channel, change
// its name, welcome message (default and per language) and colour with the live preview (the real
// widget in the channel's frame page) following, the same defaults in the preview, the API and the widget,
// add origins (a malformed one explained), check "would my page be allowed?", copy the snippet,
// rotate the identity secret (shown once), delete with confirmation. axe-clean, no CSP violation,
// keyboard reachable, nothing overflowing at 390 px; screenshots in dist/screenshots/console.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { watchPage } from './harness.js';
import { axeViolations } from './axe.js';
import { consoleHarness, layoutProblems, shot, signIn, navTo } from './console-harness.js';

const h = consoleHarness();

async function openChannels(page: Page) {
  await signIn(page, h);
  await navTo(page, 'Channels');
  await page.getByRole('heading', { name: 'Channels', level: 1 }).waitFor();
}

describe('team console: widget channels', () => {
  it('creates and edits a channel: preview, origins, origin check, snippet, secret, delete', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.base });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const watch = await watchPage(page);
    await openChannels(page);

    await page.getByLabel('Channel name').fill('Shop widget');
    await page.getByRole('button', { name: 'Create channel' }).click();
    await page.getByRole('heading', { name: 'Shop widget', level: 1 }).waitFor();

    // The preview is the real widget, the channel's own frame page. Before any edit
    // it shows the defaults visitors get: no welcome message, the default colour, the widget's own
    // placeholder; the API reports the same colour.
    const preview = page.frameLocator('iframe.preview-frame').locator('parley-widget');
    const accent = () => preview.locator('.hd').evaluate((el) => getComputedStyle(el).backgroundColor);
    const title = preview.locator('.hd-title');
    await title.waitFor();
    expect(await accent()).toBe('rgb(55, 88, 249)');
    expect(await preview.locator('textarea.input').getAttribute('placeholder')).toBe('Write a message…');
    expect(await preview.locator('li.msg-assistant').count()).toBe(0);
    const created = (await h.t.app.ctx.services.projects.listChannels(h.t.demo.project_id)).find((c) => c.name === 'Shop widget')!;
    const api = await page.evaluate(async (url) => (await fetch(url)).json(), `/v1/projects/${h.t.demo.project_id}/channels/${created.id}`);
    expect(api).toMatchObject({ greeting: null, theme: { color: '#3758f9' } });

    // It follows every keystroke, before saving.
    await page.getByLabel('Name in the widget header').fill('Acme help');
    await page.getByLabel('Welcome message', { exact: true }).fill('Hello from Acme!');
    await preview.locator('li.msg-assistant', { hasText: 'Hello from Acme!' }).waitFor();
    await expect.poll(() => title.innerText()).toBe('Acme help');
    await page.getByLabel('Accent colour').fill('#aa3300');
    await expect.poll(accent).toBe('rgb(170, 51, 0)');
    await page.getByLabel('Position').selectOption('left');
    await page.getByLabel(/Add a language/).fill('de');
    await page.getByRole('button', { name: 'Add language' }).click();
    await page.getByLabel('Welcome message (de)').fill('Hallo von Acme!');
    await preview.locator('li.msg-assistant', { hasText: 'Hallo von Acme!' }).waitFor();
    // The widget speaks the language being edited: its own texts follow.
    await expect.poll(() => preview.locator('textarea.input').getAttribute('placeholder')).toBe('Nachricht schreiben…');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved: widgets use it from their next page load.').waitFor();
    const channel = (await h.t.app.ctx.services.projects.listChannels(h.t.demo.project_id)).find((c) => c.name === 'Acme help')!;
    expect(channel).toMatchObject({ greeting: 'Hello from Acme!', theme: { color: '#aa3300', position: 'left' }, texts: { de: { greeting: 'Hallo von Acme!' } } });

    // A visitor of the same frame page now gets what the preview showed (in the browser's English).
    const visitor = await context.newPage();
    await visitor.goto(`${h.base}/frame/${channel.frame_id}`);
    const live = visitor.locator('parley-widget');
    await live.locator('li.msg-assistant', { hasText: 'Hello from Acme!' }).waitFor();
    expect(await live.locator('.hd-title').innerText()).toBe('Acme help');
    expect(await live.locator('.hd').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(170, 51, 0)');
    await visitor.close();

    // Origins: a malformed entry is explained; a good one is listed normalised.
    await page.getByLabel('Origin to allow').fill('shop.example.com');
    await page.getByRole('button', { name: 'Add origin' }).click();
    // The explanation sits under the field it is about, on screen, and the field says so (it was under the page-check field, off-screen).
    const entryError = page.getByRole('alert').filter({ hasText: 'write https://shop.example.com' });
    await entryError.waitFor();
    expect(await page.getByLabel('Origin to allow').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Origin to allow').getAttribute('aria-describedby')).toBe(await entryError.getAttribute('id'));
    expect(await page.evaluate(() => document.activeElement?.getAttribute('placeholder'))).toBe('https://shop.example.com');
    const input = (await page.getByLabel('Origin to allow').boundingBox())!;
    const below = (await entryError.boundingBox())!;
    expect(below.y - (input.y + input.height)).toBeGreaterThanOrEqual(0);
    expect(below.y - (input.y + input.height)).toBeLessThan(24);
    await expect.poll(() => entryError.evaluate((el) => el.getBoundingClientRect().bottom <= innerHeight + 1)).toBe(true); // + 1: subpixel layout
    await page.getByLabel('Origin to allow').fill('https://*.Example.com');
    await page.getByRole('button', { name: 'Add origin' }).click();
    await page.locator('.origin-list code', { hasText: 'https://*.example.com' }).waitFor();
    await page.getByLabel(/Would my page be allowed/).fill('https://example.com/help');
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await page.getByText('covers its subdomains but not the bare domain').waitFor();
    // The answer follows the list: adding the bare domain turns it to allowed, removing it back.
    await page.getByLabel('Origin to allow').fill('https://example.com');
    await page.getByRole('button', { name: 'Add origin' }).click();
    await page.locator('[data-allowed="true"]').waitFor();
    await page.getByRole('button', { name: 'Remove https://example.com' }).click();
    await page.getByText('covers its subdomains but not the bare domain').waitFor();
    await page.getByLabel(/Would my page be allowed/).fill('https://shop.example.com/help');
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await page.locator('[data-allowed="true"]').getByText('allowed by https://*.example.com').waitFor();
    await shot(page, 'channel-editor-desktop');

    // Snippet per mode, copied to the clipboard.
    await page.getByRole('button', { name: 'Copy snippet' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`data-frame-id="${channel.frame_id}"`);
    await page.getByRole('radio', { name: /Iframe/ }).check();
    expect(await page.getByLabel('Embed snippet (iframe)').inputValue()).toContain(`/frame/${channel.frame_id}`);
    expect(await page.getByLabel(/Content-Security-Policy for your pages/).inputValue()).toContain('frame-src');

    // The identity secret is shown once; the stored one matches.
    await page.getByRole('button', { name: 'Create identity secret' }).click();
    const secret = await page.locator('.secret-value').innerText();
    expect(secret).toBe((await h.t.app.ctx.services.projects.listChannels(h.t.demo.project_id)).find((c) => c.id === channel.id)!.identity_secret);

    // Keyboard: the save button is reachable by Tab from the name field.
    await page.getByLabel('Name in the widget header').focus();
    let reached = false;
    for (let i = 0; i < 40 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.textContent === 'Save changes');
    }
    expect(reached).toBe(true);

    await page.getByRole('link', { name: '← All channels' }).click();
    await page.getByRole('button', { name: 'Delete Acme help' }).click();
    await page.getByRole('dialog', { name: 'Delete Acme help?' }).getByRole('button', { name: 'Delete channel' }).click();
    await page.getByRole('link', { name: 'Acme help' }).waitFor({ state: 'detached' });
    expect(await watch.violations()).toEqual([]);
    await context.close();
  });

  for (const [name, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['390', { width: 390, height: 844 }],
  ] as const) {
    it(`axe finds no violations and nothing overflows (${name}): channel list and editor`, async () => {
      const context = await h.browser.newContext({ viewport, bypassCSP: true });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await openChannels(page);
      await page.locator('.channel-list a').first().waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, `channels-${name}`);
      await page.locator('.channel-list a').first().click();
      await page.getByRole('figure', { name: 'Widget preview' }).waitFor();
      await page.frameLocator('iframe.preview-frame').locator('parley-widget .hd-title').waitFor();
      await page.getByLabel('Embed snippet (launcher)').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, `channel-editor-${name}`);
      await context.close();
    });
  }
});
