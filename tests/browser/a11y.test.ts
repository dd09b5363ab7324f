// Accessibility of the widget in real Chromium: axe-core finds no violations in
// every mode (launcher, inline, iframe) closed, open and with messages; the launcher panel is a
// labelled dialog whose focus moves in on open and back to the launcher on Escape; completed answers
// are announced once through a polite live region, never token by token; reduced motion is honoured.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContextOptions, Frame, Locator, Page } from 'playwright-core';
import type { TestApp } from '../../server/testing/test-app.js';
import { hostPage, inShadow, startHostScenario, type HostScenario } from './host-site.js';
import { axeViolations } from './axe.js';

let t: TestApp;
let base: string;
let browser: Browser;
let host: HostScenario['host'];
let scenario: HostScenario;

beforeAll(async () => {
  // /launcher, /inline, /iframe: one host page per mode.
  scenario = await startHostScenario((path, app, server) => {
    const mode = path.slice(1).split('?')[0] as 'launcher' | 'inline' | 'iframe';
    return hostPage(server, app.demo.frame_id, { mode: ['launcher', 'inline', 'iframe'].includes(mode) ? mode : 'inline', title: 'Shop help' });
  });
  ({ t, base, host, browser } = scenario);
});
afterAll(() => scenario?.close());

async function open(mode: 'launcher' | 'inline' | 'iframe', options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ bypassCSP: true, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${host.origin}/${mode}`);
  return { context, page, errors };
}

/** The chat frame of iframe mode, once its app has rendered. */
async function chatFrame(page: Page): Promise<Frame> {
  await page.frameLocator('parley-widget iframe').locator('section.panel').waitFor();
  return page.frames().find((f) => f.url().startsWith(`${base}/frame/`))!;
}

/** Sends a message and waits until the assistant's stored answer is shown. */
async function chat(w: Locator, text: string) {
  await w.locator('textarea.input').fill(text);
  await w.locator('textarea.input').press('Enter');
  await w.locator('li.msg-user:not(:has(.status))', { hasText: text }).waitFor();
  await w.locator('li.msg-assistant[data-id]').first().waitFor({ timeout: 20_000 });
}

const activeInShadow = (l: Locator) => l.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement);

describe('axe-core finds no violations', () => {
  it('in launcher mode: closed, open and with messages', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const appLoaded = page.waitForResponse((r) => r.url().startsWith(`${base}/widget/`) && !r.url().endsWith('/loader.js'));
    await page.goto(`${host.origin}/launcher`);
    const w = inShadow(page, t.demo.frame_id);
    // Closed: the launcher the loader painted, then with the app chunk loaded (on idle or intent).
    await w.locator('button.launcher').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await w.locator('button.launcher').hover();
    await appLoaded;
    expect(await axeViolations(page)).toEqual([]);
    await w.locator('button.launcher').click();
    await w.locator('section.panel').waitFor();
    await w.locator('li.msg-assistant').first().waitFor(); // the greeting
    expect(await axeViolations(page)).toEqual([]);
    await chat(w, 'How do I add the widget to my site?');
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in inline mode: before the first message and with messages', async () => {
    const { context, page, errors } = await open('inline');
    const w = inShadow(page, t.demo.frame_id);
    await w.locator('section.panel').waitFor();
    await w.locator('li.msg-assistant').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await chat(w, 'What are your opening hours?');
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in iframe mode: the host page and the chat frame, before and with messages', async () => {
    const { context, page, errors } = await open('iframe');
    const frame = await chatFrame(page);
    const w = frame.locator(`parley-widget[data-frame-id="${t.demo.frame_id}"]`);
    await w.locator('li.msg-assistant').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await axeViolations(frame)).toEqual([]);
    await chat(w, 'Can I talk to a person?');
    expect(await axeViolations(frame)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('does see inside the widget: an unlabelled control in the shadow root is reported', async () => {
    const { context, page } = await open('inline');
    await inShadow(page, t.demo.frame_id).locator('section.panel').evaluate((panel) => {
      const b = document.createElement('button');
      b.className = 'planted';
      panel.append(b);
    });
    expect((await axeViolations(page)).join('\n')).toMatch(/^button-name .*planted/m);
    await context.close();
  });
});

describe('the launcher panel', () => {
  it('is a labelled dialog; focus moves in on open and back to the launcher on Escape', async () => {
    const { context, page } = await open('launcher');
    const w = inShadow(page, t.demo.frame_id);
    const launcher = w.locator('button.launcher');
    await launcher.focus();
    await page.keyboard.press('Enter');
    const dialog = w.getByRole('dialog', { name: 'Demo website' });
    await dialog.waitFor();
    expect(await launcher.getAttribute('aria-expanded')).toBe('true');
    expect(await launcher.getAttribute('aria-label')).toBe('Close chat');
    expect(await launcher.getAttribute('aria-haspopup')).toBe('dialog');
    expect(await dialog.getAttribute('aria-labelledby')).toBe('parley-title');
    await expect.poll(() => activeInShadow(w.locator('textarea.input'))).toBe(true);
    // Every control has an accessible name.
    for (const name of ['Close chat', 'Record a voice message', 'Send']) await w.getByRole('button', { name, exact: true }).first().waitFor();
    await w.getByRole('textbox', { name: 'Write a message…' }).waitFor();
    await w.getByRole('log', { name: 'Conversation' }).waitFor();

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await launcher.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => activeInShadow(launcher)).toBe(true);

    // The close button does the same, and Escape elsewhere on the page is left to the page.
    await launcher.click();
    await dialog.waitFor();
    await w.getByRole('button', { name: 'Close chat', exact: true }).first().click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => activeInShadow(launcher)).toBe(true);
    await launcher.click();
    await dialog.waitFor();
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.id = 'search';
      input.setAttribute('aria-label', 'Search');
      document.body.append(input);
      input.focus();
    });
    await page.keyboard.press('Escape');
    expect(await dialog.count()).toBe(1);
    await context.close();
  });
});

describe('screen reader announcements', () => {
  it('announce each completed answer once, politely, never the streamed tokens', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    let deltas = 0;
    page.on('websocket', (ws) => ws.on('framereceived', (f) => void (String(f.payload).includes('"message.delta"') && deltas++)));
    await page.goto(`${host.origin}/inline`);
    const w = inShadow(page, t.demo.frame_id);
    await w.locator('section.panel').waitFor();
    expect(await w.locator('[role="log"]').getAttribute('aria-live')).toBe('off');
    const region = w.locator('[role="status"][aria-live="polite"][aria-atomic="true"]');
    // Record every text the live region ever holds.
    await region.evaluate((el) => {
      const seen: string[] = [];
      (window as unknown as { __announced: string[] }).__announced = seen;
      new MutationObserver(() => seen.push(el.textContent ?? '')).observe(el, { childList: true, characterData: true, subtree: true });
    });
    const announced = () => page.evaluate(() => (window as unknown as { __announced: string[] }).__announced.filter(Boolean));
    await chat(w, 'How do I add the widget to my site?');
    // The answer went out as a streamed draft first, yet it is announced once, in full. (The offline
    // answerer's text leaves as one delta frame; realtime.test.ts checks a model's many-piece stream.)
    expect(deltas).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await announced()).length).toBe(1);
    const [said] = await announced();
    const answer = (await w.locator('li.msg-assistant[data-id] .bubble').last().innerText()).trim();
    const words = (s: string) => s.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
    expect(said!.startsWith('Assistant: ')).toBe(true);
    expect(words(said!)).toContain(words(answer).slice(0, 60));
    // History shown on a reload is not read out again.
    await page.reload();
    await w.locator('li.msg-assistant[data-id]').first().waitFor();
    expect(await w.locator('[role="status"][aria-live="polite"]').first().textContent()).toBe('');
    await context.close();
  });
});

describe('reduced motion', () => {
  it('stops every animation and transition when the visitor asks for reduced motion', async () => {
    const probe = async (reducedMotion: 'reduce' | 'no-preference') => {
      const { context, page } = await open('inline', { reducedMotion });
      const w = inShadow(page, t.demo.frame_id);
      await w.locator('section.panel').waitFor();
      // The animated parts (typing dots, level meter) measured with the widget's real stylesheet.
      const styles = await w.locator('section.panel').evaluate((panel) => {
        const probe = document.createElement('div');
        probe.innerHTML = '<span class="dots"><i></i></span><span class="voice-level"><span class="voice-level-bar"></span></span>';
        panel.append(probe);
        const dot = getComputedStyle(probe.querySelector('.dots i')!);
        const bar = getComputedStyle(probe.querySelector('.voice-level-bar')!);
        const out = { animation: dot.animationName, transition: bar.transitionDuration };
        probe.remove();
        return out;
      });
      await context.close();
      return styles;
    };
    expect(await probe('no-preference')).toEqual({ animation: 'blink', transition: '0.06s' });
    expect(await probe('reduce')).toEqual({ animation: 'none', transition: '0s' });
  });
});
