// An unsure reply in real Chromium (docs/knowledge.md "Answers"): when the demo's offline answerer
// is not sure, the widget shows the related sections as suggestions — the lead-in, the sections as
// links to open, the offer of a person — not as an answer with citations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, sendMessage, widget, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('suggestions in the widget', () => {
  it('shows an unsure reply as suggested sections with links and the handoff offer', async () => {
    const context = await h.browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${h.site}/examples/launcher.html`);
    const w = widget(page, h.frameIds[0]);
    await w.locator('button.launcher').click();
    await w.locator('section.panel').waitFor();
    // Several sections of the docs are about setting the widget up, none about several shops: not a
    // definite answer, but related sections. (A question naming something the docs never mention,
    // "…with Keycloak?", gets the plain no-answer instead: docs/knowledge.md "Answers".)
    await sendMessage(page, h.frameIds[0], 'How do I set up the widget for several shops?');
    const reply = w.locator('li.msg-suggestions');
    await reply.waitFor();
    await expect(reply.locator('.bubble > p').first().textContent()).resolves.toBe('I could not find a definite answer; these sections look related:');
    const links = reply.locator('ul.suggestions a');
    expect(await links.count()).toBeGreaterThan(0);
    expect(await links.first().getAttribute('href')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    // Shown as suggestions: no answer-style citations or sources block.
    expect(await reply.locator('.cite, .sources').count()).toBe(0);
    // The handoff offer stays available under it.
    await reply.getByRole('button', { name: 'Connect me with a person' }).waitFor();
    const stored = (await h.t.app.ctx.services.conversations.list(h.t.demo.project_id)).flatMap((c) => c.messages).find((m) => m.outcome === 'suggestions');
    expect(stored?.offer_handoff).toBe(true);
    await context.close();
  });
});
