// bench:widget-page — what the launcher widget costs a host page's main thread in real Chromium,
// before any intent: the loader paints the launcher, then loads and mounts the app when the browser is
// idle. Long tasks (> 50 ms) are recorded with a PerformanceObserver from the first script on; total
// blocking time is the sum of their parts over 50 ms. Profiles: desktop, and mobile (4× CPU slowdown
// through CDP Emulation.setCPUThrottlingRate, "slow 4G": 150 ms RTT, 1.6 Mbps down, 750 kbps up).
// Each profile: RUNS (default 9) loads of the bare page and of the same page with the widget; medians.
// Nine, not five: at 4× throttling on a shared 2-core machine a run's long tasks vary from 0 to 3 for
// the same build, and the bare page itself sometimes shows one, so five runs moved the median.
// Prints figures only. Last line: mobile_longtasks=… mobile_longtask_max_ms=… mobile_tbt_ms=… desktop_tbt_ms=…
import type { Page } from 'playwright-core';
import { startHarness } from '../tests/browser/harness.js';
import { hostPage, startHostSite } from '../tests/browser/host-site.js';

const RUNS = Number(process.env.RUNS ?? 9);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const h = await startHarness();
const withWidget = hostPage(h.base, h.frameIds[0], { mode: 'launcher', title: 'Shop' });
const bare = withWidget.replace(/<script[^>]*><\/script>/, '');
const site = await startHostSite((path) => (path.startsWith('/bare') ? bare : withWidget));

interface Sample {
  count: number;
  max: number;
  tbt: number;
  ready: number;
}

async function measure(mobile: boolean, widget: boolean): Promise<Sample> {
  const context = await h.browser.newContext(mobile ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {});
  const page: Page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (mobile) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  }
  // Everything the measurement waits for is watched from inside the page and read once at the end
  // over raw CDP: Playwright's locators, waitForFunction and evaluate inject their own scripts into
  // the page, whose set-up (tens of ms at 4x throttling) would show up as the widget's long tasks.
  // A string, not a function: tsx would add its __name helper to a function's source, which the page lacks.
  await page.addInitScript({
    content: `(() => {
      const w = window;
      w.__lt = [];
      w.__ready = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__lt.push(e.duration);
      }).observe({ type: 'longtask', buffered: true });
      // The launcher painted, and the app chunk (loaded when the browser is idle) arrived; then a
      // quiet 1.5 s (throttled time included) so its mounting and the last task are reported.
      w.__done = new Promise((resolve) => {
        const check = () => {
          if (!w.__ready && document.querySelector('parley-widget')?.shadowRoot?.querySelector('button.launcher')) w.__ready = performance.now();
          const app = performance.getEntriesByType('resource').some((e) => /\\/app-[^/]*\\.js/.test(e.name));
          if (${widget} ? w.__ready && app : document.readyState === 'complete') setTimeout(resolve, 1500);
          else setTimeout(check, 20);
        };
        check();
      });
    })();`,
  });
  await page.goto(`${site.origin}/${widget ? 'shop' : 'bare'}`, { waitUntil: 'load' });
  const done = await cdp.send('Runtime.evaluate', { expression: 'window.__done.then(() => ({ lt: window.__lt, ready: window.__ready }))', awaitPromise: true, returnByValue: true, timeout: 60_000 });
  if (done.exceptionDetails) throw new Error(JSON.stringify(done.exceptionDetails));
  const { lt: durations, ready } = done.result.value as { lt: number[]; ready: number };
  await context.close();
  return { count: durations.length, max: Math.max(0, ...durations), tbt: durations.reduce((s, d) => s + Math.max(0, d - 50), 0), ready };
}

const figures: Record<string, { count: number; max: number; tbt: number; ready: number }> = {};
for (const mobile of [false, true]) {
  const name = mobile ? 'mobile' : 'desktop';
  const runs: Record<'bare' | 'widget', Sample[]> = { bare: [], widget: [] };
  for (let i = 0; i < RUNS; i++) {
    runs.bare.push(await measure(mobile, false));
    runs.widget.push(await measure(mobile, true));
  }
  for (const kind of ['bare', 'widget'] as const) {
    const s = runs[kind];
    const f = { count: median(s.map((x) => x.count)), max: median(s.map((x) => x.max)), tbt: median(s.map((x) => x.tbt)), ready: median(s.map((x) => x.ready)) };
    if (kind === 'widget') figures[name] = f;
    console.log(
      `${name.padEnd(7)} ${kind.padEnd(6)}: long tasks ${f.count} (all runs: ${s.map((x) => x.count).join(' ')}), longest ${f.max.toFixed(0)} ms, total blocking time ${f.tbt.toFixed(0)} ms${kind === 'widget' ? `, launcher ready at ${f.ready.toFixed(0)} ms` : ''}`,
    );
  }
}
await site.close();
await h.close();
const m = figures.mobile;
console.log(`mobile_longtasks=${m.count} mobile_longtask_max_ms=${m.max.toFixed(0)} mobile_tbt_ms=${m.tbt.toFixed(0)} desktop_tbt_ms=${figures.desktop.tbt.toFixed(0)}`);
