// Host pages for the browser tests (voice, accessibility, languages, identity, SPA
// navigation): a plain page without a CSP (axe-core is injected as a script) served by a small real
// HTTP server as the host site of its own, embedding the real loader from the real server.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { createTestApp, type TestApp } from '../../server/testing/test-app.js';
import { ensureWidgetBuilt, launchChromium, widget } from './harness.js';

export interface HostOptions {
  mode?: 'launcher' | 'inline' | 'iframe';
  locale?: string;
  /** Extra markup after the widget script (e.g. an SPA's links). */
  body?: string;
  title?: string;
}

export function hostPage(base: string, frameId: string, o: HostOptions = {}): string {
  const mode = o.mode ?? 'inline';
  const target = mode !== 'launcher' ? ' data-target="#chat"' : '';
  const locale = o.locale ? ` data-locale="${o.locale}"` : '';
  const chat = mode === 'iframe' ? ` data-chat-url="${base}"` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${o.title ?? 'Host page'}</title></head>
<body><main><h1>${o.title ?? 'Host page'}</h1><div id="chat" style="width:380px;height:560px"></div>${o.body ?? ''}</main>
<script async src="${base}/widget/loader.js" data-frame-id="${frameId}" data-mode="${mode}"${target}${locale}${chat} data-base-url="${base}"></script>
</body></html>`;
}

/**
 * A real host site on its own port (http://localhost:PORT): every path answers `html()`, as an SPA's
 * server does. A real server rather than a routed response, so Chromium treats the page as the
 * loopback site it is (a routed document has no address and may not reach 127.0.0.1).
 */
export async function startHostSite(html: (path: string) => string): Promise<{ origin: string; port: number; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html(req.url ?? '/'));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return { origin: `http://localhost:${port}`, port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Makes `origins` allowed for every website-widget channel of the demo project. */
export async function allowOrigins(t: TestApp, origins: string[]): Promise<void> {
  const { projects } = t.app.ctx.services;
  for (const c of await projects.listChannels(t.demo.project_id)) {
    if (c.type === 'website_widget') await projects.updateChannel(t.demo.project_id, c.id, { allowed_origins: [...new Set([...c.allowed_origins, ...origins])] });
  }
}

/** The widget's host element, whose open shadow root Playwright's locators pierce. */
export const inShadow = widget;

export interface HostScenario {
  t: TestApp;
  /** The real server's address (BASE_URL). */
  base: string;
  host: Awaited<ReturnType<typeof startHostSite>>;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * The setup most browser tests share: the real app on a real port, a host site on another
 * origin that the demo widget channels allow, and Chromium. `html` renders the host page for a path.
 */
export async function startHostScenario(html: (path: string, t: TestApp, base: string) => string): Promise<HostScenario> {
  ensureWidgetBuilt();
  const t = await createTestApp();
  const base = await t.listen();
  const host = await startHostSite((path) => html(path, t, base));
  await allowOrigins(t, [host.origin]);
  const browser = await launchChromium();
  return {
    t, base, host, browser,
    close: async () => {
      await browser.close();
      await t.close();
      await host.close();
    },
  };
}
