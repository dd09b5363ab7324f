// The loader in real Chromium: it paints the launcher itself with no app code, loads
// the Preact app chunk on intent or when the browser is idle, and its JS API (update with page context
// and attributes, on/off, destroy) reaches the app and the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { startHarness, sendMessage, widget, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

type Win = { Parley: (...a: unknown[]) => void; __events: string[] };

/** Counts requests for the app chunk; `hold` keeps them pending until released. */
async function watchAppChunk(page: Page, hold: boolean) {
  const held: Route[] = [];
  let requests = 0;
  await page.route(/\/widget\/app-[\w-]+\.js$/, (route) => {
    requests += 1;
    if (hold) held.push(route);
    else void route.continue();
  });
  return {
    requests: () => requests,
    release: () => Promise.all(held.splice(0).map((r) => r.continue())),
  };
}

describe('loader', () => {
  it('paints the launcher without the app, and loads the app only on intent when the page is never idle', async () => {
    const context = await h.browser.newContext();
    const page = await context.newPage();
    // A page that is never idle: requestIdleCallback never fires (the 5 s timeout would, so stub it).
    await page.addInitScript(() => {
      (window as unknown as { requestIdleCallback: () => number }).requestIdleCallback = () => 0;
    });
    const app = await watchAppChunk(page, true);
    await page.goto(`${h.site}/examples/launcher.html`);
    const w = widget(page, h.frameIds[0]);
    const button = w.locator('button.launcher');
    await button.waitFor();
    expect(await button.getAttribute('aria-label')).toBe('Open chat');
    expect(await button.isVisible()).toBe(true);
    // Painted by the loader alone: its own stylesheet (fixed in the corner), no app chunk yet.
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeGreaterThan(1280 - 120);
    expect(box.y + box.height).toBeGreaterThan(720 - 120);
    expect(app.requests()).toBe(0);

    await button.hover(); // intent
    await expect.poll(() => app.requests()).toBe(1);
    await app.release();
    await button.click();
    await w.locator('section.panel').waitFor();
    expect(app.requests()).toBe(1);
    await context.close();
  });

  it('loads the app when the browser is idle, before any intent', async () => {
    const context = await h.browser.newContext();
    const page = await context.newPage();
    const app = await watchAppChunk(page, false);
    await page.addInitScript(() => {
      const w = window as unknown as Win;
      w.__events = [];
      w.Parley = w.Parley || function (...args: unknown[]) { ((w.Parley as unknown as { q: unknown[] }).q ||= []).push(args); };
      w.Parley('on', 'ready', () => w.__events.push('ready'));
    });
    await page.goto(`${h.site}/examples/launcher.html`);
    await expect.poll(() => page.evaluate(() => (window as unknown as Win).__events)).toEqual(['ready']);
    expect(app.requests()).toBe(1);
    // Ready but still closed: loading is not opening.
    expect(await widget(page, h.frameIds[0]).locator('section.panel').count()).toBe(0);
    await context.close();
  });

  it('update, on/off and destroy act on the app and reach the server', async () => {
    const context = await h.browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.addInitScript(() => {
      const w = window as unknown as Win & { __count: (e: { message: { role: string } }) => void };
      w.__events = [];
      w.Parley = w.Parley || function (...args: unknown[]) { ((w.Parley as unknown as { q: unknown[] }).q ||= []).push(args); };
      // Queued before the loader: the page context and attributes of a signed-in shop customer.
      w.Parley('update', { page: { url: 'https://shop.example/checkout', title: 'Checkout' }, attributes: { plan: 'pro', cart_items: 3 } });
      w.__count = (e) => w.__events.push(`message:${e.message.role}`);
      w.Parley('on', 'message', w.__count);
      w.Parley('on', 'unread_count', (e: { count: number }) => w.__events.push(`unread:${e.count}`));
    });
    await page.goto(`${h.site}/examples/launcher.html`);
    const [frameId] = h.frameIds;
    const w = widget(page, frameId);
    await page.evaluate(() => (window as unknown as Win).Parley('open'));
    await sendMessage(page, frameId, 'Where is my order?');
    await w.locator('li.msg-assistant[data-id]').first().waitFor();
    await expect.poll(() => page.evaluate(() => (window as unknown as Win).__events.filter((e) => e.startsWith('message:')))).toContain('message:assistant');

    const conversation = (await h.t.app.ctx.services.conversations.list(h.t.demo.project_id)).find((c) => c.messages.some((m) => m.content === 'Where is my order?'))!;
    const user = await h.t.app.ctx.services.users.require(h.t.demo.project_id, conversation.user_id);
    expect(user.external_attributes).toEqual({ widget: { plan: 'pro', cart_items: 3 } });
    const { visitorPageFor } = await import('../../server/domains/widget/visitors.js');
    expect(await visitorPageFor(h.t.app.ctx, h.t.demo.project_id, conversation.id)).toMatchObject({ url: 'https://shop.example/checkout', title: 'Checkout' });

    // A later update (after load) goes straight to the server.
    await page.evaluate(() => (window as unknown as Win).Parley('update', { page: { url: 'https://shop.example/orders', title: 'Orders' }, attributes: { cart_items: 0 } }));
    // Polled for up to 10 s (not the 1 s default): the write waits for fsync, slow on a loaded machine.
    await expect.poll(async () => (await h.t.app.ctx.services.users.require(h.t.demo.project_id, conversation.user_id)).external_attributes, { timeout: 10_000 }).toEqual({
      widget: { plan: 'pro', cart_items: 0 },
    });
    await expect.poll(async () => (await visitorPageFor(h.t.app.ctx, h.t.demo.project_id, conversation.id))?.url, { timeout: 10_000 }).toBe('https://shop.example/orders');

    // off: the handler hears nothing more; an operator reply while closed counts as unread.
    await page.evaluate(() => {
      const win = window as unknown as Win & { __count: () => void };
      win.Parley('off', 'message', win.__count);
      win.Parley('close');
    });
    const before = await page.evaluate(() => (window as unknown as Win).__events.filter((e) => e.startsWith('message:')).length);
    // Only events after this point count: an 'unread:1' heard earlier must not pass the check.
    const heard = await page.evaluate(() => (window as unknown as Win).__events.length);
    await h.t.app.ctx.services.conversations.append(h.t.demo.project_id, conversation.id, { role: 'operator', content: 'Your order ships today.' });
    await expect.poll(() => page.evaluate((from) => (window as unknown as Win).__events.slice(from), heard)).toContain('unread:1');
    expect(await w.locator('.badge').textContent()).toBe('1');
    expect(await page.evaluate(() => (window as unknown as Win).__events.filter((e) => e.startsWith('message:')).length)).toBe(before);

    // destroy: the widget leaves the page and the registry; its socket closes.
    const sockets = () => [...(h.t.app as unknown as { websocketServer: { clients: Set<unknown> } }).websocketServer.clients].length;
    const open = sockets();
    await page.evaluate(() => (window as unknown as Win).Parley('destroy'));
    expect(await w.count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { Parley: { widgets(): string[] } }).Parley.widgets())).toEqual([]);
    await expect.poll(sockets).toBe(open - 1);
    await context.close();
  });

  it('themes the widget from the channel config: colour, position and z-index', async () => {
    const channel = (await h.t.app.ctx.services.projects.listChannels(h.t.demo.project_id)).find((c) => c.frame_id === h.frameIds[0])!;
    await h.t.app.ctx.services.projects.updateChannel(h.t.demo.project_id, channel.id, { theme: { color: '#aa0000', position: 'left', z_index: 4242 } });
    const context = await h.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${h.site}/examples/launcher.html`);
    const w = widget(page, h.frameIds[0]);
    await w.locator('button.launcher').click();
    await w.locator('section.panel').waitFor();
    expect(await w.evaluate((el: HTMLElement) => getComputedStyle(el).zIndex)).toBe('4242');
    expect(await w.locator('button.launcher').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(170, 0, 0)');
    expect((await w.locator('button.launcher').boundingBox())!.x).toBeLessThan(100);
    expect((await w.locator('section.panel').boundingBox())!.x).toBeLessThan(100);
    await h.t.app.ctx.services.projects.updateChannel(h.t.demo.project_id, channel.id, { theme: channel.theme ?? {} });
    await context.close();
  });

  it('iframe mode inserted by the loader: events come back to the host, update and consent reach the frame', async () => {
    const context = await h.browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    // On BASE_URL, whose launcher example policy allows framing CHAT_URL (same origin here).
    await page.goto(`${h.base}/examples/launcher.html`);
    const [, second] = h.frameIds;
    await page.evaluate(
      ({ id, base }) => {
        const w = window as unknown as Win;
        w.__events = [];
        for (const name of ['ready', 'open', 'message']) w.Parley({ frame_id: id }, 'on', name, (e: { frame_id: string; message?: { role: string } }) => w.__events.push(`${name}:${e.message?.role ?? e.frame_id}`));
        const box = document.createElement('div');
        box.id = 'boot-frame';
        document.querySelector('main')!.append(box);
        // No cookies until consent; attributes before the frame's app exists.
        w.Parley('boot', { frame_id: id, mode: 'iframe', target: '#boot-frame', base_url: base, cookies: 'memory' });
        w.Parley({ frame_id: id }, 'update', { attributes: { plan: 'team' } });
        w.Parley({ frame_id: id }, 'cookies', 'persistent');
      },
      { id: second, base: h.base },
    );
    await expect.poll(() => page.evaluate(() => (window as unknown as Win).__events)).toEqual(expect.arrayContaining([`ready:${second}`, `open:${second}`]));
    const frame = page.frameLocator(`parley-widget[data-frame-id="${second}"] iframe`);
    await frame.locator('textarea.input').fill('Hello through the frame');
    await frame.locator('textarea.input').press('Enter');
    await frame.locator('li.msg-assistant[data-id]').first().waitFor();
    await expect.poll(() => page.evaluate(() => (window as unknown as Win).__events)).toContain('message:assistant');

    const conversation = (await h.t.app.ctx.services.conversations.list(h.t.demo.project_id)).find((c) => c.messages.some((m) => m.content === 'Hello through the frame'))!;
    expect((await h.t.app.ctx.services.users.require(h.t.demo.project_id, conversation.user_id)).external_attributes).toEqual({ widget: { plan: 'team' } });
    // Consent given before the frame was ready: its cookies were written after all.
    await expect.poll(async () => (await context.cookies()).filter((c) => c.name.endsWith(second)).map((c) => c.name).sort()).toEqual(
      ['device', 'session', 'user'].map((k) => `parley-${k}-${second}`),
    );
    await context.close();
  });
});
