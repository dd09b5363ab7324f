// Languages in real Chromium: the widget speaks English, German, Arabic and the other languages of
// its catalogues; the locale comes from configuration (data-locale, then the channel's), then the site's
// user locales (Parley('update', { locales })), then the browser; Arabic mirrors the layout
// (dir="rtl" on the app root, launcher and panel on the left); message text carries dir="auto".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { TestApp } from '../../server/testing/test-app.js';
import { hostPage, inShadow, startHostScenario, type HostScenario } from './host-site.js';
import { axeViolations } from './axe.js';
import { agentText } from '../../server/domains/agent/texts.js';

let t: TestApp;
let browser: Browser;
let host: HostScenario['host'];
let scenario: HostScenario;
/** The demo's second widget channel, whose own locale this file sets (a channel locale cannot be unset). */
let second: string;

beforeAll(async () => {
  // /<mode>?locale=xx → a host page embedding the widget in that mode with data-locale="xx".
  scenario = await startHostScenario((path, app, server) => {
    const url = new URL(path, 'http://x');
    const mode = url.pathname.slice(1) === 'launcher' ? 'launcher' : 'inline';
    return hostPage(server, url.searchParams.get('frame') ?? app.demo.frame_id, { mode, locale: url.searchParams.get('locale') ?? undefined });
  });
  ({ t, host, browser } = scenario);
  second = (await t.app.ctx.services.projects.listChannels(t.demo.project_id)).find((c) => c.type === 'website_widget' && c.frame_id !== t.demo.frame_id)!.frame_id;
});
afterAll(() => scenario?.close());

async function open(path: string, browserLocale: string) {
  const context = await browser.newContext({ locale: browserLocale, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${host.origin}${path}`);
  return { context, page, w: inShadow(page, t.demo.frame_id) };
}

const placeholder = (w: Locator) => w.locator('textarea.input').getAttribute('placeholder');
const rootDir = (w: Locator) => w.locator('div.app').evaluate((el) => [el.getAttribute('dir'), el.getAttribute('lang')]);

/** Opens the panel with the launcher labelled `label`, and waits until the app speaks `lang`. */
async function openLauncher(page: Page, w: Locator, label: string, lang: string) {
  // The loader labels its button in the visitor's language already, so this says nothing about
  // the app; the root's lang (set once the app's catalogue is in) does.
  const button = w.getByRole('button', { name: label, exact: true });
  await button.click();
  await w.locator('section.panel').waitFor();
  await w.locator(`div.app[lang="${lang}"]`).waitFor({ state: 'attached' });
  return page.viewportSize()!.width;
}

describe('the widget language', () => {
  it('follows the browser: English by default, German for a German browser, Spanish for a Mexican one', async () => {
    const en = await open('/inline', 'en-US');
    await expect.poll(() => placeholder(en.w)).toBe('Write a message…');
    expect(await rootDir(en.w)).toEqual(['ltr', 'en']);
    await en.context.close();

    const de = await open('/launcher', 'de-DE');
    await openLauncher(de.page, de.w, 'Chat öffnen', 'de');
    expect(await placeholder(de.w)).toBe('Nachricht schreiben…');
    expect(await rootDir(de.w)).toEqual(['ltr', 'de']);
    for (const name of ['Chat schließen', 'Sprachnachricht aufnehmen', 'Senden']) await de.w.getByRole('button', { name, exact: true }).first().waitFor();
    await de.w.getByRole('log', { name: 'Gespräch' }).waitFor();
    await de.context.close();

    const es = await open('/launcher', 'es-MX');
    await openLauncher(es.page, es.w, 'Abrir chat', 'es');
    expect(await placeholder(es.w)).toBe('Escribe un mensaje…');
    expect(await rootDir(es.w)).toEqual(['ltr', 'es']);
    for (const name of ['Cerrar chat', 'Enviar']) await es.w.getByRole('button', { name, exact: true }).first().waitFor();
    await es.context.close();
  });

  it('prefers configuration, then the user locales the site passes, then the browser', async () => {
    // data-locale beats the browser.
    const configured = await open('/inline?locale=de', 'ar-EG');
    await expect.poll(() => placeholder(configured.w)).toBe('Nachricht schreiben…');
    await configured.context.close();

    // The channel's locale is configuration too.
    const channel = (await t.app.ctx.services.projects.getChannelByFrameId(second))!;
    await t.app.ctx.services.projects.updateChannel(t.demo.project_id, channel.id, { locale: 'de' });
    const byChannel = await open(`/inline?frame=${second}`, 'ar-EG');
    const w2 = inShadow(byChannel.page, second);
    await expect.poll(() => placeholder(w2)).toBe('Nachricht schreiben…');
    await byChannel.context.close();

    // No configuration: the site's user locales beat the browser's.
    const user = await open('/inline', 'de-DE');
    await expect.poll(() => placeholder(user.w)).toBe('Nachricht schreiben…');
    await user.page.evaluate(() => (window as unknown as { Parley(...a: unknown[]): void }).Parley('update', { locales: ['ar-SA', 'en'] }));
    await expect.poll(() => placeholder(user.w)).toBe('اكتب رسالة…');
    await user.context.close();
  });

  it('mirrors the layout for Arabic: dir="rtl" on the root, launcher and panel on the left', async () => {
    const ltr = await open('/launcher', 'en-US');
    const width = await openLauncher(ltr.page, ltr.w, 'Open chat', 'en');
    const ltrButton = (await ltr.w.locator('button.launcher').boundingBox())!;
    const ltrPanel = (await ltr.w.locator('section.panel').boundingBox())!;
    expect(ltrButton.x).toBeGreaterThan(width / 2);
    expect(ltrPanel.x).toBeGreaterThan(width / 2 - ltrPanel.width);
    await ltr.context.close();

    const { context, page, w } = await open('/launcher', 'ar-EG');
    await openLauncher(page, w, 'فتح المحادثة', 'ar');
    expect(await rootDir(w)).toEqual(['rtl', 'ar']);
    const button = (await w.locator('button.launcher').boundingBox())!;
    const panel = (await w.locator('section.panel').boundingBox())!;
    expect(button.x + button.width).toBeLessThan(width / 2);
    expect(panel.x).toBeLessThan(width / 2 - panel.width / 2);
    // Inside the panel the composer mirrors too: the send button is left of the message box.
    const input = (await w.locator('textarea.input').boundingBox())!;
    const send = (await w.getByRole('button', { name: 'إرسال' }).boundingBox())!;
    expect(send.x).toBeLessThan(input.x);
    expect(await w.locator('section.panel').evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    await w.getByRole('dialog', { name: 'Demo website' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // An explicit side from the channel is the site owner's choice and wins over mirroring.
    const channel = (await t.app.ctx.services.projects.getChannelByFrameId(t.demo.frame_id))!;
    await t.app.ctx.services.projects.updateChannel(t.demo.project_id, channel.id, { theme: { ...(channel.theme ?? {}), position: 'right' } });
    try {
      await page.reload();
      await openLauncher(page, w, 'فتح المحادثة', 'ar');
      // The loader paints Arabic on the left; the app moves it once the channel's settings are in.
      await expect.poll(async () => (await w.locator('button.launcher').boundingBox())!.x).toBeGreaterThan(width / 2);
    } finally {
      await t.app.ctx.services.projects.updateChannel(t.demo.project_id, channel.id, { theme: channel.theme ?? {} });
    }
    await context.close();
  });

  it('labels and places the launcher the loader paints before the app has loaded', async () => {
    // The app chunk never arrives, so all that is on screen is the loader's own button.
    const before = async (path: string, browserLocale: string) => {
      const context = await browser.newContext({ locale: browserLocale, viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const app: string[] = [];
      await page.route(/\/widget\/app-[^/]+\.js$/, (route) => {
        app.push(route.request().url());
        return route.abort();
      });
      await page.goto(`${host.origin}${path}`);
      const w = inShadow(page, t.demo.frame_id);
      const button = w.locator('button.launcher');
      await button.hover(); // intent: the loader asks for the app now, and is refused
      await expect.poll(() => app.length).toBeGreaterThan(0);
      expect(await w.locator('section.panel, .app > *').count()).toBe(0);
      const box = (await button.boundingBox())!;
      return { context, label: await button.getAttribute('aria-label'), right: box.x > 640 };
    };
    for (const [path, locale, label, right] of [
      ['/launcher', 'en-US', 'Open chat', true],
      ['/launcher', 'de-DE', 'Chat öffnen', true],
      ['/launcher', 'ar-EG', 'فتح المحادثة', false],
      ['/launcher', 'fr-FR', 'Ouvrir le chat', true],
      ['/launcher', 'nl-BE', 'Chat openen', true],
      ['/launcher?locale=de', 'ar-EG', 'Chat öffnen', true], // data-locale beats the browser
      ['/launcher?locale=ar', 'en-US', 'فتح المحادثة', false],
    ] as const) {
      const r = await before(path, locale);
      expect({ path, locale, label: r.label, right: r.right }).toEqual({ path, locale, label, right });
      await r.context.close();
    }
  });

  it('greets, names the channel and refuses in the visitor language: German, and Arabic right-to-left', async () => {
    // A channel with its own texts per language (docs/widget-voice-languages-a11y.md "Channel texts").
    const { projects } = t.app.ctx.services;
    const demo = (await projects.getChannelByFrameId(t.demo.frame_id))!;
    const channel = await projects.createChannel(t.demo.project_id, {
      name: 'Help desk',
      greeting: 'Hi! How can we help?',
      allowed_origins: demo.allowed_origins,
      texts: {
        de: { name: 'Hilfe', greeting: 'Hallo! Wie können wir helfen?' },
        ar: { name: 'مركز المساعدة', greeting: 'مرحبًا! كيف يمكننا مساعدتك؟' },
      },
    });
    const cases = [
      { browserLocale: 'de-DE', lang: 'de', dir: 'ltr', name: 'Hilfe', greeting: 'Hallo! Wie können wir helfen?', question: 'Können Sie mir sagen, wie das Wetter morgen auf dem Mond wird?' },
      // Arabic questions are not told apart from English by the retrieval analysers, so the refusal's
      // language here comes from the visitor's locale alone.
      { browserLocale: 'ar-EG', lang: 'ar', dir: 'rtl', name: 'مركز المساعدة', greeting: 'مرحبًا! كيف يمكننا مساعدتك؟', question: 'هل يمكنك أن تخبرني كيف سيكون الطقس على سطح القمر غدًا؟' },
    ];
    // The embed's data-locale beats the browser for the server's texts too, as it does for the interface.
    const configured = { ...cases[0], browserLocale: 'ar-EG', query: '&locale=de' };
    for (const c of [cases[0], configured, cases[1]]) {
      const context = await browser.newContext({ locale: c.browserLocale, viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${host.origin}/inline?frame=${channel.frame_id}${'query' in c ? c.query : ''}`);
      const w = inShadow(page, channel.frame_id);
      await w.locator(`div.app[lang="${c.lang}"]`).waitFor({ state: 'attached' });
      expect(await rootDir(w)).toEqual([c.dir, c.lang]);
      await expect.poll(() => w.locator('h2.hd-title').textContent()).toBe(c.name);
      await w.locator('li.msg-assistant .bubble', { hasText: c.greeting }).waitFor();
      expect(await w.locator('li.msg-assistant .bubble', { hasText: c.greeting }).evaluate((el) => getComputedStyle(el).direction)).toBe(c.dir);

      await w.locator('textarea.input').fill(c.question);
      await w.locator('textarea.input').press('Enter');
      const reply = w.locator('li.msg-assistant[data-id] .bubble').last();
      await w.locator('li.msg-assistant[data-id]').first().waitFor({ timeout: 20_000 });
      // Nothing to answer from: the refusal (or "not sure, these look related") in the visitor's language.
      const text = (await reply.textContent())!;
      const refusals = [agentText(c.lang, 'noAnswer'), agentText(c.lang, 'unsure')];
      expect(refusals.some((r) => text.startsWith(r)), `${c.lang}: ${text}`).toBe(true);
      expect(text).not.toContain(agentText('en', 'noAnswer'));
      await context.close();
    }
  });

  it('gives every message dir="auto", so each takes the direction of its own text', async () => {
    const { context, w } = await open('/inline', 'ar-EG');
    await expect.poll(() => placeholder(w)).toBe('اكتب رسالة…');
    for (const text of ['Where is my order?', 'أين طلبي؟']) {
      await w.locator('textarea.input').fill(text);
      await w.locator('textarea.input').press('Enter');
      await w.locator('li.msg-user:not(:has(.status))', { hasText: text }).waitFor();
    }
    await w.locator('li.msg-assistant[data-id]').first().waitFor({ timeout: 20_000 });
    expect(await w.locator('li.msg .bubble:not([dir="auto"])').count()).toBe(0);
    const direction = (text: string) => w.locator('li.msg-user .bubble', { hasText: text }).evaluate((el) => getComputedStyle(el.firstElementChild!).direction);
    expect(await direction('Where is my order?')).toBe('ltr');
    expect(await direction('أين طلبي؟')).toBe('rtl');
    await context.close();
  });
});
