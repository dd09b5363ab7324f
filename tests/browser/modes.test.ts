// The three embed modes (spec 2.10) and the loader's JS API in real Chromium against the real app,
// on the server's example host pages opened from another site (localhost vs 127.0.0.1).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, sendMessage, watchPage, widget, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

async function openPage(path: string, viewport = { width: 1280, height: 800 }, device: { isMobile?: boolean; hasTouch?: boolean; origin?: string } = {}) {
  const { origin = h.site, ...options } = device;
  const context = await h.browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  const watch = await watchPage(page, /\/examples\/example\.css/);
  await page.goto(`${origin}${path}`);
  return { context, page, watch };
}

describe('launcher mode', () => {
  it('paints the button before the app loads, opens on click, chats, and closes with Escape', async () => {
    const { context, page, watch } = await openPage('/examples/launcher.html');
    const [frameId] = h.frameIds;
    const w = widget(page, frameId);
    const button = w.locator('button.launcher');
    await button.waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    // Shadow DOM: the host page cannot see the widget's nodes through its own document.
    expect(await page.evaluate(() => document.querySelectorAll('button.launcher, .panel').length)).toBe(0);

    await button.click();
    await w.locator('section.panel').waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    // Focus moves into the message box (keyboard use).
    await expect.poll(() => w.locator('textarea.input').evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement)).toBe(true);
    await w.locator('li.msg-assistant', { hasText: 'Ask me anything' }).waitFor(); // the channel greeting

    await sendMessage(page, frameId, 'How do I add the widget to my site?');
    await w.locator('li.msg-assistant[data-id]').first().waitFor();

    await page.keyboard.press('Escape');
    await w.locator('section.panel').waitFor({ state: 'detached' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => button.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement)).toBe(true);
    expect(await watch.violations()).toEqual([]);
    await context.close();
  });

  it('is fully usable with the keyboard alone', async () => {
    const { context, page } = await openPage('/examples/launcher.html');
    const w = widget(page, h.frameIds[0]);
    await w.locator('button.launcher').focus();
    await page.keyboard.press('Enter');
    await w.locator('section.panel').waitFor();
    await page.keyboard.type('Typed with the keyboard only');
    await page.keyboard.press('Enter');
    await w.locator('li.msg-user .bubble', { hasText: 'Typed with the keyboard only' }).waitFor();
    await w.locator('li.msg-assistant[data-id]').first().waitFor();
    // Every control in the panel is reachable by Tab (no positive tabindex traps, nothing skipped).
    const reachable = new Set<string>();
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      const name = await page.evaluate(() => {
        const host = document.activeElement;
        const el = host?.shadowRoot?.activeElement ?? host;
        return el ? `${el.tagName}.${el.className}` : '';
      });
      reachable.add(name);
    }
    expect([...reachable].some((n) => n.startsWith('TEXTAREA.input'))).toBe(true);
    expect([...reachable].some((n) => n.startsWith('BUTTON.icon-btn'))).toBe(true);
    await context.close();
  });

  it('becomes a full-screen sheet on a phone-sized viewport that ends above the on-screen keyboard', async () => {
    // A phone (mobile viewport, touch) on a responsive page: on BASE_URL, where the page's own
    // stylesheet is allowed by its policy, so the page is not zoomed out.
    const { context, page } = await openPage('/examples/launcher.html', { width: 375, height: 667 }, { isMobile: true, hasTouch: true, origin: h.base });
    const w = widget(page, h.frameIds[0]);
    await w.locator('button.launcher').click();
    const panel = w.locator('section.panel');
    await panel.waitFor();
    const box = (await panel.boundingBox())!;
    expect(box.x).toBe(0);
    expect(box.width).toBe(375);
    expect(box.height).toBe(667);
    // The launcher button is hidden behind the sheet (the header's close button closes it).
    expect(await w.locator('button.launcher').isVisible()).toBe(false);
    // The visual viewport drives the sheet height (what an on-screen keyboard changes).
    expect(await w.evaluate((el: HTMLElement) => el.style.getPropertyValue('--parley-vh'))).toBe('667px');
    // Shrink the visual viewport under a taller layout viewport, as an on-screen keyboard does (a
    // pinch zoom is the one way Chromium offers to do that): the sheet follows it and the message
    // box stays inside what the visitor can see.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Input.synthesizePinchGesture', { x: 187, y: 600, scaleFactor: 2, relativeSpeed: 2000 });
    await expect.poll(() => page.evaluate(() => window.visualViewport!.height)).toBeLessThan(400);
    const vv = await page.evaluate(() => ({ top: window.visualViewport!.offsetTop, height: window.visualViewport!.height }));
    await expect.poll(() => w.evaluate((el: HTMLElement) => el.style.getPropertyValue('--parley-vh'))).toBe(`${Math.round(vv.height)}px`);
    const sheet = (await panel.evaluate((el) => el.getBoundingClientRect().toJSON())) as DOMRect;
    expect(Math.abs(sheet.top - vv.top)).toBeLessThanOrEqual(1);
    expect(Math.abs(sheet.height - vv.height)).toBeLessThanOrEqual(1);
    const input = (await w.locator('textarea.input').evaluate((el) => el.getBoundingClientRect().toJSON())) as DOMRect;
    expect(input.bottom).toBeLessThanOrEqual(vv.top + vv.height + 1);
    expect(input.top).toBeGreaterThanOrEqual(vv.top);
    await context.close();
  });
});

describe('launcher mode under hostile host CSS', () => {
  it('stays in its corner, visible and working when page rules hit the host element', async () => {
    const { context, page, watch } = await openPage('/examples/launcher.html');
    const [frameId] = h.frameIds;
    // Rules that reach the widget's host element (it sits in the page's DOM): hide, move, shrink.
    await page.evaluate(() => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(
        'body > * { position: static !important; display: none !important; opacity: 0 !important; visibility: hidden !important; transform: scale(0) !important; margin: 500px !important; z-index: -1 !important; } ' +
          'button, section, textarea { display: none !important; color: red !important; } * { font-family: serif !important; }',
      );
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    });
    const w = widget(page, frameId);
    const button = w.locator('button.launcher');
    await button.waitFor();
    expect(await button.isVisible()).toBe(true);
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeGreaterThan(1280 - 120);
    expect(box.y + box.height).toBeGreaterThan(800 - 120);
    // Still on top (the build's CSS minifier stores 2147483000 as a float: 2147480000).
    expect(Number(await w.evaluate((el) => getComputedStyle(el).zIndex))).toBeGreaterThanOrEqual(2147480000);
    await button.click();
    await w.locator('section.panel').waitFor();
    expect(await w.locator('textarea.input').isVisible()).toBe(true);
    await sendMessage(page, frameId, 'Still here despite the page CSS');
    expect(await watch.violations()).toEqual([]);
    await context.close();
  });
});

describe('inline mode', () => {
  it('renders inside the host element, isolated from the host page CSS', async () => {
    const { context, page, watch } = await openPage('/examples/inline.html');
    const [frameId] = h.frameIds;
    // Hostile host CSS: none of it may reach inside the widget.
    // (A constructable sheet: the page's own CSP refuses inline <style>, as it should.)
    await page.evaluate(() => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('button, textarea, section, p, li { display: none !important; color: red !important; } * { font-family: serif !important; }');
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    });
    const w = widget(page, frameId);
    await w.locator('section.panel').waitFor();
    expect(await page.locator('#parley-chat parley-widget').count()).toBe(1);
    expect(await w.locator('textarea.input').isVisible()).toBe(true);
    // No close button inline: it is part of the page.
    expect(await w.locator('.hd').getByRole('button', { name: 'Close chat' }).count()).toBe(0);
    await sendMessage(page, frameId, 'Hello from the inline widget');
    await w.locator('li.msg-assistant[data-id]').first().waitFor();
    const bodyFont = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    const widgetFont = await w.locator('textarea.input').evaluate((el) => getComputedStyle(el).fontFamily);
    expect(widgetFont).not.toBe(bodyFont);
    // And the widget's styles do not leak out: no widget class matches anything in the host document.
    expect(await page.evaluate(() => document.querySelectorAll('.panel, .bubble, .composer').length)).toBe(0);
    expect(await watch.violations()).toEqual([]);
    await context.close();
  });
});

describe('iframe mode', () => {
  it('mounts the same app full-size in the CHAT_URL frame page and chats', async () => {
    const { context, page, watch } = await openPage('/examples/iframe.html');
    const [frameId] = h.frameIds;
    const frame = page.frameLocator('iframe.chat-frame');
    const w = frame.locator(`parley-widget[data-frame-id="${frameId}"]`);
    await w.locator('section.panel').waitFor();
    expect(await w.getAttribute('class')).toContain('frame');
    await w.locator('textarea.input').fill('Hello from the iframe');
    await w.locator('textarea.input').press('Enter');
    await w.locator('li.msg-user:not(:has(.status))', { hasText: 'Hello from the iframe' }).waitFor();
    await w.locator('li.msg-assistant[data-id]').first().waitFor();
    const size = await page.locator('iframe.chat-frame').boundingBox();
    const panel = await w.locator('section.panel').boundingBox();
    const inner = await page.locator('iframe.chat-frame').evaluate((el) => el.clientWidth);
    expect(Math.round(panel!.width)).toBe(inner);
    expect(size!.width - inner).toBeLessThanOrEqual(10); // only the iframe's own border
    expect(await watch.violations()).toEqual([]);
    await context.close();
  });

  it('can also be inserted by the loader (data-mode="iframe" / boot) into a host element', async () => {
    // On BASE_URL, whose launcher example policy allows framing CHAT_URL (same origin here).
    const context = await h.browser.newContext();
    const page = await context.newPage();
    const watch = await watchPage(page);
    await page.goto(`${h.base}/examples/launcher.html`);
    const [, second] = h.frameIds;
    await page.evaluate(
      ({ id, base }) => {
        const box = document.createElement('div');
        box.id = 'boot-frame';
        document.querySelector('main')!.append(box);
        (window as unknown as { Parley: (...a: unknown[]) => void }).Parley('boot', { frame_id: id, mode: 'iframe', target: '#boot-frame', base_url: base });
      },
      { id: second, base: h.base },
    );
    const iframe = widget(page, second).locator('iframe');
    expect(await iframe.getAttribute('src')).toBe(`${h.base}/frame/${second}`);
    await page.frameLocator(`parley-widget[data-frame-id="${second}"] iframe`).locator('section.panel').waitFor();
    expect(await watch.violations()).toEqual([]);
    await context.close();
  });
});

describe('two widgets on one page', () => {
  it('work independently: own cookies, conversations, commands and events', async () => {
    const { context, page, watch } = await openPage('/examples/two-widgets.html');
    const [first, second] = h.frameIds;
    const a = widget(page, first);
    const b = widget(page, second);
    await a.locator('button.launcher').waitFor();
    await b.locator('section.panel').waitFor();
    expect(await page.evaluate(() => (window as unknown as { Parley: { widgets(): string[] } }).Parley.widgets().sort())).toEqual([first, second].sort());

    await page.evaluate((id) => {
      const w = window as unknown as { Parley: (...a: unknown[]) => void; __events: string[] };
      w.__events = [];
      w.Parley('on', 'open', (e: { frame_id: string }) => w.__events.push(`open:${e.frame_id}`));
      w.Parley({ frame_id: id }, 'on', 'message', (e: { frame_id: string }) => w.__events.push(`message:${e.frame_id}`));
      w.Parley({ frame_id: id }, 'open');
    }, first);
    await a.locator('section.panel').waitFor();

    await sendMessage(page, first, 'Question for the first widget');
    await sendMessage(page, second, 'Question for the second widget');
    await a.locator('li.msg-assistant[data-id]').first().waitFor();
    await b.locator('li.msg-assistant[data-id]').first().waitFor();
    await expect.poll(() => a.locator('li.msg-user').allTextContents()).toEqual([expect.stringContaining('first widget')]);
    await expect.poll(() => b.locator('li.msg-user').allTextContents()).toEqual([expect.stringContaining('second widget')]);
    // The second widget's theme (left, green) came from its channel config.
    expect(await b.evaluate((el: HTMLElement) => el.style.getPropertyValue('--parley-accent'))).toBe('#1a7f37');

    const cookies = (await context.cookies()).map((c) => c.name).sort();
    for (const id of [first, second]) for (const kind of ['device', 'user', 'session']) expect(cookies).toContain(`parley-${kind}-${id}`);
    const conversations = (await h.t.app.ctx.services.conversations.list(h.t.demo.project_id)).filter((c) =>
      c.messages.some((m) => /Question for the (first|second) widget/.test(m.content)),
    );
    expect(new Set(conversations.map((c) => c.channel_id)).size).toBe(2);

    const events = await page.evaluate(() => (window as unknown as { __events: string[] }).__events);
    expect(events).toContain(`open:${first}`);
    expect(events.filter((e) => e.startsWith('message:')).every((e) => e === `message:${first}`)).toBe(true);
    expect(events.some((e) => e === `message:${first}`)).toBe(true);

    await page.evaluate((id) => (window as unknown as { Parley: (...a: unknown[]) => void }).Parley({ frame_id: id }, 'destroy'), second);
    expect(await b.count()).toBe(0);
    expect(await a.count()).toBe(1);
    expect(await watch.violations()).toEqual([]);
    await context.close();
  });
});

describe('JS API', () => {
  it('replays calls queued before the loader ran and reports events', async () => {
    const context = await h.browser.newContext();
    const page = await context.newPage();
    // Queue calls before the loader exists, with the documented stub.
    await page.addInitScript(() => {
      const w = window as unknown as { Parley: ((...a: unknown[]) => void) & { q?: unknown[] }; __events: string[] };
      w.__events = [];
      w.Parley = w.Parley || function (...args: unknown[]) { (w.Parley.q = w.Parley.q || []).push(args); };
      for (const name of ['ready', 'open', 'close', 'unread_count']) w.Parley('on', name, (e: object) => w.__events.push(`${name}:${JSON.stringify(e)}`));
      w.Parley('open');
    });
    await page.goto(`${h.site}/examples/launcher.html`);
    const [frameId] = h.frameIds;
    const w = widget(page, frameId);
    await w.locator('section.panel').waitFor();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __events: string[] }).__events.filter((e) => /^(ready|open):/.test(e)).length)).toBe(2);
    await page.evaluate(() => (window as unknown as { Parley: (c: string) => void }).Parley('toggle'));
    await w.locator('section.panel').waitFor({ state: 'detached' });
    const events = await page.evaluate(() => (window as unknown as { __events: string[] }).__events);
    expect(events).toContain(`close:${JSON.stringify({ frame_id: frameId })}`);
    await context.close();
  });
});
