// A page whose origin the channel does not allow (spec 8.2): the visitor reads that chat is not
// available here (no composer waiting to send for ever), the page's console gets ONE error naming
// the origin and how to allow it, and the server logs the refusal once per origin per interval.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createTestApp, type TestApp } from '../../server/testing/test-app.js';
import { ensureWidgetBuilt, launchChromium, widget } from './harness.js';
import { hostPage, startHostSite } from './host-site.js';

let t: TestApp;
let base: string;
let browser: Browser;
let host: Awaited<ReturnType<typeof startHostSite>>;
const logs: string[] = [];

beforeAll(async () => {
  ensureWidgetBuilt();
  t = await createTestApp();
  // The server's own log lines, as an operator would read them.
  const log = t.app.log as unknown as { warn: (...a: unknown[]) => void };
  const warn = log.warn.bind(log);
  log.warn = (...args: unknown[]) => {
    logs.push(JSON.stringify(args));
    warn(...args);
  };
  base = await t.listen();
  host = await startHostSite(() => hostPage(base, t.demo.frame_id, { mode: 'launcher', title: 'Not allowed' }));
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
  await host?.close();
});

describe('a page on a refused origin', () => {
  it('shows that chat is unavailable here and logs one console error naming the origin', async () => {
    for (const round of [1, 2]) {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' && /Parley/.test(msg.text())) errors.push(msg.text());
      });
      await page.goto(`${host.origin}/shop`);
      const w = widget(page, t.demo.frame_id);
      await w.locator('button.launcher').click();
      const notice = w.locator('[data-unavailable]');
      await notice.waitFor();
      expect(await notice.innerText()).toContain('not available on this page');
      // No composer that would pretend a message could still be sent.
      expect(await w.locator('textarea.input').count()).toBe(0);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain(host.origin);
      expect(errors[0]).toContain('allowed origins');
      await page.close();
      if (round === 1) expect(logs.filter((l) => l.includes('widget origin refused') && l.includes(host.origin))).toHaveLength(1);
    }
    // Reloaded: the server does not log the same origin again within the interval.
    expect(logs.filter((l) => l.includes('widget origin refused') && l.includes(host.origin))).toHaveLength(1);
  }, 60_000);
});
