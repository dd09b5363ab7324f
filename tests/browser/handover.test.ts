// The handover in real Chromium, two browser contexts (docs/operators.md "Handover"): a
// visitor in the widget on a site, an operator in the console. Plain words in English and German get
// the handoff offer at once; the menu's "Talk to a person" puts a German visitor in the queue; the
// console's Take over tells the visitor who joined; a reply without take over mutes the AI; resolve
// shows the end and the rating; writing again reopens it to the operator with no AI answer; release
// lets the AI answer again. The second story is typed in the console without ever pressing Take over:
// the reply alone mutes the AI and tells the visitor who joined, an internal note never reaches the
// widget, and a visitor who writes after resolve while nobody is online is back in the queue, told
// their place in line, and waits there (no AI) until a person answers. Screenshots of the widget and
// of the three-pane inbox at 1280×800 and 390×844 go to /tmp/handover-*.png for a person to look at.
// The last story is outside business hours: a visitor on a phone asks for a person, reads that the
// team is away and when it is back, leaves an e-mail; the operator's open inbox shows them queued.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ServerFrame } from '../../shared/protocol.js';
import type { Conversation, Message } from '../../shared/schemas/entities.js';
import { waitingForHuman } from '../../shared/holder.js';
import { sendMessage, watchPage, widget } from './harness.js';
import { apiCall, consoleHarness, signIn } from './console-harness.js';
import { agentText } from '../../server/domains/agent/texts.js';
import { operatorsOf } from '../../server/domains/operators/service.js';
import { axeViolations } from './axe.js';
import { loginAs } from '../../server/http/auth/team-session.fixture.js';
import { formatOpening, nextOpening } from '../../shared/business-hours.js';
import { WEEKDAYS, type BusinessHours } from '../../shared/schemas/business-hours.js';

const h = consoleHarness();

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** The page as it looks at 1280×800 and at 390×844, into /tmp/handover-{name}-{width}.png; back to desktop after. */
async function snap(page: Page, name: string) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `/tmp/handover-${name}-${size.width}.png` });
  }
  await page.setViewportSize(DESKTOP);
}

/** The AI's answers (not its notes) among the frames a widget received. */
const aiAnswers = (frames: ServerFrame[]) =>
  frames.flatMap((f) => (f.type === 'message.created' && f.message.role === 'assistant' && f.message.type === 'message' ? [f.message] : []));

/** The message.created frame of a message the widget received, found by a test. */
function created(frames: ServerFrame[], test: (m: Message) => boolean): Message | undefined {
  for (const f of frames) if (f.type === 'message.created' && test(f.message)) return f.message;
  return undefined;
}

async function visitor(locale: string, viewport?: { width: number; height: number }) {
  const context = await h.browser.newContext({ locale, ...(viewport ? { viewport } : {}) });
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

/** An operator signed in to the console at 1280×800, in a browser context of their own. */
async function operatorConsole() {
  const ops = await h.browser.newContext({ viewport: DESKTOP });
  const console_ = await ops.newPage();
  console_.setDefaultTimeout(20_000);
  const opsWatch = await watchPage(console_);
  await signIn(console_, h);
  return { ops, console_, opsWatch };
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
    // Open again: the end and the rating are gone.
    await v.w.locator('.rating').waitFor({ state: 'detached' });
    expect(await v.w.locator('.handover.ended').count()).toBe(0);
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

  it('a reply without take over mutes the AI; a note stays in the team; after resolve, offline, the visitor waits in the queue', { timeout: 150_000 }, async () => {
    const fid = h.frameIds[0];
    const projectId = h.t.demo.project_id;
    const owner = (await h.t.app.ctx.services.org.listMembers(h.t.demo.organization_id)).find((m) => m.email === h.t.demo.email)!;
    const joinedText = agentText('en', 'operatorJoined', { name: 'Demo Owner' });
    let { ops, console_, opsWatch } = await operatorConsole();

    // The visitor asks; the AI answers. That answer is the only one until the release.
    const v = await visitor('en-US', DESKTOP);
    await sendMessage(v.page, fid, 'How do I embed the widget?');
    await v.w.locator('li.msg-assistant[data-id]').first().waitFor();
    const answeredOnScreen = await v.w.locator('li.msg-assistant[data-id]').count();
    const answered = aiAnswers(v.frames).length;
    expect(answered).toBeGreaterThan(0);
    const ack = v.frames.find((f): f is Extract<ServerFrame, { type: 'message.ack' }> => f.type === 'message.ack')!;
    const id = ack.conversation.id;

    // ---- the operator opens it (the AI holds it: Take over is offered) and replies without pressing it
    await console_.locator(`li[data-conversation-id="${id}"] a.row-link`).click();
    const log = console_.getByRole('log', { name: 'Messages' });
    await log.locator('li.msg-user', { hasText: 'How do I embed the widget?' }).waitFor();
    await console_.getByRole('button', { name: 'Take over' }).waitFor();
    const reply = console_.getByRole('textbox', { name: 'Reply to the visitor' });
    await reply.fill('Hi, this is Demo from the team. What else would you like to know?');
    await console_.getByRole('button', { name: 'Send reply' }).click();
    // The visitor reads who joined, then the reply, in that order; the console now offers the release.
    await v.w.locator('li.note', { hasText: joinedText }).waitFor();
    await v.w.locator('li.msg-operator', { hasText: 'What else would you like to know?' }).waitFor();
    const joined = created(v.frames, (m) => m.type === 'note' && m.labels.includes('takeover'))!;
    expect(joined.content).toBe(joinedText);
    expect(created(v.frames, (m) => m.role === 'operator' && m.content.includes('What else would you like to know?'))!.seq).toBe(joined.seq + 1);
    // The reply's own write made it hers: holder, mute and assignee, over the public API.
    expect(await apiCall<Conversation>(h, 'GET', `/conversations/${id}`)).toMatchObject({ holder: 'operator', operator_active: true, assignee_id: owner.id, status: 'escalated' });
    await console_.getByRole('button', { name: 'Release to AI' }).waitFor();
    expect(await console_.getByRole('button', { name: 'Take over' }).count()).toBe(0);
    await snap(v.page, 'visitor-joined');
    await snap(console_, 'console-conversation');

    // ---- the visitor answers the person; the AI stays quiet
    await sendMessage(v.page, fid, 'Thanks! Can I export the conversations too?');
    await log.locator('li.msg-user', { hasText: 'Can I export the conversations too?' }).waitFor();

    // ---- an internal note, then the next public reply: the reply reaches the widget, the note never does
    const noteText = 'Internal: Pro plan customer, exports were asked about before.';
    await console_.getByRole('radio', { name: 'Internal note' }).check();
    await console_.getByRole('textbox', { name: /Internal note/ }).fill(noteText);
    await console_.getByRole('button', { name: 'Add note' }).click();
    await log.locator('li.msg-comment', { hasText: noteText }).waitFor();
    await console_.getByRole('radio', { name: 'Reply', exact: true }).check();
    await reply.fill('Yes: Analytics, then Export.');
    await console_.getByRole('button', { name: 'Send reply' }).click();
    await v.w.locator('li.msg-operator', { hasText: 'Yes: Analytics, then Export.' }).waitFor();
    // Both arrived after the visitor's answer, in order: had the AI answered it, or had the note been
    // sent, its frame would have come before this reply's.
    expect(aiAnswers(v.frames)).toHaveLength(answered);
    expect(await v.w.locator('li.msg-assistant[data-id]').count()).toBe(answeredOnScreen);
    expect(await v.w.getByText(noteText).count()).toBe(0);
    expect(JSON.stringify(v.frames)).not.toContain(noteText);
    expect(JSON.stringify(v.frames)).toContain('Yes: Analytics, then Export.');

    // ---- resolve: the widget shows the end and the rating
    await console_.getByRole('button', { name: 'Resolve', exact: true }).click();
    await v.w.locator('li.note', { hasText: agentText('en', 'conversationEnded') }).waitFor();
    await v.w.getByRole('status').filter({ hasText: 'This conversation has ended.' }).waitFor();
    await v.w.locator('.rating .stars').waitFor();

    // ---- the operator goes offline (the console is closed); the visitor writes again
    expect(await opsWatch.violations()).toEqual([]);
    await ops.close();
    await expect.poll(() => operatorsOf(h.t.app.ctx).presence.online(projectId).length).toBe(0);
    const position = (await h.t.app.ctx.services.conversations.list(projectId)).filter((c) => c.id !== id && waitingForHuman(c)).length + 1;
    await sendMessage(v.page, fid, 'One more question about the export, please.');
    await v.w.locator('li.note', { hasText: agentText('en', 'reopenedQueue', { position: String(position) }) }).waitFor();
    await v.w.locator('.rating').waitFor({ state: 'detached' });
    expect(await apiCall<Conversation>(h, 'GET', `/conversations/${id}`)).toMatchObject({ holder: 'queue', operator_active: true, assignee_id: null, status: 'escalated' });
    await snap(v.page, 'visitor-reopened');

    // ---- the console, opened again: the conversation waits for a human, counted
    ({ ops, console_, opsWatch } = await operatorConsole());
    const queue = console_.getByTestId('escalated-queue');
    await queue.locator(`a[href$="/c/${id}"]`).waitFor();
    await expect.poll(() => queue.locator('h2 .badge').textContent()).toBe(String(position));
    await expect.poll(() => console_.getByTestId('count-waiting').textContent()).toBe(String(position));
    // Visitors who arrived within the same minute (this one and the previous story's) are told apart.
    expect(new Set(await queue.getByRole('link').allTextContents()).size).toBe(position);
    // Its row says it is queued, not that a person has it.
    const row = console_.locator(`.conversation-list li[data-conversation-id="${id}"]`);
    await expect.poll(() => row.locator('.status').textContent()).toBe('Escalated · queued');
    await snap(console_, 'console-queue');

    // ---- the operator answers from the queue (again without take over): joined again, no AI meanwhile
    await queue.locator(`a[href$="/c/${id}"]`).click();
    const log2 = console_.getByRole('log', { name: 'Messages' });
    await log2.locator('li.msg-user', { hasText: 'One more question about the export, please.' }).waitFor();
    await console_.getByRole('textbox', { name: 'Reply to the visitor' }).fill('Back again: what about the export?');
    await console_.getByRole('button', { name: 'Send reply' }).click();
    await v.w.locator('li.msg-operator', { hasText: 'Back again: what about the export?' }).waitFor();
    await v.w.locator('li.note', { hasText: joinedText }).nth(1).waitFor();
    expect(aiAnswers(v.frames)).toHaveLength(answered);
    await queue.locator(`a[href$="/c/${id}"]`).waitFor({ state: 'detached' });
    await expect.poll(() => console_.getByTestId('count-waiting').textContent()).toBe(String(position - 1));
    await expect.poll(() => row.locator('.status').textContent()).toBe('Escalated · with a person');
    await snap(console_, 'console-reopened');

    // ---- release: the AI answers again
    await console_.getByRole('button', { name: 'Release to AI' }).click();
    await v.w.locator('li.note', { hasText: agentText('en', 'assistantBack') }).waitFor();
    await sendMessage(v.page, fid, 'How do I embed the widget in an iframe?');
    await v.w.locator('li.msg-assistant[data-id]').nth(answeredOnScreen).waitFor();

    // The stored conversation, read after the AI's answer to a later message (its replies run one
    // after the other per conversation): no AI answer from the first person's reply to the release.
    const stored = (await h.t.app.ctx.services.conversations.get(projectId, id))!;
    const firstJoin = stored.messages.find((m) => m.type === 'note' && m.labels.includes('takeover'))!.seq;
    const release = stored.messages.findLast((m) => m.type === 'note' && m.labels.includes('release'))!.seq;
    const ai = stored.messages.filter((m) => m.role === 'assistant' && m.type === 'message');
    expect(ai.filter((m) => m.seq > firstJoin && m.seq < release)).toEqual([]);
    expect(ai.some((m) => m.seq < firstJoin) && ai.some((m) => m.seq > release)).toBe(true);
    expect(stored.messages.filter((m) => m.role === 'user' && m.seq > firstJoin && m.seq < release)).toHaveLength(2);
    expect(stored.messages.some((m) => m.content === noteText && m.type === 'comment')).toBe(true);

    expect(await opsWatch.violations()).toEqual([]);
    expect(await v.watch.violations()).toEqual([]);
    await v.context.close();
    await ops.close();
  });

  it('outside business hours: the visitor reads when the team is back and leaves an e-mail; the inbox shows them queued', { timeout: 90_000 }, async () => {
    const fid = h.frameIds[0];
    const admin = await loginAs(h.t, 'admin');
    const settings = (patch: object) => h.t.app.inject({ method: 'PATCH', url: '/v1/org', headers: admin.headers, payload: { settings: patch } });
    // Open only the day after tomorrow, on the team's clock: closed now, whenever the test runs.
    const timeZone = 'Europe/Berlin';
    const today = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long' }).format(new Date()).toLowerCase();
    const later = WEEKDAYS[(WEEKDAYS.indexOf(today as (typeof WEEKDAYS)[number]) + 2) % 7]!;
    const hours: BusinessHours = { week: { [later]: [{ open: '09:00', close: '17:00' }] } };
    expect((await settings({ timezone: timeZone, business_hours: hours })).statusCode).toBe(200);
    try {
      const { ops, console_, opsWatch } = await operatorConsole();

      const v = await visitor('en-US', PHONE);
      await v.w.getByRole('button', { name: 'More options' }).click();
      await v.w.getByRole('button', { name: 'Talk to a person' }).click();
      const back = agentText('en', 'backAt', { when: formatOpening(nextOpening(new Date(), hours, timeZone)!, 'en', timeZone) });
      const away = v.w.locator('li.note', { hasText: agentText('en', 'outsideHours') });
      await away.waitFor();
      expect(await away.textContent()).toContain(back);
      expect(back).toContain('(Europe/Berlin)');
      // The prompt under the away note adds no title (the note asked for the e-mail and said when),
      // and the status line does not promise someone who is not there.
      const form = v.w.locator('form.contact');
      await form.getByRole('textbox', { name: 'Your e-mail' }).waitFor();
      expect(await form.locator('.contact-title').count()).toBe(0);
      await v.w.getByRole('status').filter({ hasText: 'Our team is away: your messages wait here for a reply.' }).waitFor();
      expect(await v.w.getByText('You are now talking with our support team.').count()).toBe(0);
      await snap(v.page, 'visitor-away');
      expect(await axeViolations(v.page)).toEqual([]);
      await form.getByRole('textbox', { name: 'Your e-mail' }).fill('night-owl@example.com');
      await form.getByRole('button', { name: 'Send e-mail' }).click();
      await v.w.locator('li.note', { hasText: 'We will reply to night-owl@example.com.' }).waitFor();

      // The inbox, open all along: the conversation arrives in the queue, waiting for a human.
      const ack = v.frames.find((f): f is Extract<ServerFrame, { type: 'message.ack' }> => f.type === 'message.ack')!;
      const id = ack.conversation.id;
      await console_.getByTestId('escalated-queue').locator(`a[href$="/c/${id}"]`).waitFor();
      expect(await apiCall<Conversation>(h, 'GET', `/conversations/${id}`)).toMatchObject({ holder: 'queue', status: 'escalated' });
      await snap(console_, 'console-away-queue');
      expect(aiAnswers(v.frames)).toEqual([]);
      expect(await opsWatch.violations()).toEqual([]);
      expect(await v.watch.violations()).toEqual([]);
      await v.context.close();
      await ops.close();
    } finally {
      expect((await settings({ timezone: 'UTC', business_hours: null })).statusCode).toBe(200);
    }
  });
});

