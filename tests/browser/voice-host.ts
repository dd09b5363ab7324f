// Host pages for the issue 5 browser tests (voice, accessibility, languages, SPA navigation): a plain
// page without a CSP (axe-core is injected as a script) served by Playwright's router under the
// customer's site name, embedding the real loader from the real server.
import type { BrowserContext, Page } from 'playwright-core';
import type { TestApp } from '../../server/testing/test-app.js';

export interface HostOptions {
  mode?: 'launcher' | 'inline';
  locale?: string;
  /** Extra markup after the widget script (e.g. an SPA's links). */
  body?: string;
  title?: string;
}

export function hostPage(base: string, frameId: string, o: HostOptions = {}): string {
  const mode = o.mode ?? 'inline';
  const target = mode === 'inline' ? ' data-target="#chat"' : '';
  const locale = o.locale ? ` data-locale="${o.locale}"` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${o.title ?? 'Host page'}</title></head>
<body><main><h1>${o.title ?? 'Host page'}</h1><div id="chat" style="width:380px;height:560px"></div>${o.body ?? ''}</main>
<script async src="${base}/widget/loader.js" data-frame-id="${frameId}" data-mode="${mode}"${target}${locale} data-base-url="${base}"></script>
</body></html>`;
}

/** Serves `html` for every navigation under `origin` (the SPA's routes all get the same page). */
export async function serveHost(context: BrowserContext, origin: string, html: string): Promise<void> {
  await context.route(`${origin}/**`, (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
  });
}

/** Makes `origins` allowed for every website-widget channel of the demo project. */
export async function allowOrigins(t: TestApp, origins: string[]): Promise<void> {
  const { projects } = t.app.ctx.services;
  for (const c of await projects.listChannels(t.demo.project_id)) {
    if (c.type === 'website_widget') await projects.updateChannel(t.demo.project_id, c.id, { allowed_origins: [...new Set([...c.allowed_origins, ...origins])] });
  }
}

export const inShadow = (page: Page, frameId: string) => page.locator(`parley-widget[data-frame-id="${frameId}"]`);
