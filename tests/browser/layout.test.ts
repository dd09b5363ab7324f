// The launcher panel on a phone and on a desktop in real Chromium, with an answer that holds a long
// code line, a long URL, citation markers and sources: the panel stays inside the screen (also on a
// host page wider than the phone), the close and send buttons stay reachable, code scrolls inside its
// block, each [n] marker links to the page of source n, and the rating waits for the conversation's
// end (here: the visitor closes the panel after the answers). Screenshots land in
// $PARLEY_SCREENSHOTS when set, for a person to look at.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { inShadow, startHostScenario, type HostScenario } from './host-site.js';
import { sendMessage } from './harness.js';

let s: HostScenario;

const LONG_CODE = `const parleyIdentity = (secret, user) => Object.fromEntries(['email', 'phone', 'external_id'].filter((f) => user[f]).map((f) => [f, user[f]]));`;
const LONG_URL = 'https://docs.example.com/parley/widget/configuration/verified-visitors/signing-identities-on-your-own-backend-server?ref=chat';

beforeAll(async () => {
  s = await startHostScenario((path, t, base) => {
    // A page wider than a phone (a fixed-width layout, as many sites still have).
    const wide = path.startsWith('/wide') ? '<div style="width:1400px;height:40px;background:#eee">wide content</div>' : '';
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Shop</title></head>
<body><main><h1>Shop</h1>${wide}</main>
<script async src="${base}/widget/loader.js" data-frame-id="${t.demo.frame_id}" data-base-url="${base}"></script></body></html>`;
  });
});
afterAll(async () => {
  await s?.close();
});

/** Opens the launcher, asks a question, then adds an answer with code, a long URL, citations and sources. */
async function panelWithAnswer(path: string, viewport: { width: number; height: number }, mobile: boolean) {
  const context = await s.browser.newContext({ viewport, isMobile: mobile, hasTouch: mobile, deviceScaleFactor: 1 });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto(`${s.host.origin}${path}`);
  const frameId = s.t.demo.frame_id;
  const w = inShadow(page, frameId);
  await w.locator('button.launcher').click();
  await w.locator('section.panel').waitFor();
  const question = `How do I sign identities? (${path} ${viewport.width})`;
  await sendMessage(page, frameId, question);
  const conv = (await s.t.app.ctx.services.conversations.list(s.t.demo.project_id)).find((c) => c.messages.some((m) => m.content === question))!;
  const docs = `${s.base}/docs/docs/identity.md`;
  await s.t.app.ctx.services.conversations.append(s.t.demo.project_id, conv.id, {
    role: 'assistant',
    content: `Sign the visitor on your server [1]:\n\n\`\`\`\n${LONG_CODE}\n\`\`\`\n\nThe full guide is at ${LONG_URL} and the README covers the embed tag [1, 2].`,
    sources: [
      { source_id: 'src-identity', title: 'Verified identity (spec 2.4)', url: docs },
      { source_id: 'src-readme', title: 'Parley README', url: `${s.base}/docs/README.md` },
    ],
  });
  const answer = w.locator('li.msg-assistant[data-id]', { hasText: 'Sign the visitor' });
  await answer.waitFor();
  return { context, page, w, answer, docs };
}

async function box(page: Page, locator: ReturnType<Page['locator']>) {
  const b = (await locator.boundingBox())!;
  const vw = await page.evaluate(() => window.visualViewport?.width ?? window.innerWidth);
  return { ...b, right: b.x + b.width, vw };
}

async function shoot(page: Page, name: string) {
  if (process.env.PARLEY_SCREENSHOTS) await page.screenshot({ path: join(process.env.PARLEY_SCREENSHOTS, `${name}.png`) });
}

describe('panel layout', () => {
  for (const [name, path] of [['phone', '/'], ['phone on a wide page', '/wide']] as const) {
    it(`fits a 390 px ${name}: panel, close and send buttons inside the screen after a long answer`, async () => {
      const { context, page, w, answer } = await panelWithAnswer(path, { width: 390, height: 844 }, true);
      const panel = await box(page, w.locator('section.panel'));
      expect(panel.vw).toBe(390);
      expect(panel.x).toBeGreaterThanOrEqual(0);
      expect(panel.width).toBeLessThanOrEqual(390);
      expect(panel.right).toBeLessThanOrEqual(390);
      // Every header control (the menu and close buttons) and the send button.
      const controls = [...(await w.locator('.hd button').all()), w.locator('button.send')];
      for (const control of controls) {
        const b = await box(page, control);
        expect(b.x).toBeGreaterThanOrEqual(0);
        expect(b.right).toBeLessThanOrEqual(390);
      }
      // The code block scrolls inside the bubble; the bubble stays inside the panel.
      const pre = answer.locator('pre');
      const scroll = await pre.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, overflowX: getComputedStyle(el).overflowX }));
      expect(scroll.overflowX).toBe('auto');
      expect(scroll.scrollWidth).toBeGreaterThan(scroll.clientWidth);
      expect((await box(page, answer.locator('.bubble'))).right).toBeLessThanOrEqual(panel.right);
      expect((await box(page, answer.locator('a', { hasText: 'docs.example.com' }))).right).toBeLessThanOrEqual(panel.right);
      await shoot(page, `panel-390${path === '/wide' ? '-wide' : ''}`);
      await context.close();
    });
  }

  it('links each [n] marker to the page of source n, numbered like the source list, on a desktop', async () => {
    const { context, page, w, answer, docs } = await panelWithAnswer('/', { width: 1280, height: 800 }, false);
    const cites = answer.locator('.bubble a.cite');
    await expect.poll(() => cites.allTextContents()).toEqual(['1', '1', '2']);
    expect(await cites.nth(0).getAttribute('href')).toBe(docs);
    expect(await cites.nth(2).getAttribute('href')).toBe(`${s.base}/docs/README.md`);
    expect(await cites.nth(0).getAttribute('aria-label')).toBe('Source 1: Verified identity (spec 2.4)');
    expect(await cites.nth(0).getAttribute('rel')).toBe('noopener noreferrer');
    expect(await answer.locator('.bubble').textContent()).toContain('[1, 2]');
    await expect.poll(() => answer.locator('.sources ol > li').allTextContents()).toEqual(['Verified identity (spec 2.4)', 'Parley README']);
    // The marker opens the rendered page a person reads, titled like the source.
    const [opened] = await Promise.all([context.waitForEvent('page'), cites.nth(0).click()]);
    await opened.waitForLoadState();
    expect(await opened.title()).toBe('Verified identity (spec 2.4)');
    expect(await opened.locator('main h1').count()).toBe(1);
    const panel = await box(page, w.locator('section.panel'));
    expect(panel.right).toBeLessThanOrEqual(1280);
    await shoot(page, 'panel-desktop');

    // No rating bar under a conversation still going on; closing the panel after the answers ends
    // it, and the rating waits for the visitor when they come back.
    expect(await w.locator('.rating').count()).toBe(0);
    await w.locator('.hd').getByRole('button', { name: 'Close chat' }).click();
    await w.locator('section.panel').waitFor({ state: 'detached' });
    await w.locator('button.launcher').click();
    await w.getByRole('radiogroup').waitFor();
    expect(await w.locator('button.star').count()).toBe(5);
    await context.close();
  });
});
