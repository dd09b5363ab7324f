// From nothing to a widget that answers from your docs, only through the team console, as a newcomer
// would: the real server (server/main.ts) starts on an empty data directory; in Chromium, sign in
// with the login the first start wrote, create a project, crawl a small local site (the progress bar
// is seen), configure a widget channel allowing a page on another port, copy its snippet into that
// page, and chat: the answer cites the crawled site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { startServerProcess } from '../../server/testing/server-process.js';
import { html, startSite, type TestSite } from '../../server/domains/knowledge/testing/site.js';
import { ensureWidgetBuilt, launchChromium, watchPage } from './harness.js';
import { ensureConsoleBuilt, navTo, shot } from './console-harness.js';
import { startHostSite } from './host-site.js';

let dataDir: string;
let server: ReturnType<typeof startServerProcess>;
let base: string;
let site: TestSite;
let browser: Browser;
let host: Awaited<ReturnType<typeof startHostSite>>;
/** What the site owner pastes into their page; empty until copied from the console. */
let pasted = '';

beforeAll(async () => {
  ensureWidgetBuilt();
  ensureConsoleBuilt();
  dataDir = await mkdtemp(join(tmpdir(), 'parley-zero-'));
  server = startServerProcess({ DATA_DIR: dataDir, ALLOW_PRIVATE_FETCH: 'true' });
  base = await server.ready;
  site = await startSite('127.0.0.1', {
    '/': html('Quokka Lamp manual', '<h1>Quokka Lamp manual</h1><p>Welcome to the Quokka Lamp.</p><a href="/install">Install</a> <a href="/pairing">Pairing</a>'),
    '/install': html(
      'Installing the Quokka Lamp',
      '<h1>Installing the Quokka Lamp</h1><p>To install the Quokka Lamp, screw the bracket into the ceiling joist with the four brass screws, then click the lamp onto the bracket until it hums.</p>',
    ),
    '/pairing': html('Pairing', '<h1>Pairing the lamp</h1><p>Hold the moon button for seven seconds until the ring glows teal; the app then finds the lamp.</p>'),
  });
  host = await startHostSite(() => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Quokka shop</title></head><body><main><h1>Quokka shop</h1></main>${pasted}</body></html>`);
  browser = await launchChromium();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  server?.child.kill('SIGTERM');
  await server?.exited;
  await site?.close();
  await host?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('zero to widget, only through the console', () => {
  it('signs in, creates a project, crawls a site, configures a channel and chats on another origin', async () => {
    const login = JSON.parse(await readFile(join(dataDir, 'demo-credentials.json'), 'utf8')) as { email: string; password: string };
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    const watch = await watchPage(page);

    await page.goto(`${base}/app`);
    await page.getByLabel('E-mail').fill(login.email);
    await page.getByLabel('Password').fill(login.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const nav = page.getByRole('navigation', { name: 'Console' });
    // If sign-in fails, say what the page and the server said.
    await nav.waitFor().catch(async (e) => {
      throw new Error(`${e}\n${await page.locator('body').innerText()}\n${server.output()}`);
    });

    // A project of its own.
    await navTo(page, 'Projects');
    await page.getByLabel('Project name').fill('Quokka Support');
    await page.getByRole('button', { name: 'Create project' }).click();
    await expect.poll(() => page.getByRole('combobox', { name: 'Project' }).locator('option:checked').textContent()).toBe('Quokka Support');

    // Its knowledge: crawl the local site, watching the progress bar.
    await navTo(page, 'Knowledge');
    await page.getByLabel('Start URL').fill(`${site.url}/`);
    await page.getByRole('button', { name: 'Add provider' }).click();
    site.hold('/pairing');
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page.getByRole('progressbar', { name: 'Sync progress' }).waitFor();
    await site.arrived('/pairing');
    await shot(page, 'zero-to-widget-sync');
    site.release();
    await page.getByRole('status').filter({ hasText: 'Sync done' }).waitFor();

    // A widget channel that allows the shop's page (another port, another origin).
    await navTo(page, 'Channels');
    await page.getByLabel('Channel name').fill('Quokka shop');
    await page.getByRole('button', { name: 'Create channel' }).click();
    await page.getByLabel('Origin to allow').fill(host.origin);
    await page.getByRole('button', { name: 'Add origin' }).click();
    await page.locator('.origin-list code', { hasText: host.origin }).waitFor();
    await page.getByLabel(/Would my page be allowed/).fill(`${host.origin}/products`);
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await page.locator('[data-allowed="true"]').waitFor();
    await page.getByRole('button', { name: 'Copy snippet' }).click();
    pasted = await page.evaluate(() => navigator.clipboard.readText());
    // The stable loader without SRI: the snippet survives an upgrade (csp.md "Pinning a version").
    expect(pasted).toMatch(/^<script async src="http:\/\/127\.0\.0\.1:\d+\/widget\/loader\.js" data-frame-id=/);
    await shot(page, 'zero-to-widget-channel');
    expect(await watch.violations()).toEqual([]);

    // The shop's page with the pasted snippet: ask, and get an answer citing the crawled page.
    const shop = await context.newPage();
    shop.setDefaultTimeout(30_000);
    await shop.goto(`${host.origin}/products`);
    const w = shop.locator('parley-widget');
    await w.locator('button.launcher').click();
    await w.locator('textarea.input').fill('How do I install the Quokka Lamp?');
    await w.locator('textarea.input').press('Enter');
    const answer = w.locator('li.msg-assistant[data-id]').last();
    await answer.locator('.sources li').first().waitFor();
    expect(await answer.innerText()).toMatch(/brass screws/);
    const links = await answer.locator('.sources a').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    expect(links).toContain(`${site.url}/install`);
    await shot(shop, 'zero-to-widget-chat');
    await context.close();
  }, 180_000);

  it('the same snippet on a page of an origin the channel does not allow: chat unavailable and one console error', async () => {
    expect(pasted).toContain('data-frame-id=');
    const other = await startHostSite(() => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Elsewhere</title></head><body><main><h1>Elsewhere</h1></main>${pasted}</body></html>`);
    try {
      const page = await browser.newPage();
      page.setDefaultTimeout(30_000);
      const errors: string[] = [];
      page.on('console', (msg) => void (msg.type() === 'error' && /Parley/.test(msg.text()) && errors.push(msg.text())));
      await page.goto(`${other.origin}/`);
      const w = page.locator('parley-widget');
      await w.locator('button.launcher').click();
      await w.locator('[data-unavailable="origin_not_allowed"]').getByText('not available on this page').waitFor();
      expect(await w.locator('textarea.input').count()).toBe(0);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain(`chat is not available on ${other.origin}`);
      await shot(page, 'zero-to-widget-refused');
      await page.close();
    } finally {
      await other.close();
    }
  }, 60_000);
});
