// The visitor rate limit in real Chromium: the gateway refuses messages beyond the
// per-device allowance with a rate_limit_exceeded error frame carrying retry_after; the widget shows
// a clear notice in the visitor's language, keeps the refused messages (and any typed meanwhile)
// queued, holds until the wait is over and then delivers every message exactly once, in order.
// Nothing here compares clocks: the hold is checked on what the page itself observed, in order (its
// WebSocket frames and the widget's countdown, read together in one snapshot).
// The allowance is the gateway's own config (widgetLimits), set so the wait is short: 30 messages a
// minute per device means a full bucket of 30 and one more message every 2 s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../shared/protocol.js';
import { startHarness, watchPage, widget, type Harness } from './harness.js';

const PER_MINUTE = 30;
// Three over: even a slow machine that takes seconds over the burst (refilling a token per 2 s) is refused.
const TYPED = PER_MINUTE + 3;

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ widgetLimits: { messages_per_minute_per_device: PER_MINUTE, messages_per_minute_per_ip: 1000 } });
});
afterAll(async () => {
  await h?.close();
});

/** Terminates every widget WebSocket on the server, as a network drop does. */
function dropServerSockets() {
  const wss = (h.t.app as unknown as { websocketServer: { clients: Set<{ terminate(): void }> } }).websocketServer;
  for (const client of wss.clients) client.terminate();
}

describe('visitor rate limit', () => {
  it('shows a localized notice, holds the queue for retry_after, then delivers every message once', async () => {
    const context = await h.browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    // Both directions of the real WebSocket, as Chromium reported them.
    const frames: ServerFrame[] = [];
    page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => void frames.push(JSON.parse(String(payload)) as ServerFrame)));
    // The same frames in the page's own order: logged by the page's WebSocket before the widget sees them.
    await page.addInitScript(() => {
      const log: { dir: 'in' | 'out'; frame: { type: string; client_id?: string; error?: string; retry_after?: number } }[] = [];
      (window as unknown as { __frames: typeof log }).__frames = log;
      const Native = window.WebSocket;
      window.WebSocket = class extends Native {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(url, protocols);
          this.addEventListener('message', (e) => log.push({ dir: 'in', frame: JSON.parse(String(e.data)) }));
        }
        override send(data: string) {
          log.push({ dir: 'out', frame: JSON.parse(data) });
          super.send(data);
        }
      };
    });
    const watch = await watchPage(page, /\/examples\/example\.css/);
    await page.goto(`${h.site}/examples/launcher.html`);
    const [frameId] = h.frameIds;
    const w = widget(page, frameId);
    await w.locator('button.launcher').click();
    await w.locator('section.panel').waitFor();
    await w.locator('.banner[data-connection]').waitFor({ state: 'detached' }); // welcomed

    // Offline, the visitor writes more than the allowance; back online the queue goes out at once,
    // faster than any visitor types, so the server refuses the last ones.
    await context.setOffline(true);
    dropServerSockets();
    await w.locator('.banner[data-connection="offline"]').waitFor();
    const texts = Array.from({ length: TYPED }, (_, i) => `Nachricht ${i + 1}`);
    for (const text of texts) {
      await w.locator('textarea.input').fill(text);
      await w.locator('textarea.input').press('Enter');
    }
    expect(await w.locator('[data-pending="queued"]').count()).toBe(TYPED);
    await context.setOffline(false);

    // The refusal, as the server sent it, and the notice the visitor reads (German, not the server's English).
    const notice = w.locator('.banner[data-error="rate_limit_exceeded"]');
    await notice.waitFor();
    expect(await notice.getAttribute('role')).toBe('alert');
    expect(await notice.locator('.banner-text').textContent()).toBe('Sie senden zu schnell Nachrichten. Bitte warten Sie einen Moment.');
    const refusal = frames.find((f) => f.type === 'error' && f.error === 'rate_limit_exceeded');
    expect(refusal).toMatchObject({ client_id: expect.any(String), retry_after: expect.any(Number) });
    // Whole seconds until one message's worth refilled: at most 60 s / allowance (less if part refilled already).
    const retryAfter = (refusal as { retry_after: number }).retry_after;
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60 / PER_MINUTE);
    // The refused messages wait in the list (queued), they are not marked failed.
    expect(await w.locator('[data-pending="failed"]').count()).toBe(0);

    // While the widget counts down, one snapshot of the page: the countdown shows the server's latest
    // retry_after, and no refused message has gone out again since its refusal.
    const snapshot = () =>
      page.evaluate((id) => {
        const root = document.querySelector(`parley-widget[data-frame-id="${id}"]`)!.shadowRoot!;
        const banner = root.querySelector<HTMLElement>('.banner[data-error="rate_limit_exceeded"]');
        const countdown = root.querySelector<HTMLElement>('.banner-sub[data-hold]');
        type Logged = { dir: 'in' | 'out'; frame: { type: string; client_id?: string; error?: string; retry_after?: number } };
        return { retryAfter: banner?.dataset.retryAfter, hold: countdown?.dataset.hold, text: countdown?.textContent, log: [...(window as unknown as { __frames: Logged[] }).__frames] };
      }, frameId);
    let held = await snapshot();
    while (!held.hold) held = await snapshot();
    const refusals = held.log.filter((e) => e.dir === 'in' && e.frame.type === 'error' && e.frame.error === 'rate_limit_exceeded');
    expect(refusals.length).toBeGreaterThanOrEqual(1);
    expect(Number(held.retryAfter)).toBe(refusals.at(-1)!.frame.retry_after);
    expect(Number(held.hold)).toBeGreaterThanOrEqual(1);
    expect(Number(held.hold)).toBeLessThanOrEqual(Number(held.retryAfter));
    expect(held.text).toContain(`${held.hold} s`);
    for (const refusal of refusals) {
      const after = held.log.slice(held.log.indexOf(refusal) + 1);
      expect(after.some((e) => e.dir === 'out' && e.frame.type === 'message.send' && e.frame.client_id === refusal.frame.client_id)).toBe(false);
    }
    // A message typed during the wait queues behind the refused ones.
    const late = 'Noch eine, während ich warte';
    await w.locator('textarea.input').fill(late);
    await w.locator('textarea.input').press('Enter');
    texts.push(late);

    // Once the wait is over everything is delivered, in order, once; the notice goes away.
    await w.locator('[data-pending]').first().waitFor({ state: 'detached' });
    await notice.waitFor({ state: 'detached' });
    await expect.poll(() => w.locator('li.msg-user .bubble').allTextContents()).toEqual(texts);
    const conversation = (await h.t.app.ctx.services.conversations.list(h.t.demo.project_id)).find((c) => c.messages.some((m) => m.content === texts[0]))!;
    expect(conversation.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(texts);
    // It really went through the limit: every refused message was acknowledged later.
    const refused = new Set(frames.flatMap((f) => (f.type === 'error' && f.error === 'rate_limit_exceeded' && f.client_id ? [f.client_id] : [])));
    expect(refused.size).toBeGreaterThanOrEqual(1);
    const acked = frames.flatMap((f) => (f.type === 'message.ack' ? [f.client_id] : []));
    for (const id of refused) expect(acked).toContain(id);
    expect(await watch.violations()).toEqual([]);
    await context.close();
  });
});
