// The voice input's notices in real Chromium (spec 10): on a machine without a microphone, "No
// microphone was found." shows in the composer's notice line, never on top of the rating stars or any
// other control; the visitor can dismiss it, and it clears by itself a few seconds later.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Locator } from 'playwright-core';
import { CHROMIUM_ARGS, sendMessage } from './harness.js';
import { hostPage, inShadow, startHostScenario, type HostScenario } from './host-site.js';

let s: HostScenario;
let noMic: Browser;

beforeAll(async () => {
  s = await startHostScenario((_path, t, base) => hostPage(base, t.demo.frame_id));
  // Chromium on this machine's (absent) real devices, media prompts accepted: there is no microphone.
  noMic = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream'] });
});
afterAll(async () => {
  await noMic?.close();
  await s?.close();
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every control is where it is drawn: the topmost element at its centre is the control itself. */
async function uncovered(controls: Locator) {
  return controls.evaluateAll((els) =>
    els.every((el) => {
      const r = el.getBoundingClientRect();
      const hit = (el.getRootNode() as ShadowRoot).elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return hit === el || el.contains(hit);
    }),
  );
}

describe('voice notice', () => {
  it('does not cover the rating, can be dismissed, and clears by itself', async () => {
    const context = await noMic.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.clock.install();
    await page.goto(`${s.host.origin}/help`);
    const frameId = s.t.demo.frame_id;
    const w = inShadow(page, frameId);
    await w.locator('section.panel').waitFor();
    const question = 'What is Parley?';
    await sendMessage(page, frameId, question);
    await w.locator('li.msg-assistant[data-id]').first().waitFor();
    // The conversation ends (resolved by the team): the rating is offered.
    const conv = (await s.t.app.ctx.services.conversations.list(s.t.demo.project_id)).find((c) => c.messages.some((m) => m.content === question))!;
    await s.t.app.ctx.services.conversations.setStatus(s.t.demo.project_id, conv.id, 'resolved');
    await w.locator('button.star').first().waitFor();

    const mic = w.getByRole('button', { name: 'Record a voice message' });
    await mic.click();
    const notice = w.locator('.notice-row:not(.empty)', { hasText: 'No microphone was found.' });
    await notice.waitFor();
    const box = (await notice.boundingBox())!;
    const controls = w.locator('button.star, button.send, button.voice-start, textarea.input, .hd button');
    for (const control of await controls.all()) expect(overlaps(box, (await control.boundingBox())!)).toBe(false);
    expect(await uncovered(controls)).toBe(true);

    // Dismissed by the visitor.
    await w.getByRole('button', { name: 'Dismiss' }).click();
    await notice.waitFor({ state: 'detached' });
    expect(await w.locator('.voice-notice').textContent()).toBe('');

    // Or gone by itself: the page's clock jumps past the notice's lifetime.
    await mic.click();
    await notice.waitFor();
    await page.clock.runFor(10_000);
    await notice.waitFor({ state: 'detached' });
    expect(await uncovered(controls)).toBe(true);
    await context.close();
  });
});
