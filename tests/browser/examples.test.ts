// The example pages as a visitor meets them: every page at /examples/ is listed,
// and on each embed page (launcher, inline, iframe, strict CSP) a question about Parley gets a CITED
// answer from the demo knowledge base — the sources (title and link) render under the answer — with
// zero CSP violations. Opened from another site name (localhost) than BASE_URL (127.0.0.1).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { startHarness, watchPage, widget, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Where the widget lives on each page: in the host document, or inside the CHAT_URL frame. */
const PAGES: { name: string; locate(page: Page, frameId: string): Locator; open?(w: Locator): Promise<void> }[] = [
  { name: 'launcher.html', locate: (page, id) => widget(page, id), open: (w) => w.locator('button.launcher').click() },
  { name: 'inline.html', locate: (page, id) => widget(page, id) },
  {
    name: 'iframe.html',
    locate: (page, id) => (page.frameLocator('iframe.chat-frame') as FrameLocator).locator(`parley-widget[data-frame-id="${id}"]`),
  },
  { name: 'strict-csp.html', locate: (page, id) => widget(page, id), open: (w) => w.locator('button.launcher').click() },
];

describe('example pages', () => {
  it('are all listed at /examples/', async () => {
    const context = await h.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${h.base}/examples/`);
    const links = await page.locator('ul.examples a').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    for (const name of ['launcher.html', 'inline.html', 'iframe.html', 'strict-csp.html', 'two-widgets.html']) expect(links).toContain(`/examples/${name}`);
    await context.close();
  });

  for (const p of PAGES) {
    it(`${p.name}: the visitor gets a cited answer from the demo knowledge base, with no CSP violation`, async () => {
      const context = await h.browser.newContext();
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const watch = await watchPage(page, /\/examples\/example\.css/);
      await page.goto(`${h.site}/examples/${p.name}`);
      const [frameId] = h.frameIds;
      const w = p.locate(page, frameId);
      await p.open?.(w);
      await w.locator('section.panel').waitFor();
      await w.locator('textarea.input').fill('How do I embed the widget on my website?');
      await w.locator('textarea.input').press('Enter');

      // The stored answer (not the streamed draft) carries its sources under it.
      const answer = w.locator('li.msg-assistant[data-id]').first();
      await answer.waitFor();
      const sources = answer.locator('.sources li');
      await sources.first().waitFor();
      const titles = (await sources.allTextContents()).map((t) => t.trim());
      expect(titles.length).toBeGreaterThan(0);
      expect(titles.every((t) => t.length > 0)).toBe(true);
      // Cited from the demo FAQ: the embed snippet's question is among the titles.
      expect(titles.join(' | ')).toMatch(/embed/i);
      // The answer text itself comes from the knowledge base, not a canned reply.
      expect(await answer.locator('.bubble').textContent()).toMatch(/loader|script/i);
      // Every source with a URL is a safe link that opens in a new tab.
      const links = answer.locator('.sources a');
      for (let i = 0; i < (await links.count()); i++) {
        expect(await links.nth(i).getAttribute('href')).toMatch(/^https?:\/\//);
        expect(await links.nth(i).getAttribute('rel')).toBe('noopener noreferrer');
      }
      expect(await links.count()).toBeGreaterThan(0);
      // …and the cited pages are real: the FAQ entry on embedding links to the examples on this server.
      expect(await answer.locator('.sources a', { hasText: /embed/i }).first().getAttribute('href')).toBe(`${h.base}/examples/`);
      for (const href of await links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))) {
        expect((await fetch(href)).status, href).toBe(200);
      }
      expect(await watch.violations()).toEqual([]);
      await context.close();
    });
  }
});
