// Single-page apps in real Chromium: the widget hears the router's pushState,
// replaceState and back/forward (popstate), and sends one debounced page.update per navigation with
// the URL without its query string and the settled title; the server keeps it for audiences.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../../server/testing/test-app.js';
import { visitorPageFor } from '../../server/domains/widget/visitors.js';
import { hostPage, inShadow, startHostScenario, type HostScenario } from './host-site.js';

let t: TestApp;
let browser: Browser;
let host: HostScenario['host'];
let scenario: HostScenario;

beforeAll(async () => {
  // An SPA's server: every path serves the same document; the "router" is history.pushState.
  scenario = await startHostScenario((_path, app, server) => hostPage(server, app.demo.frame_id, { mode: 'launcher', title: 'Shop' }));
  ({ t, host, browser } = scenario);
});
afterAll(() => scenario?.close());

interface Sent {
  type: string;
  page?: { url: string; title?: string };
}

/** Every frame the widget sends over its WebSocket, parsed. */
function recordFrames(page: Page): Sent[] {
  const sent: Sent[] = [];
  page.on('websocket', (ws) => ws.on('framesent', (f) => sent.push(JSON.parse(String(f.payload)) as Sent)));
  return sent;
}

const navigate = (page: Page, fn: () => void) => page.evaluate(fn);

describe('single-page app navigation', () => {
  it('sends one page.update per navigation, without the query string, with the new title', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const sent = recordFrames(page);
    await page.goto(`${host.origin}/start?session=secret-token#top`);
    const w = inShadow(page, t.demo.frame_id);
    await w.locator('button.launcher').click();
    await w.locator('textarea.input').fill('Hello from the start page');
    await w.locator('textarea.input').press('Enter');
    const ack = await w.locator('li.msg-user[data-id]').first().getAttribute('data-id');
    expect(ack).toBeTruthy();
    // The first hello already carries the page without its query or fragment.
    expect(sent.find((f) => f.type === 'session.hello')!.page).toEqual({ url: `${host.origin}/start`, title: 'Shop' });

    const updates = () => sent.filter((f) => f.type === 'page.update').map((f) => f.page);
    // A router burst: push, then a redirect-like replace and the title set after render.
    await navigate(page, () => {
      history.pushState({}, '', '/products?id=42');
      history.replaceState({}, '', '/products/42?utm_source=mail&email=a@b.c');
      document.title = 'Product 42';
    });
    await expect.poll(updates).toEqual([{ url: `${host.origin}/products/42`, title: 'Product 42' }]);

    // The server keeps the latest page on the visitor's session, for audiences (spec 2.8).
    const conversationId = (await t.app.ctx.services.conversations.list(t.demo.project_id)).at(-1)!.id;
    await expect.poll(async () => (await visitorPageFor(t.app.ctx, t.demo.project_id, conversationId))?.url).toBe(`${host.origin}/products/42`);

    // Another navigation, then back (popstate): one update each, in order.
    await navigate(page, () => {
      history.pushState({}, '', '/cart');
      document.title = 'Cart';
    });
    await expect.poll(() => updates().length).toBe(2);
    await page.goBack();
    await expect.poll(() => updates().length).toBe(3);
    // A query-only change names the same page and adds nothing (navigation.test.ts checks it alone).
    await navigate(page, () => history.replaceState({}, '', '/products/42?tab=reviews'));
    await navigate(page, () => {
      history.pushState({}, '', '/checkout');
      document.title = 'Checkout';
    });
    await expect.poll(() => updates().length).toBe(4);
    // popstate does not restore titles, so the page back at /products/42 still says "Cart".
    expect(updates()).toEqual([
      { url: `${host.origin}/products/42`, title: 'Product 42' },
      { url: `${host.origin}/cart`, title: 'Cart' },
      { url: `${host.origin}/products/42`, title: 'Cart' },
      { url: `${host.origin}/checkout`, title: 'Checkout' },
    ]);
    await expect.poll(async () => (await visitorPageFor(t.app.ctx, t.demo.project_id, conversationId))?.url).toBe(`${host.origin}/checkout`);
    await context.close();
  });

  it('leaves page reporting to the site once it calls Parley("update", { page })', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const sent = recordFrames(page);
    await page.goto(`${host.origin}/home`);
    const w = inShadow(page, t.demo.frame_id);
    await w.locator('button.launcher').click();
    await w.locator('section.panel').waitFor();
    await page.evaluate(() => (window as unknown as { Parley(...a: unknown[]): void }).Parley('update', { page: { url: 'https://shop.example/custom', title: 'Custom' } }));
    await navigate(page, () => history.pushState({}, '', '/elsewhere'));
    await navigate(page, () => (window as unknown as { Parley(...a: unknown[]): void }).Parley('update', { page: { url: 'https://shop.example/second', title: 'Second' } }));
    await expect.poll(() => sent.filter((f) => f.type === 'page.update').map((f) => f.page!.url)).toEqual(['https://shop.example/custom', 'https://shop.example/second']);
    await context.close();
  });
});
