// csp.md is the contract site owners copy (docs/architecture.md section 4). Checked twice:
// its text equals what the server computes for a configuration with three different addresses, and
// real Chromium runs the widget on host pages sent with csp.md's policies verbatim (a site of its
// own, so 'self' covers nothing of the widget) with zero violations while the visitor gets a cited answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator } from 'playwright-core';
import { createTestApp } from '../../server/testing/test-app.js';
import { startHarness, watchPage, widget, type Harness } from './harness.js';
import { fill, parse, policyBlocks } from './csp-doc.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const DOC = {
  launcher: policyBlocks('Launcher and inline modes')[0],
  plainIframe: policyBlocks('Iframe mode')[0],
  loaderIframe: policyBlocks('Iframe mode')[1],
  frame: policyBlocks("The frame page's own policy (sent by Parley)")[0],
};

describe('csp.md', () => {
  it('gives exactly the policies the server computes from BASE_URL, CHAT_URL and CDN_URL', async () => {
    const urls = { base: 'https://parley.example.com', chat: 'https://chat.parley.example.com', cdn: 'https://cdn.parley.example.com/v1-assets' };
    const t = await createTestApp({ baseUrl: urls.base, chatUrl: urls.chat, cdnUrl: urls.cdn });
    try {
      const served = async (query: string) => (await t.app.inject({ method: 'GET', url: `/v1/widget/csp?${query}` })).json().directives;
      expect(parse(fill(DOC.launcher, urls))).toEqual(await served('mode=launcher'));
      expect(parse(fill(DOC.launcher, urls))).toEqual(await served('mode=inline'));
      expect(parse(fill(DOC.loaderIframe, urls))).toEqual(await served('mode=iframe'));
      expect(parse(fill(DOC.plainIframe, urls))).toEqual({ 'frame-src': [urls.chat] });
      // The frame page's own header, with a channel that allows one site.
      const channel = (await t.app.ctx.services.projects.listChannels(t.demo.project_id)).find((c) => c.frame_id === t.demo.frame_id)!;
      await t.app.ctx.services.projects.updateChannel(t.demo.project_id, channel.id, { allowed_origins: ['https://shop.example'] });
      const frame = parse(fill(DOC.frame.replace("<the channel's allowed origins>", 'https://shop.example'), urls));
      expect(frame).toEqual(await served(`mode=frame&frame_id=${t.demo.frame_id}`));
      const page = await t.app.inject({ method: 'GET', url: `/frame/${t.demo.frame_id}` });
      const nonce = /'nonce-([^']+)'/.exec(page.headers['content-security-policy'] as string)![1];
      expect(parse(page.headers['content-security-policy'] as string)).toEqual(parse(fill(DOC.frame.replace("<the channel's allowed origins>", 'https://shop.example'), urls, { NONCE: nonce })));
      for (const block of Object.values(DOC)) expect(block).not.toMatch(/unsafe-inline|unsafe-eval/);
    } finally {
      await t.close();
    }
  });
});

/**
 * The customer's site: a tiny HTTP server on 127.0.0.1 (an outer edge, not Parley), opened as
 * http://localhost:PORT — another site than BASE_URL. Each page is sent with the csp.md policy it
 * names; the nonce goes on the loader tag.
 */
const pages = new Map<string, { policy: string | null; body: string }>();
let shop: Server;
let shopUrl: string;
beforeAll(async () => {
  shop = createServer((req, res) => {
    const p = pages.get(req.url ?? '');
    if (!p) return void res.writeHead(404).end();
    const nonce = randomBytes(16).toString('base64url');
    const urls = { base: h.base, chat: h.base, cdn: h.base };
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      ...(p.policy ? { 'content-security-policy': fill(p.policy, urls, { NONCE: nonce }).replace(/\s*\n\s*/g, ' ') } : {}),
    });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Shop</title></head><body>${p.body.replaceAll('{NONCE}', nonce)}</body></html>`);
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopUrl = `http://localhost:${(shop.address() as AddressInfo).port}`;
  const channel = (await h.t.app.ctx.services.projects.listChannels(h.t.demo.project_id)).find((c) => c.frame_id === h.frameIds[0])!;
  await h.t.app.ctx.services.projects.updateChannel(h.t.demo.project_id, channel.id, { allowed_origins: [...channel.allowed_origins, shopUrl] });
});
afterAll(async () => {
  await new Promise((resolve) => shop?.close(resolve));
});

async function hostPage(policy: string | null, body: string) {
  const path = `/page-${pages.size}`;
  pages.set(path, { policy, body });
  const context = await h.browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const watch = await watchPage(page);
  const response = await page.goto(`${shopUrl}${path}`);
  // The page really is under the policy (one line, placeholders filled).
  if (policy) expect(response!.headers()['content-security-policy']).toMatch(/^[^{}\n]+$/);
  return { page, watch, close: () => context.close() };
}

async function askForCitedAnswer(w: Locator) {
  await w.locator('textarea.input').fill('How do I embed the widget?');
  await w.locator('textarea.input').press('Enter');
  const answer = w.locator('li.msg-assistant[data-id]').first();
  await answer.locator('.sources a').first().waitFor();
}

describe("csp.md's policies in real Chromium", () => {
  const loader = (attrs: string) =>
    `<script async nonce="{NONCE}" src="${h.base}/widget/loader.js" data-frame-id="${h.frameIds[0]}" data-base-url="${h.base}" data-chat-url="${h.base}" ${attrs}></script>`;

  it('launcher mode runs under the launcher policy with zero violations', async () => {
    const { page, watch, close } = await hostPage(DOC.launcher, loader(''));
    const w = widget(page, h.frameIds[0]);
    await w.locator('button.launcher').click();
    await askForCitedAnswer(w);
    expect(await watch.violations()).toEqual([]);
    await close();
  });

  it('inline mode runs under the same policy with zero violations', async () => {
    const { page, watch, close } = await hostPage(DOC.launcher, `<div id="help"></div>${loader('data-mode="inline" data-target="#help"')}`);
    await askForCitedAnswer(widget(page, h.frameIds[0]));
    expect(await watch.violations()).toEqual([]);
    await close();
  });

  it('iframe mode: a plain <iframe> needs only frame-src, the loader-inserted frame the longer policy', async () => {
    const plain = await hostPage(DOC.plainIframe, `<iframe src="${h.base}/frame/${h.frameIds[0]}" title="Chat" allow="microphone"></iframe>`);
    await askForCitedAnswer(plain.page.frameLocator('iframe').locator('parley-widget'));
    expect(await plain.watch.violations()).toEqual([]);
    await plain.close();

    const inserted = await hostPage(DOC.loaderIframe, `<div id="chat"></div>${loader('data-mode="iframe" data-target="#chat"')}`);
    await askForCitedAnswer(inserted.page.frameLocator('parley-widget iframe').locator('parley-widget'));
    expect(await inserted.watch.violations()).toEqual([]);
    await inserted.close();
  });
});
