// Shared setup for the team console's browser tests: builds dist/dashboard when it is older than
// dashboard/ (one `vite build -c vite.dashboard.config.ts`; parallel workers wait on a lock
// directory), signs a team member in through the login page, seeds conversations over the public
// API, and writes screenshots to dist/screenshots/console (kept out of git) for a person to look at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ensureBuilt, startHarness, type Harness } from './harness.js';
import type { Config } from '../../server/config.js';
import { axeViolations } from './axe.js';

const ROOT = join(import.meta.dirname, '../..');
export const SHOTS = join(ROOT, 'dist/screenshots/console');

/** Builds dist/dashboard when it is missing or older than dashboard/ or its Vite config. */
export const ensureConsoleBuilt = () =>
  ensureBuilt(join(ROOT, 'dist/dashboard/.vite/manifest.json'), [join(ROOT, 'dashboard'), join(ROOT, 'vite.dashboard.config.ts')], '.console-build.lock', ['-c', 'vite.dashboard.config.ts']);

/**
 * One harness (server, demo data, Chromium) with a fresh console build for a test file: started before
 * its tests, closed after them. The returned value reads through to that harness once it has started.
 * `overrides` change the server's config (e.g. a scripted model's `llm`).
 */
export function consoleHarness(overrides: Partial<Config> = {}): Harness {
  let started: Harness | undefined;
  beforeAll(async () => {
    ensureConsoleBuilt();
    started = await startHarness(overrides);
  });
  afterAll(async () => {
    await started?.close();
  });
  return new Proxy({} as Harness, { get: (_target, key) => Reflect.get(started ?? {}, key) });
}

/** Signs in through the console's login page and waits for the inbox. */
export async function signIn(page: Page, h: Harness, email = h.t.demo.email, password = h.t.demo.password) {
  await page.goto(`${h.base}/app`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
  await page.getByTestId('feed-status').filter({ hasText: 'Live' }).waitFor();
}

/**
 * Holds back the GET responses matching `url`: each is read from the server when the page asks, but
 * reaches the page only on `release()`, so a test can make something happen while a page loads.
 */
export async function holdResponses(page: Page, url: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(url, async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    held++;
    await released;
    await route.fulfill({ response });
  });
  return { held: () => held, release };
}

/** A call to the public API with the demo's API key (test set-up only; the console itself is driven by clicks). */
export async function apiCall<T = unknown>(h: Harness, method: string, path: string, payload?: object): Promise<T> {
  const res = await h.t.app.inject({
    method: method as 'GET',
    url: `/v1/projects/${h.t.demo.project_id}${path}`,
    headers: { authorization: `Bearer ${h.t.demo.api_key}` },
    ...(payload ? { payload } : {}),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
  return (res.body ? res.json() : undefined) as T;
}

/** A conversation created over the API (channel `api`), with its first visitor message. */
export async function seedConversation(h: Harness, userId: string, message: string): Promise<{ id: string }> {
  return apiCall<{ id: string }>(h, 'POST', '/conversations', { user_id: userId, message });
}

export async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** Nothing wider than the viewport: no horizontal scrolling, every visible control within reach. */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width) out.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    for (const el of document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, summary')) {
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height || el.closest('dialog:not([open]), .sr-only, .skip')) continue;
      if (r.left < 0 || r.right > width + 0.5) out.push(`${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}" outside 0..${width}: ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
    return out;
  });
}

/**
 * The bar of every console page, at desktop width and at 390 px: axe finds no violations, nothing
 * overflows the screen, and a screenshot is kept for a person to look at. `show` signs in and brings
 * the page into the state worth checking (a form open, an error shown…).
 */
export function itPassesAxeAndFits(h: Harness, shotName: string, show: (page: Page) => Promise<void>, timeout = 15_000) {
  for (const [name, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['390', { width: 390, height: 844 }],
  ] as const) {
    it(`axe finds no violations and nothing overflows (${name})`, async () => {
      const context = await h.browser.newContext({ viewport, bypassCSP: true });
      const page = await context.newPage();
      page.setDefaultTimeout(timeout);
      await show(page);
      expect(await axeViolations(page)).toEqual([]);
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, `${shotName}-${name}`);
      await context.close();
      // Longer than the page's own waits, so a wait that never ends names what it waited for.
    }, timeout * 2 + 10_000);
  }
}

/**
 * Follows a link of the console's navigation; on a phone it sits behind the Menu button, on a wide
 * screen the less used ones behind More (named "More: <page>" while one of them is shown): opened first.
 */
export async function navTo(page: Page, name: string) {
  const nav = page.getByRole('navigation', { name: 'Console' });
  const menu = nav.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  const link = nav.getByRole('link', { name, exact: true });
  const more = nav.getByRole('button', { name: /^More/ });
  if (!(await link.isVisible()) && (await more.isVisible())) await more.click();
  await link.click();
}
