// The handover in real Chromium, two browser contexts (docs/operators.md "Handover"): a
// visitor in the widget on a site, an operator in the console. Plain words in English and German get
// the handoff offer at once; the menu's "Talk to a person" puts a German visitor in the queue; the
// console's Take over tells the visitor who joined; a reply without take over mutes the AI; resolve
// shows the end and the rating; writing again reopens it to the operator with no AI answer; release
// lets the AI answer again.
import { describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../shared/protocol.js';
import { sendMessage, watchPage, widget } from './harness.js';
import { consoleHarness, signIn } from './console-harness.js';
import { agentText } from '../../server/domains/agent/texts.js';

const h = consoleHarness();

async function visitor(locale: string) {
  const context = await h.browser.newContext({ locale });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const frames: ServerFrame[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => frames.push(JSON.parse(String(payload)) as ServerFrame)));
  const watch = await watchPage(page, /\/examples\/example\.css/);
  await page.goto(`${h.site}/examples/launcher.html`);
  const w = widget(page, h.frameIds[0]);
  await w.locator('button.launcher').click();
  await w.locator('section.panel').waitFor();
  return { context, page, w, frames, watch };
}

describe('handover between the widget and the console', () => {
  it('plain words in English and German are met with the handoff offer at once', { timeout: 90_000 }, async () => {
    const en = await visitor('en-US');
    await sendMessage(en.page, h.frameIds[0], 'I would like to talk to a human, please.');
    await en.w.locator('li.msg-assistant[data-id]').getByRole('button', { name: 'Connect me with a person' }).waitFor();
    const de = await visitor('de-DE');
    await sendMessage(de.page, h.frameIds[0], 'Ich möchte bitte mit einem Mitarbeiter sprechen');
    await de.w.locator('li.msg-assistant[data-id]').getByRole('button', { name: 'Mit einem Menschen verbinden' }).waitFor();
    expect(await en.watch.violations()).toEqual([]);
    expect(await de.watch.violations()).toEqual([]);
    await en.context.close();
    await de.context.close();
  });

  it('menu → queue; take over → joined; resolve → end and rating; write again → reopened, no AI; release → AI', { timeout: 120_000 }, async () => {
    const ops = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const console_ = await ops.newPage();
    console_.setDefaultTimeout(20_000);
    await signIn(console_, h);

    const v = await visitor('de-DE');
    // The standing control: the menu's "Talk to a person", before any question.
    await v.w.getByRole('button', { name: 'Weitere Optionen' }).click();
    await v.w.getByRole('button', { name: 'Mit einem Menschen sprechen' }).click();
    await v.w.locator('li.note', { hasText: 'Sie möchten mit einem Menschen sprechen.' }).waitFor();
    await v.w.getByRole('status').filter({ hasText: 'Sie sprechen jetzt mit unserem Support-Team.' }).waitFor();

    // The console: waiting in the queue; Take over (the take-over call) tells the visitor who joined.
    const queued = console_.getByTestId('escalated-queue').getByRole('link');
    await queued.first().waitFor();
    await queued.first().click();
    await console_.getByRole('button', { name: 'Take over' }).first().click();
    await v.w.locator('li.note', { hasText: agentText('de', 'operatorJoined', { name: 'Demo Owner' }) }).waitFor();
    const reply = console_.getByRole('textbox', { name: 'Reply to the visitor' });
    await reply.fill('Hallo, hier ist das Team.');
    await console_.getByRole('button', { name: 'Send reply' }).click();
    await v.w.locator('li.msg-operator', { hasText: 'Hallo, hier ist das Team.' }).waitFor();

    // Resolve: the widget says it ended and offers the rating.
    await console_.getByRole('button', { name: 'Resolve', exact: true }).click();
    await v.w.locator('li.note', { hasText: agentText('de', 'conversationEnded') }).waitFor();
    await v.w.getByRole('status').filter({ hasText: 'Dieses Gespräch ist beendet.' }).waitFor();
    await v.w.locator('.rating .stars').waitFor();

    // The visitor writes again: back to the operator, who is online; the AI stays quiet.
    await sendMessage(v.page, h.frameIds[0], 'Noch eine Frage zum Export');
    await v.w.locator('li.note', { hasText: agentText('de', 'reopenedOperator', { name: 'Demo Owner' }) }).waitFor();
    const log = console_.getByRole('log', { name: 'Messages' });
    await log.locator('li.msg-user', { hasText: 'Noch eine Frage zum Export' }).waitFor();

    // Release: the AI answers the next question.
    await console_.getByRole('button', { name: 'Release to AI' }).click();
    await v.w.locator('li.note', { hasText: agentText('de', 'assistantBack') }).waitFor();
    const before = v.frames.filter((f) => f.type === 'message.created' && f.message.role === 'assistant' && f.message.type === 'message').length;
    expect(before).toBe(0);
    await sendMessage(v.page, h.frameIds[0], 'Wie binde ich das Widget ein?');
    await v.w.locator('li.msg-assistant[data-id]').first().waitFor();
    // Until the release no AI message reached the widget: the first is the answer after it.
    const ai = v.frames.filter((f) => f.type === 'message.created' && f.message.role === 'assistant' && f.message.type === 'message');
    const released = v.frames.find((f) => f.type === 'message.created' && f.message.labels.includes('release'));
    expect(ai.length).toBeGreaterThan(0);
    for (const f of ai) expect(f.type === 'message.created' && released?.type === 'message.created' && f.seq > released.seq).toBe(true);
    expect(await v.watch.violations()).toEqual([]);
    await v.context.close();
    await ops.close();
  });
});
