// Business hours in the handover (docs/operators.md "Business hours"), end to end on the real widget
// socket: outside the hours the visitor who asks for a person reads that the team is away and when
// it is back (their language, the team's clock, the zone named), is asked for an e-mail, and the
// conversation waits in the queue; inside the hours with nobody online nothing changed. And the
// organization's default language when the visitor's is one Parley has no texts for.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { connectWidget, type WidgetClient } from '../widget/test-client.js';
import { connectTeam } from './team-client.fixture.js';
import { loginAs, type TeamLogin } from '../../http/auth/team-session.fixture.js';
import { agentText } from '../agent/texts.js';
import { operatorsOf } from './service.js';
import { createLifecycle } from './lifecycle.js';
import { formatOpening, nextOpening } from '../../../shared/business-hours.js';
import { WEEKDAYS, type BusinessHours } from '../../../shared/schemas/business-hours.js';

let t: TestApp;
let base: string;
let admin: TeamLogin;
const sockets: { close(): void }[] = [];
let n = 0;
const TZ = 'Europe/Berlin';

async function widget(locales: string[]) {
  const c = await connectWidget(base, base);
  sockets.push(c);
  c.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id, locales });
  const welcome = await c.next('session.welcome');
  return { c, welcome };
}

/** The visitor's first message with "Talk to a person": the handoff note they read. */
async function askForPerson(c: WidgetClient, content = 'I need a person, please.') {
  const client_id = `hours-${++n}-${Math.random().toString(36).slice(2, 10)}`;
  c.send({ type: 'message.send', client_id, content, handoff: true });
  const ack = await c.next('message.ack', (f) => f.client_id === client_id);
  const note = await c.next('message.created', (f) => f.message.labels.includes('handoff'));
  return { id: ack.conversation.id as string, note: note.message };
}

/** An operator's team feed, connected and welcomed: someone of the team is online. */
async function operatorOnline() {
  const feed = await connectTeam(base, (await loginAs(t, 'operator')).cookie);
  sockets.push(feed);
  feed.send({ type: 'team.hello', v: 1, project_id: t.demo.project_id });
  await feed.next('team.welcome');
  return feed;
}

async function settings(patch: object) {
  const res = await t.app.inject({ method: 'PATCH', url: '/v1/org', headers: admin.headers, payload: { settings: patch } });
  expect(res.statusCode, res.body).toBe(200);
}

/** The weekday after tomorrow on the team's clock: closed now, opening at a known time. */
function closedUntilLater(): BusinessHours {
  const today = new Intl.DateTimeFormat('en-US', { timeZone: TZ, weekday: 'long' }).format(new Date()).toLowerCase();
  const later = WEEKDAYS[(WEEKDAYS.indexOf(today as (typeof WEEKDAYS)[number]) + 2) % 7];
  return { week: { [later]: [{ open: '09:00', close: '17:30' }] } };
}
const allWeek: BusinessHours = { week: Object.fromEntries(WEEKDAYS.map((d) => [d, [{ open: '00:00', close: '24:00' }]])) };

beforeAll(async () => {
  t = await createTestApp();
  base = await t.listen();
  await t.app.ctx.services.org.updateOrganization(t.demo.organization_id, { plan: 'enterprise', rate_limits: { per_minute: 1e6, per_day: 1e7 } });
  admin = await loginAs(t, 'admin');
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await settings({ business_hours: null, default_language: 'en', timezone: 'UTC' });
  const presence = operatorsOf(t.app.ctx).presence;
  while (presence.online(t.demo.project_id).length > 0) await new Promise((r) => setTimeout(r, 10));
});

describe('outside business hours', () => {
  it('tells the visitor the team is away and when it is back, asks for an e-mail, and queues the conversation', async () => {
    const hours = closedUntilLater();
    await settings({ timezone: TZ, business_hours: hours });
    const { c } = await widget(['de-DE']);
    const { id, note } = await askForPerson(c, 'Ich möchte mit einem Menschen sprechen');
    const next = nextOpening(Date.now(), hours, TZ)!;
    expect(note.content).toBe(`${agentText('de', 'outsideHours')} ${agentText('de', 'backAt', { when: formatOpening(next, 'de', TZ) })} ${agentText('de', 'leaveEmail')}`);
    expect(note.content).toContain('09:00 (Europe/Berlin)');
    expect(note.labels).toEqual(expect.arrayContaining(['handoff', 'handoff:button', 'outside_hours', 'ask_email']));
    const record = (await t.app.ctx.services.conversations.get(t.demo.project_id, id))!;
    expect(record).toMatchObject({ holder: 'queue', status: 'escalated', operator_active: true });
    // The message is kept for the team, and the e-mail follow-up works as for "nobody online".
    expect(record.messages.some((m) => m.role === 'user' && m.content === 'Ich möchte mit einem Menschen sprechen')).toBe(true);
    c.send({ type: 'contact.leave', conversation_id: id, email: 'later@visitor.test' });
    const saved = await c.next('message.created', (f) => f.message.labels.includes('contact_saved'));
    expect(saved.message.content).toBe(agentText('de', 'contactSaved', { email: 'later@visitor.test' }));
  });

  it('says the organization’s own away message, even with someone of the team online', async () => {
    await settings({ timezone: TZ, business_hours: { ...closedUntilLater(), away_message: 'We are closed for the weekend.' } });
    const feed = await operatorOnline();
    const { c } = await widget(['en']);
    const { id, note } = await askForPerson(c);
    expect(note.content).toMatch(/^We are closed for the weekend\. We are back on \w+day 09:00 \(Europe\/Berlin\)\. /);
    expect(note.labels).toContain('ask_email');
    await feed.next('conversation.escalated', (f) => f.conversation.id === id);
  });
});

describe('a message that waits after the team left', () => {
  it('outside the hours, nobody online: the away note in place of "no one is online"', async () => {
    const feed = await operatorOnline();
    const { c } = await widget(['en']);
    const { id, note } = await askForPerson(c);
    expect(note.content).toBe(agentText('en', 'handoffAccepted'));
    await settings({ timezone: TZ, business_hours: closedUntilLater() });
    feed.close();
    const presence = operatorsOf(t.app.ctx).presence;
    while (presence.online(t.demo.project_id).length > 0) await new Promise((r) => setTimeout(r, 10));
    const client_id = `hours-${++n}-later-message`;
    c.send({ type: 'message.send', client_id, conversation_id: id, content: 'Hello? Anyone?' });
    await c.next('message.ack', (f) => f.client_id === client_id);
    const lifecycle = createLifecycle(t.app.ctx, 30 * 60_000, { waitMs: 10 * 60_000, fallback: 'email' });
    expect(await lifecycle.sweep(Date.now() + 2 * 60_000, t.demo.project_id)).toContain(id);
    const told = await c.next('message.created', (f) => f.message.labels.includes('wait_notice'));
    expect(told.message.content.startsWith(`${agentText('en', 'outsideHours')} We are back on `)).toBe(true);
    expect(told.message.labels).toEqual(expect.arrayContaining(['ask_email', 'outside_hours']));
    expect((await t.app.ctx.services.conversations.get(t.demo.project_id, id))!.holder).toBe('queue');
  });
});

describe('inside business hours', () => {
  it('nobody online: the note as before, no away text', async () => {
    await settings({ timezone: TZ, business_hours: allWeek });
    const { c } = await widget(['en']);
    const { note } = await askForPerson(c);
    expect(note.content).toBe(agentText('en', 'noOperatorOnline'));
    expect(note.labels).toContain('ask_email');
    expect(note.labels).not.toContain('outside_hours');
  });
});

describe('the organization’s default language', () => {
  it('speaks it to a visitor whose language Parley has no texts for, and tells the widget', async () => {
    await settings({ default_language: 'fr' });
    const { c, welcome } = await widget(['ja-JP']);
    expect(welcome.channel.default_locale).toBe('fr');
    const { note } = await askForPerson(c);
    expect(note.content).toBe(agentText('fr', 'noOperatorOnline'));
  });

  it('a visitor language Parley has still wins; no default set stays English', async () => {
    await settings({ default_language: 'fr' });
    const { c } = await widget(['de']);
    expect((await askForPerson(c)).note.content).toBe(agentText('de', 'noOperatorOnline'));
    await settings({ default_language: 'en' });
    const other = await widget(['ja']);
    expect((await askForPerson(other.c)).note.content).toBe(agentText('en', 'noOperatorOnline'));
  });
});
