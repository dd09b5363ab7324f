// offer_handoff in real Chromium (spec 2.9): the demo's offline answerer cannot
// answer a question its knowledge does not cover and offers a person. The visitor reviews the offer,
// then either declines ("Not now": the AI keeps the conversation and answers the next question) or
// confirms (the server hands over: a conversation.updated frame with an active operator reaches the
// widget, which says so in the visitor's language, and the operator's reply arrives).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import type { ServerFrame } from '../../shared/protocol.js';
import { startHarness, sendMessage, watchPage, widget, type Harness } from './harness.js';
import { axeViolations } from './axe.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Questions outside the demo knowledge: the answerer says it does not know and offers a person. */
const UNKNOWN = ['zqxv wrrbl kfjd?', 'vlorp gnarf zqxv?'];

/** `axe`: the page's CSP is bypassed so axe-core can be injected (CSP under chat: security.test.ts). */
async function visitor(question: string, locale: string, axe = false) {
  const context = await h.browser.newContext({ locale, bypassCSP: axe });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  // What the server sends the widget, read off the real WebSocket (nothing stands in between).
  const frames: ServerFrame[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      frames.push(JSON.parse(String(payload)) as ServerFrame);
    }),
  );
  const watch = await watchPage(page, /\/examples\/example\.css/);
  await page.goto(`${h.site}/examples/launcher.html`);
  const w = widget(page, h.frameIds[0]);
  await w.locator('button.launcher').click();
  await w.locator('section.panel').waitFor();
  await sendMessage(page, h.frameIds[0], question);
  const conversation = async () =>
    (await h.t.app.ctx.services.conversations.list(h.t.demo.project_id)).find((c) => c.messages.some((m) => m.content === question))!;
  return { context, page, w, frames, watch, conversation };
}

/** The offer under the answer, opened for review: what will happen, then Confirm / Not now. */
async function review(w: Locator, s: { offer: string; title: string; explain: string }) {
  await w.locator('li.msg-assistant[data-id]').getByRole('button', { name: s.offer }).click();
  const group = w.getByRole('group', { name: s.title });
  await group.waitFor();
  await group.getByText(s.explain).waitFor();
  return group;
}

describe('offer_handoff confirmation (spec 2.9)', () => {
  it('"Not now" leaves the conversation with the AI, which answers the next question', async () => {
    const v = await visitor(UNKNOWN[0], 'en-US');
    const group = await review(v.w, {
      offer: 'Connect me with a person',
      title: 'Talk to a person?',
      explain: 'A member of our team will see this conversation and reply here.',
    });
    await group.getByRole('button', { name: 'Not now' }).click();

    await v.w.locator('li.note', { hasText: 'You chose to continue with the assistant.' }).waitFor();
    expect(await v.w.locator('.handoff, button.handoff-offer').count()).toBe(0);
    const stored = await v.conversation();
    expect(stored).toMatchObject({ status: 'active', operator_active: false });
    expect(stored.messages.at(-1)!.labels).toContain('handoff_declined');

    // Still the AI's conversation: the next question gets a cited answer, nobody was handed anything.
    await sendMessage(v.page, h.frameIds[0], 'How do I embed the widget?');
    await v.w.locator('li.msg-assistant[data-id]', { hasText: 'loader' }).waitFor();
    expect(await v.w.locator('.handover').count()).toBe(0);
    const updates = v.frames.filter((f) => f.type === 'conversation.updated');
    expect(updates.filter((f) => f.conversation.operator_active || f.conversation.status === 'escalated')).toEqual([]);
    const after = await v.conversation();
    expect(after).toMatchObject({ status: 'active', operator_active: false });
    expect(after.messages.at(-1)).toMatchObject({ role: 'assistant', type: 'message' });

    // The answer is remembered: after a reload the offer is not asked again.
    await v.page.reload();
    await v.w.locator('button.launcher').click();
    await v.w.locator('li.note').waitFor();
    expect(await v.w.locator('button.handoff-offer').count()).toBe(0);
    expect(await v.watch.violations()).toEqual([]);
    await v.context.close();
  });

  it('confirming hands over: conversation.updated shows the operator, the widget says so in German', async () => {
    const v = await visitor(UNKNOWN[1], 'de-DE', true);
    const group = await review(v.w, {
      offer: 'Mit einem Menschen verbinden',
      title: 'Mit einem Menschen sprechen?',
      explain: 'Jemand aus unserem Team sieht dieses Gespräch und antwortet hier.',
    });
    expect(await v.w.locator('.handover').count()).toBe(0);
    await group.getByRole('button', { name: 'Ja, bitte verbinden' }).click();

    // The server's word, as the widget received it (the operator flag and the status may come in
    // separate updates, in either order).
    await expect
      .poll(() => v.frames.some((f) => f.type === 'conversation.updated' && f.conversation.operator_active && f.conversation.status === 'escalated'))
      .toBe(true);
    // …and what the visitor sees of it: who answers from now on, and the note in their language.
    await v.w.getByRole('status').filter({ hasText: 'Sie sprechen jetzt mit unserem Support-Team.' }).waitFor();
    await v.w.locator('li.note', { hasText: 'Sie möchten mit einem Menschen sprechen.' }).waitFor();
    expect(await v.w.locator('.handoff, button.handoff-offer').count()).toBe(0);
    expect(await v.conversation()).toMatchObject({ status: 'escalated', operator_active: true });

    // A person from the team replies in the same conversation.
    const stored = await v.conversation();
    await h.t.app.ctx.services.conversations.append(h.t.demo.project_id, stored.id, { role: 'operator', content: 'Hallo, hier ist Sam vom Support.' });
    await v.w.locator('li.msg-operator', { hasText: 'Hallo, hier ist Sam' }).waitFor();
    expect(await v.watch.violations()).toEqual([]);
    expect(await axeViolations(v.page)).toEqual([]); // the new status line and notes included
    await v.context.close();
  });
});
