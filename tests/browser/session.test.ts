// Cookies, reloads and forced disconnects in real Chromium (spec 5.1, docs/architecture.md sections 4 and 5).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Cookie } from 'playwright-core';
import { startHarness, sendMessage, widget, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const DAY = 86_400;
const daysLeft = (c: Cookie) => (c.expires - Date.now() / 1000) / DAY;
const parleyCookies = async (context: BrowserContext) => (await context.cookies()).filter((c) => c.name.startsWith('parley-'));

async function newPage() {
  const context = await h.browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** Terminates every widget WebSocket on the server: what a network drop or a proxy restart does. */
function dropServerSockets() {
  const wss = (h.t.app as unknown as { websocketServer: { clients: Set<{ terminate(): void }> } }).websocketServer;
  for (const client of wss.clients) client.terminate();
}

const storedUserTexts = async (text: string) => {
  const conv = (await h.t.app.ctx.services.conversations.list(h.t.demo.project_id)).find((c) => c.messages.some((m) => m.content === text))!;
  return conv.messages.filter((m) => m.role === 'user').map((m) => m.content);
};

describe('cookies (spec 5.1)', () => {
  it('sets exactly the three parley cookies with their lifetimes and attributes, user/session only after interaction', async () => {
    const { context, page } = await newPage();
    await page.goto(`${h.site}/examples/launcher.html`);
    const [frameId] = h.frameIds;
    const w = widget(page, frameId);
    await w.locator('button.launcher').click();
    await w.locator('section.panel').waitFor();
    await expect.poll(async () => (await parleyCookies(context)).map((c) => c.name)).toEqual([`parley-device-${frameId}`]);

    await sendMessage(page, frameId, 'Cookie check');
    await expect.poll(async () => (await parleyCookies(context)).length).toBe(3);
    const all = await context.cookies();
    expect(all.map((c) => c.name).sort()).toEqual([`parley-device-${frameId}`, `parley-session-${frameId}`, `parley-user-${frameId}`]);
    const byKind = Object.fromEntries(all.map((c) => [c.name.split('-')[1], c]));
    expect(daysLeft(byKind.device)).toBeGreaterThan(182);
    expect(daysLeft(byKind.device)).toBeLessThan(184);
    expect(daysLeft(byKind.user)).toBeGreaterThan(182);
    expect(daysLeft(byKind.user)).toBeLessThan(184);
    expect(daysLeft(byKind.session)).toBeGreaterThan(6.9);
    expect(daysLeft(byKind.session)).toBeLessThan(7.1);
    for (const c of all) {
      expect(c.httpOnly).toBe(false);
      expect(c.sameSite).toBe('Lax');
      expect(c.secure).toBe(false); // http host page; https pages get Secure
      expect(c.path).toBe('/');
      expect(c.domain).toBe('localhost'); // first-party to the host page
      expect(c.value.length).toBeGreaterThan(20); // a server-signed token, not a bare id
    }
    await context.close();
  });

  it('uses the channel session lifetime override, and refreshes cookies on interaction', async () => {
    const channel = (await h.t.app.ctx.services.projects.listChannels(h.t.demo.project_id)).find((c) => c.frame_id === h.frameIds[0])!;
    await h.t.app.ctx.services.projects.updateChannel(h.t.demo.project_id, channel.id, { session_ttl_days: 30 });
    const { context, page } = await newPage();
    await page.goto(`${h.site}/examples/launcher.html`);
    const [frameId] = h.frameIds;
    await widget(page, frameId).locator('button.launcher').click();
    await sendMessage(page, frameId, 'Thirty days');
    await expect.poll(async () => (await parleyCookies(context)).length).toBe(3);
    const session = (await context.cookies()).find((c) => c.name === `parley-session-${frameId}`)!;
    expect(daysLeft(session)).toBeGreaterThan(29.9);
    expect(daysLeft(session)).toBeLessThan(30.1);
    // Shorten the device cookie by hand; the next message refreshes it to six months.
    const device = (await context.cookies()).find((c) => c.name === `parley-device-${frameId}`)!;
    await context.addCookies([{ ...device, expires: Math.floor(Date.now() / 1000) + DAY }]);
    await sendMessage(page, frameId, 'Refresh please');
    await expect.poll(async () => daysLeft((await context.cookies()).find((c) => c.name === `parley-device-${frameId}`)!)).toBeGreaterThan(182);
    await h.t.app.ctx.services.projects.updateChannel(h.t.demo.project_id, channel.id, { session_ttl_days: 7 });
    await context.close();
  });

  it('keeps everything in memory until consent, then writes the cookies', async () => {
    const { context, page } = await newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { Parley: ((...a: unknown[]) => void) & { q?: unknown[] } };
      w.Parley = w.Parley || function (...args: unknown[]) { (w.Parley.q = w.Parley.q || []).push(args); };
      w.Parley('cookies', 'memory');
    });
    await page.goto(`${h.site}/examples/launcher.html`);
    const [frameId] = h.frameIds;
    await widget(page, frameId).locator('button.launcher').click();
    await sendMessage(page, frameId, 'No cookies yet');
    await widget(page, frameId).locator('li.msg-assistant[data-id]').first().waitFor();
    expect(await parleyCookies(context)).toEqual([]);
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('parley')))).toEqual([]);
    await page.evaluate(() => (window as unknown as { Parley: (...a: unknown[]) => void }).Parley('cookies', 'persistent'));
    await expect.poll(async () => (await parleyCookies(context)).length).toBe(3);
    await context.close();
  });

  it('adds Secure on an https host page', async () => {
    // The customer's site over https: a self-signed localhost certificate made for this run, served
    // by a tiny https server (an outer edge); the widget itself still comes from BASE_URL.
    const dir = mkdtempSync(join(tmpdir(), 'parley-tls-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=localhost',
      '-addext', 'subjectAltName=DNS:localhost', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
    const [frameId] = h.frameIds;
    const server = createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>Shop</title><script async src="${h.base}/widget/loader.js" data-frame-id="${frameId}" data-base-url="${h.base}"></script>`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const shop = `https://localhost:${(server.address() as AddressInfo).port}`;
    const channel = (await h.t.app.ctx.services.projects.listChannels(h.t.demo.project_id)).find((c) => c.frame_id === frameId)!;
    await h.t.app.ctx.services.projects.updateChannel(h.t.demo.project_id, channel.id, { allowed_origins: [...channel.allowed_origins, shop] });
    try {
      const context = await h.browser.newContext({ ignoreHTTPSErrors: true });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await page.goto(`${shop}/`);
      await widget(page, frameId).locator('button.launcher').click();
      await sendMessage(page, frameId, 'Secure cookies please');
      await expect.poll(async () => (await parleyCookies(context)).length).toBe(3);
      for (const c of await parleyCookies(context)) {
        expect(c.secure).toBe(true);
        expect(c.sameSite).toBe('Lax');
        expect(c.httpOnly).toBe(false);
        expect(c.domain).toBe('localhost');
      }
      await context.close();
    } finally {
      await h.t.app.ctx.services.projects.updateChannel(h.t.demo.project_id, channel.id, { allowed_origins: channel.allowed_origins });
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('uses SameSite=None; Secure; Partitioned cookies inside the third-party frame', async () => {
    const { context, page } = await newPage();
    await page.goto(`${h.site}/examples/iframe.html`);
    const [frameId] = h.frameIds;
    const w = page.frameLocator('iframe.chat-frame').locator(`parley-widget[data-frame-id="${frameId}"]`);
    await w.locator('textarea.input').fill('Hello from a third-party frame');
    await w.locator('textarea.input').press('Enter');
    await w.locator('li.msg-user:not(:has(.status))').waitFor();
    await expect.poll(async () => (await parleyCookies(context)).length).toBe(3);
    for (const c of await parleyCookies(context)) {
      expect(c.domain).toBe('127.0.0.1'); // the frame's own site, partitioned under the host page
      expect(c.sameSite).toBe('None');
      expect(c.secure).toBe(true);
      expect(c.partitionKey).toMatch(/localhost/);
      expect(c.httpOnly).toBe(false);
    }
    await context.close();
  });
});

describe('history and reconnects', () => {
  it('keeps the conversation across a reload and in a new tab of the same browser', async () => {
    const { context, page } = await newPage();
    await page.goto(`${h.site}/examples/launcher.html`);
    const [frameId] = h.frameIds;
    let w = widget(page, frameId);
    await w.locator('button.launcher').click();
    await sendMessage(page, frameId, 'Please remember this conversation');
    await w.locator('li.msg-assistant[data-id]').first().waitFor();
    const before = await w.locator('li[data-id]').allTextContents();

    await page.reload();
    w = widget(page, frameId);
    await w.locator('button.launcher').click();
    await w.locator('li.msg-user', { hasText: 'Please remember this conversation' }).waitFor();
    await expect.poll(() => w.locator('li[data-id]').allTextContents()).toEqual(before);

    // A new tab has no sessionStorage: the session cookie brings the conversation back.
    const tab = await context.newPage();
    await tab.goto(`${h.site}/examples/launcher.html`);
    const w2 = widget(tab, frameId);
    await w2.locator('button.launcher').click();
    await expect.poll(() => w2.locator('li[data-id]').allTextContents()).toEqual(before);
    await context.close();
  });

  it('neither loses nor duplicates messages across a forced disconnect', async () => {
    const { context, page } = await newPage();
    await page.goto(`${h.site}/examples/launcher.html`);
    const [frameId] = h.frameIds;
    const w = widget(page, frameId);
    await w.locator('button.launcher').click();
    await sendMessage(page, frameId, 'Before the outage');
    await w.locator('li.msg-assistant[data-id]').first().waitFor();

    // The network goes away: the server side of the socket dies and reconnects fail.
    await context.setOffline(true);
    dropServerSockets();
    await w.locator('.banner[data-connection="offline"]').waitFor();
    for (const text of ['Typed offline one', 'Typed offline two']) {
      await w.locator('textarea.input').fill(text);
      await w.locator('textarea.input').press('Enter');
    }
    expect(await w.locator('[data-pending="queued"]').count()).toBe(2);
    await context.setOffline(false);
    await w.locator('li.msg-user:not(:has(.status))', { hasText: 'Typed offline two' }).waitFor();
    await w.locator('.banner[data-connection]').waitFor({ state: 'detached' });

    // A message in flight when the connection drops: the ack may be lost, the re-send is idempotent.
    await w.locator('textarea.input').fill('In flight during the drop');
    await w.locator('textarea.input').press('Enter');
    dropServerSockets();
    await w.locator('li.msg-user:not(:has(.status))', { hasText: 'In flight during the drop' }).waitFor();

    const expected = ['Before the outage', 'Typed offline one', 'Typed offline two', 'In flight during the drop'];
    await expect.poll(() => storedUserTexts('Before the outage')).toEqual(expected);
    await expect.poll(() => w.locator('li.msg-user .bubble').allTextContents()).toEqual(expected);
    await context.close();
  });
});
