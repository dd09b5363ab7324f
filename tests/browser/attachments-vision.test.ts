// A visitor's screenshot read by a model that reads images (OPENAI_VISION, docs/attachments.md "The AI
// and files"), in real Chromium: the visitor attaches a screenshot with the widget's paperclip and
// reads the model's answer about it; when the model then refuses the next one, the visitor reads
// that the assistant could not answer (the upload was already answered, so it comes over the
// socket). The model is a scripted OpenAI-compatible server on 127.0.0.1. axe at 1280×800 and
// 390×844; screenshots in /tmp/attachments-vision-*.png for a person to look at.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startHarness, widget, watchPage, type Harness } from './harness.js';
import { axeViolations } from './axe.js';
import { startScriptedLlm, type ScriptedLlm } from '../../server/domains/agent/openai/scripted-llm.fixture.js';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** A real 2×2 PNG, standing in for a screenshot. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');
const AXE = readFileSync(join(import.meta.dirname, '../../node_modules/axe-core/axe.min.js'), 'utf8');
const SEEN = 'Your screenshot shows the checkout saying "Card declined". Which card were you paying with?';

let llm: ScriptedLlm;
let h: Harness;
beforeAll(async () => {
  // Answers from what it is shown, as a model would: the image, or plain text.
  llm = await startScriptedLlm([], (body) => {
    const content = body.messages.at(-1).content;
    return Array.isArray(content) && content.some((p: { type: string }) => p.type === 'image_url') ? { text: [SEEN.slice(0, 30), SEEN.slice(30)] } : { text: ['Hello!'] };
  });
  h = await startHarness({ llm: { baseUrl: llm.baseUrl, apiKey: 'k', model: 'seeing', timeoutMs: 10_000, vision: true } });
});
afterAll(async () => {
  await h?.close();
  await llm?.close();
});

describe('a visitor\'s screenshot read by the model', () => {
  it('answers what the screenshot shows, and says so when the model cannot answer the next one', { timeout: 90_000 }, async () => {
    const fid = h.frameIds[0];
    const context = await h.browser.newContext({ locale: 'en-US', viewport: DESKTOP });
    await context.addInitScript({ content: AXE });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const watch = await watchPage(page, /\/examples\/example\.css/);
    await page.goto(`${h.site}/examples/launcher.html`);
    const w = widget(page, fid);
    await w.locator('button.launcher').click();
    await w.locator('section.panel').waitFor();

    const attach = async (name: string) => {
      const chooser = page.waitForEvent('filechooser');
      await w.getByRole('button', { name: 'Attach a screenshot or PDF' }).click();
      await (await chooser).setFiles({ name, mimeType: 'image/png', buffer: PNG });
      await w.locator(`li.msg-user img.file-img[alt="${name}"]`).waitFor();
    };

    // The screenshot is the visitor's first act: the model's answer about it, not the file note.
    await attach('checkout.png');
    await w.locator('li.msg-assistant[data-id]', { hasText: 'Card declined' }).waitFor();
    expect(await w.locator('li.msg-assistant', { hasText: "I can't open or read files myself" }).count()).toBe(0);
    const asked = llm.requests.at(-1)!.body.messages.at(-1).content as { type: string; image_url?: { url: string } }[];
    expect(asked.find((p) => p.type === 'image_url')?.image_url?.url).toBe(`data:image/png;base64,${PNG.toString('base64')}`);

    // The model refuses the next one: the visitor is told, and can send again.
    llm.script.push({ status: 400, body: { error: { message: 'image input is not supported' } } });
    await attach('second.png');
    // The same banner a typed message's failed reply shows, in the visitor's language.
    await w.locator('[role=alert][data-error="upstream_unavailable"]', { hasText: 'Something went wrong. Please try again.' }).waitFor();
    const found: string[] = [];
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      found.push(...(await axeViolations(page)).map((v) => `${size.width}: ${v}`));
      await page.screenshot({ path: `/tmp/attachments-vision-${size.width}.png` });
    }
    expect(found).toEqual([]);
    expect(await watch.violations()).toEqual([]);
    await context.close();
  });
});
