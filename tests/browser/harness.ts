// Shared setup for the widget's browser tests (docs/architecture.md section 9): the real app on a real port with
// the demo seeded, the built widget (built once if dist/widget is missing), and real Chromium.
// Host pages are the server's own /examples/ pages, opened as http://localhost:PORT so that the host
// page is a different site from BASE_URL (http://127.0.0.1:PORT), as on a customer's website.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../../server/testing/test-app.js';
import type { Config } from '../../server/config.js';

const ROOT = join(import.meta.dirname, '../..');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path));
    else if (!entry.name.endsWith('.test.ts') && !entry.name.endsWith('.test.tsx')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Runs `vite build <viteArgs>` when `marker` is missing or older than every file of `sources` (test
 * files aside). Test files run in parallel workers, so a lock directory makes one build and the
 * others wait for it.
 */
export function ensureBuilt(marker: string, sources: string[], lockName: string, viteArgs: string[] = []) {
  const fresh = () => existsSync(marker) && statSync(marker).mtimeMs >= Math.max(...sources.map((s) => (statSync(s).isDirectory() ? newestMtime(s) : statSync(s).mtimeMs)));
  const lock = join(ROOT, 'dist', lockName);
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  for (;;) {
    if (fresh()) return;
    try {
      mkdirSync(lock);
    } catch {
      // Another worker is building; a lock older than two minutes is left over from a killed run.
      if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 120_000) rmSync(lock, { recursive: true, force: true });
      sleep(200);
      continue;
    }
    try {
      // NODE_ENV is `test` under vitest, and Vite keeps a NODE_ENV it finds: the build would be a
      // development one (JSX with source locations, no dead-code removal), unlike what `npm run build`
      // ships and what `npm run size` and the benches measure.
      if (!fresh()) execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', ...viteArgs, '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
      return;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** Builds dist/widget when it is missing or older than widget/ (one `vite build`, ~2 s). */
export const ensureWidgetBuilt = () => ensureBuilt(join(ROOT, 'dist/widget/widget.json'), [join(ROOT, 'widget')], '.widget-build.lock');

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** A port nobody listens on right now (the OS picks it; we close and reuse it at once). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface Harness {
  t: TestApp;
  /** BASE_URL, http://127.0.0.1:PORT. */
  base: string;
  /** The same server under another site name, used for host pages. */
  site: string;
  browser: Browser;
  frameIds: [string, string];
  close(): Promise<void>;
}

/** `overrides`: config for this harness's app (e.g. an OpenAI-compatible `llm` fake on 127.0.0.1). */
export async function startHarness(overrides: Partial<Config> = {}): Promise<Harness> {
  ensureWidgetBuilt();
  // BASE_URL names the real port, as on a deployed server, so the URLs the demo seeds (the cited
  // documentation pages) are links that work.
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ ...overrides, baseUrl: base, chatUrl: base, cdnUrl: base });
  await t.app.listen({ port, host: '127.0.0.1' });
  const site = base.replace('127.0.0.1', 'localhost');
  // The customer's site must be an allowed origin of both demo widget channels.
  const channels = (await t.app.ctx.services.projects.listChannels(t.demo.project_id)).filter((c) => c.type === 'website_widget');
  for (const c of channels) await t.app.ctx.services.projects.updateChannel(t.demo.project_id, c.id, { allowed_origins: [...c.allowed_origins, site] });
  const second = channels.find((c) => c.frame_id !== t.demo.frame_id)!;
  const browser = await launchChromium();
  return {
    t,
    base,
    site,
    browser,
    frameIds: [t.demo.frame_id, second.frame_id],
    async close() {
      await browser.close();
      await t.close();
    },
  };
}

/**
 * Records CSP violations (DOM events and console reports) and page errors of a page. `ignore` drops
 * reports about the host page's own files: the example pages' policies are written for BASE_URL, so
 * opened from another site name their own stylesheet is refused, which says nothing about the widget.
 */
export async function watchPage(page: Page, ignore?: RegExp) {
  const problems: string[] = [];
  page.on('console', (msg) => {
    const text = msg.text();
    if (/content security policy|refused to/i.test(text)) problems.push(`console: ${text}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  await page.addInitScript(() => {
    (window as unknown as { __csp: string[] }).__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return {
    problems,
    async violations(): Promise<string[]> {
      const inPage: string[] = [];
      for (const frame of page.frames()) {
        inPage.push(...((await frame.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []).catch(() => [])) as string[]));
      }
      return [...problems, ...inPage].filter((p) => !ignore || !ignore.test(p));
    },
  };
}

/** The widget host element of a frame id (its shadow root is open, so locators pierce it). */
export const widget = (page: Page, frameId: string) => page.locator(`parley-widget[data-frame-id="${frameId}"]`);

/** Sends a message through the widget UI and waits until the server acknowledged it. */
export async function sendMessage(page: Page, frameId: string, text: string) {
  const w = widget(page, frameId);
  await w.locator('textarea.input').fill(text);
  await w.locator('textarea.input').press('Enter');
  await w.locator('li.msg-user:not(:has(.status)) .bubble', { hasText: text }).first().waitFor();
}
