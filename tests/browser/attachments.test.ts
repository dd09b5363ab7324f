// Files between the widget and the console in real Chromium, two browser contexts
// (docs/attachments.md): a visitor sends a screenshot with the widget's paperclip and sees it inline;
// the operator, with the conversation open in the console, sees it arrive live and loaded through its
// signed link; the operator sends a PDF from the console's composer and the visitor gets a download
// link; a file sent alone gets the AI's one note offering a person.
// axe checks the widget and the console with files shown at 1280×800 and 390×844, and no CSP
// report comes from either page. Screenshots go to /tmp/attachments-*.png for a person to look at.
// A visitor whose first act is attaching an image starts the conversation with it, and the operator
// watching the inbox sees it appear live.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { ServerFrame } from '../../shared/protocol.js';
import { sendMessage, watchPage, widget } from './harness.js';
import { consoleHarness, signIn } from './console-harness.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { axeViolations } from './axe.js';

const h = consoleHarness();

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** A real 2×2 PNG, standing in for a screenshot. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/**
 * axe, put in every page before it loads: the pages keep their CSP (a report from either page fails
 * the test), which would refuse axe added later as an inline script.
 */
const AXE = readFileSync(join(import.meta.dirname, '../../node_modules/axe-core/axe.min.js'), 'utf8');

/** Whether an image finished loading with real pixels (its signed link worked). */
const loaded = (img: Locator) => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0);

/** axe at both sizes, with a screenshot of each; back to desktop after. */
async function axeAtBothSizes(page: Page, name: string): Promise<string[]> {
  const found: string[] = [];
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    found.push(...(await axeViolations(page)).map((v) => `${size.width}: ${v}`));
    await page.screenshot({ path: `/tmp/attachments-${name}-${size.width}.png` });
  }
  await page.setViewportSize(DESKTOP);
  return found;
}

/** A visitor's own browser context on the customer's page, the widget's panel open; the frames its socket receives. */
async function openWidget(fid: string) {
  const visitorContext = await h.browser.newContext({ locale: 'en-US', viewport: DESKTOP });
  await visitorContext.addInitScript({ content: AXE });
  const page = await visitorContext.newPage();
  page.setDefaultTimeout(20_000);
  const frames: ServerFrame[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => frames.push(JSON.parse(String(payload)) as ServerFrame)));
  const watch = await watchPage(page, /\/examples\/example\.css/);
  await page.goto(`${h.site}/examples/launcher.html`);
  const w = widget(page, fid);
  await w.locator('button.launcher').click();
  await w.locator('section.panel').waitFor();
  return { visitorContext, page, frames, watch, w };
}

describe('attachments between the widget and the console', () => {
  it('a visitor\'s screenshot reaches the operator live; the operator\'s PDF reaches the visitor', { timeout: 150_000 }, async () => {
    const fid = h.frameIds[0];
    // The visitor on the customer's site.
    const { visitorContext, page, frames, watch, w } = await openWidget(fid);
    await sendMessage(page, fid, 'The checkout shows an error, see my screenshot');
    const ack = frames.find((f): f is Extract<ServerFrame, { type: 'message.ack' }> => f.type === 'message.ack')!;

    // The operator has the conversation open.
    const ops = await h.browser.newContext({ viewport: DESKTOP });
    await ops.addInitScript({ content: AXE });
    const console_ = await ops.newPage();
    console_.setDefaultTimeout(20_000);
    const consoleWatch = await watchPage(console_);
    await signIn(console_, h);
    await console_.goto(`${h.base}/app/p/${h.t.demo.project_id}/c/${ack.conversation.id}`);
    const log = console_.getByRole('log', { name: 'Messages' });
    await log.locator('li.msg-user', { hasText: 'The checkout shows an error' }).waitFor();

    // The paperclip opens the file picker; the screenshot goes up and shows inline in the widget.
    const chooser = page.waitForEvent('filechooser');
    await w.getByRole('button', { name: 'Attach a screenshot or PDF' }).click();
    await (await chooser).setFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: PNG });
    const mine = w.locator('li.msg-user img.file-img[alt="screenshot.png"]');
    await mine.waitFor();
    await expect.poll(() => loaded(mine)).toBe(true);

    // Live in the console, loaded through its signed link; no reload.
    const seen = log.locator('li.msg-user .msg-files img[alt="screenshot.png"]');
    await seen.waitFor();
    await expect.poll(() => loaded(seen)).toBe(true);

    // A type the channel does not take is refused before upload, with a message.
    const chooser2 = page.waitForEvent('filechooser');
    await w.getByRole('button', { name: 'Attach a screenshot or PDF' }).click();
    await (await chooser2).setFiles({ name: 'page.html', mimeType: 'text/html', buffer: Buffer.from('<p>hi</p>') });
    await w.getByRole('status').filter({ hasText: 'Only images (PNG, JPEG, GIF, WebP) and PDFs can be sent.' }).waitFor();

    // The operator sends a PDF from the composer; the visitor gets a download link.
    await console_.locator('.composer-attach input[type=file]').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: PDF });
    await log.locator('li.msg-operator a.msg-file', { hasText: 'invoice.pdf' }).waitFor();
    const link = w.locator('li.msg-operator a.file-link', { hasText: 'invoice.pdf' });
    await link.waitFor();
    expect(await link.getAttribute('download')).toBe('invoice.pdf');
    const href = (await link.getAttribute('href'))!;
    const res = await fetch(href);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="invoice\.pdf"/);
    expect(res.headers.get('content-type')).toBe('application/pdf');

    expect(await axeAtBothSizes(page, 'widget')).toEqual([]);
    expect(await axeAtBothSizes(console_, 'console')).toEqual([]);
    expect(await watch.violations()).toEqual([]);
    expect(await consoleWatch.violations()).toEqual([]);
    await visitorContext.close();
    await ops.close();
  });

  it('a visitor whose very first act is attaching an image starts the conversation with it; the operator sees it arrive live', { timeout: 90_000 }, async () => {
    const fid = h.frameIds[0];
    // The operator watches the inbox before the visitor does anything.
    const ops = await h.browser.newContext({ viewport: DESKTOP });
    const console_ = await ops.newPage();
    console_.setDefaultTimeout(20_000);
    await signIn(console_, h);
    await console_.locator('.conversation-list').waitFor();

    const { visitorContext, page, frames, watch, w } = await openWidget(fid);
    // Nothing typed yet: the paperclip is the first thing the visitor uses.
    const uploaded = page.waitForResponse((r) => r.url().includes('/v1/widget/attachments?') && r.request().method() === 'POST');
    const chooser = page.waitForEvent('filechooser');
    await w.getByRole('button', { name: 'Attach a screenshot or PDF' }).click();
    await (await chooser).setFiles({ name: 'first-screenshot.png', mimeType: 'image/png', buffer: PNG });
    const response = await uploaded;
    expect(response.status()).toBe(201);
    const started = (await response.json()) as { conversation: { id: string } };
    const mine = w.locator('li.msg-user img.file-img[alt="first-screenshot.png"]');
    await mine.waitFor();
    await expect.poll(() => loaded(mine)).toBe(true);
    // The AI cannot read the file: its one note asks for words and offers a person (docs/attachments.md "The AI and files").
    const note = w.locator('li.msg-assistant[data-id]', { hasText: "I can't open or read files myself" });
    await note.getByRole('button', { name: 'Connect me with a person' }).waitFor();
    expect(await axeAtBothSizes(page, 'file-note')).toEqual([]);

    // The new conversation appears in the operator's inbox without a reload, the image in it.
    const row = console_.locator(`li[data-conversation-id="${started.conversation.id}"]`);
    await row.waitFor();
    await row.getByRole('link').click();
    const log = console_.getByRole('log', { name: 'Messages' });
    const seen = log.locator('li.msg-user .msg-files img[alt="first-screenshot.png"]');
    await seen.waitFor();
    await expect.poll(() => loaded(seen)).toBe(true);

    // The widget took up the session the file made: what the visitor types next goes to the same
    // conversation, and the operator sees it live.
    await sendMessage(page, fid, 'That is the error I get at checkout');
    const acks = frames.filter((f): f is Extract<ServerFrame, { type: 'message.ack' }> => f.type === 'message.ack');
    expect(acks.map((a) => a.conversation.id)).toEqual([started.conversation.id]);
    await log.locator('li.msg-user', { hasText: 'That is the error I get at checkout' }).waitFor();
    expect(await watch.violations()).toEqual([]);
    await visitorContext.close();
    await ops.close();
  });
});
