// Labels, snooze, assignment and canned replies over the real app (inject and the real team feed): label used-by counts and label
// changes on the team feed, snooze until a time (woken by the lifecycle sweep with a moved clock, or
// by the visitor), and assignment through the handover machine (docs/operators.md).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { loginAs, type TeamLogin } from '../../http/auth/team-session.fixture.js';
import { connectTeam } from './team-client.fixture.js';
import { lifecycleOf } from './lifecycle.js';
import { operatorsOf } from './service.js';
import { clock } from '../../lib/clock.js';
import { conversationForVisitor } from '../../../shared/visibility.js';
import { summary } from '../conversations/service.js';

let t: TestApp;
let base: string;
let operator: TeamLogin;
let other: TeamLogin;
const sockets: { close(): void }[] = [];
const MIN = 60_000;
const P = () => `/v1/projects/${t.demo.project_id}`;
const as = (login: TeamLogin, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `${P()}${url}`, headers: login.headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
const get = async (id: string) => (await t.app.ctx.services.conversations.get(t.demo.project_id, id))!;

async function conversation(content = 'Where is my parcel?') {
  const user = await t.app.ctx.services.users.create(t.demo.project_id, {});
  return t.app.ctx.services.conversations.create({ projectId: t.demo.project_id, userId: user.id, firstMessage: { role: 'user', content } });
}

beforeAll(async () => {
  t = await createTestApp();
  base = await t.listen();
  await t.app.ctx.services.org.updateOrganization(t.demo.organization_id, { plan: 'enterprise', rate_limits: { per_minute: 1e6, per_day: 1e7 } });
  operator = await loginAs(t, 'operator', { name: 'Ada' });
  other = await loginAs(t, 'operator', { name: 'Grace' });
});
afterEach(() => {
  clock.now = () => Date.now();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

describe('labels for the console', () => {
  it('counts the visible conversations that carry each label', async () => {
    const label = (await as(operator, 'POST', '/labels', { name: 'Shipping', color: '#2255aa' })).json();
    const unused = (await as(operator, 'POST', '/labels', { name: 'Unused' })).json();
    const a = await conversation();
    const b = await conversation();
    const hidden = await conversation();
    for (const c of [a, b, hidden]) expect((await as(operator, 'PATCH', `/conversations/${c.id}`, { labels: [label.id] })).statusCode).toBe(200);
    await as(operator, 'POST', `/conversations/${hidden.id}/hide`, { permanent: true });
    const list = (await as(operator, 'GET', '/labels')).json().data as { id: string; conversation_count: number }[];
    expect(list.find((l) => l.id === label.id)).toMatchObject({ name: 'Shipping', color: '#2255aa', conversation_count: 2 });
    expect(list.find((l) => l.id === unused.id)?.conversation_count).toBe(0);
  });

  it('tells the team feed of every label change, and only the project it belongs to', async () => {
    const feed = await connectTeam(base, operator.cookie);
    sockets.push(feed);
    feed.send({ type: 'team.hello', v: 1, project_id: t.demo.project_id });
    await feed.next('team.welcome');
    const created = (await as(operator, 'POST', '/labels', { name: 'Live' })).json();
    await feed.next('labels.changed');
    await as(operator, 'PATCH', `/labels/${created.id}`, { color: '#00aa55' });
    await feed.next('labels.changed');
    await as(operator, 'DELETE', `/labels/${created.id}`);
    await feed.next('labels.changed');
    // Another project's label is not this feed's business: after a round trip nothing more arrived.
    const project = await t.app.ctx.services.projects.createProject({ organizationId: t.demo.organization_id, name: 'Elsewhere' });
    await t.app.inject({ method: 'POST', url: `/v1/projects/${project.id}/labels`, headers: operator.headers, payload: { name: 'Other' } });
    feed.send({ type: 'ping' });
    await feed.next('pong');
    expect(feed.frames.filter((f) => f.type === 'labels.changed')).toHaveLength(3);
  });
});

describe('snooze', () => {
  it('snoozes until a time, leaves the open list, and wakes in the sweep once the time passed (not before)', async () => {
    const c = await conversation();
    const until = new Date(Date.now() + 60 * MIN).toISOString();
    const res = await as(operator, 'PATCH', `/conversations/${c.id}`, { snoozed_until: until });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'active', snoozed_until: until });
    expect((await get(c.id)).messages.at(-1)).toMatchObject({ type: 'note', labels: ['snooze', 'internal'] });
    const open = (await as(operator, 'GET', '/conversations?snoozed=false&limit=100')).json().data.map((x: { id: string }) => x.id);
    expect(open).not.toContain(c.id);
    expect((await as(operator, 'GET', '/conversations?snoozed=true&limit=100')).json().data.map((x: { id: string }) => x.id)).toContain(c.id);

    const sweep = (nowMs: number) => {
      clock.now = () => nowMs;
      return lifecycleOf(t.app.ctx)!.sweep(nowMs, t.demo.project_id);
    };
    // Not yet due; and the idle closer (30 min) leaves a sleeping conversation alone.
    expect(await sweep(Date.now() + 45 * MIN)).not.toContain(c.id);
    expect(await get(c.id)).toMatchObject({ status: 'active', snoozed_until: until });

    const feed = await connectTeam(base, operator.cookie);
    sockets.push(feed);
    feed.send({ type: 'team.hello', v: 1, project_id: t.demo.project_id });
    await feed.next('team.welcome');
    const wakeAt = Date.parse(until) + MIN;
    expect(await sweep(wakeAt)).toContain(c.id);
    const woke = await feed.next('conversation.updated', (f) => f.conversation.id === c.id);
    expect(woke.conversation).toMatchObject({ status: 'active', snoozed_until: null });
    expect((await get(c.id)).messages.at(-1)).toMatchObject({ type: 'note', labels: ['snooze', 'snooze_woke', 'woke:time', 'internal'] });
    expect((await as(operator, 'GET', '/conversations?snoozed=false&limit=100')).json().data.map((x: { id: string }) => x.id)).toContain(c.id);
    // Woken just now: the idle time counts from the wake, so the next sweep leaves it open.
    expect(await sweep(wakeAt + MIN)).not.toContain(c.id);
  });

  it('keeps the snooze from the visitor: the widget gets the conversation without it', async () => {
    const c = await conversation();
    const res = await as(operator, 'PATCH', `/conversations/${c.id}`, { snoozed_until: new Date(Date.now() + 60 * MIN).toISOString() });
    expect(res.json().snoozed_until).toBeTruthy();
    expect(conversationForVisitor(summary(await get(c.id))).snoozed_until).toBeNull();
  });

  it('wakes when the visitor writes', async () => {
    const c = await conversation();
    await as(operator, 'PATCH', `/conversations/${c.id}`, { snoozed_until: new Date(Date.now() + 24 * 60 * MIN).toISOString() });
    const feed = await connectTeam(base, operator.cookie);
    sockets.push(feed);
    feed.send({ type: 'team.hello', v: 1, project_id: t.demo.project_id });
    await feed.next('team.welcome');
    await t.app.ctx.services.conversations.append(t.demo.project_id, c.id, { role: 'user', content: 'Any news?' });
    await feed.next('conversation.updated', (f) => f.conversation.id === c.id && f.conversation.snoozed_until === null);
    expect((await get(c.id)).messages.at(-1)?.labels).toContain('woke:visitor');
  });

  it('refuses a time in the past, more than a year ahead, or a closed conversation; null wakes it by hand', async () => {
    const c = await conversation();
    const past = await as(operator, 'PATCH', `/conversations/${c.id}`, { snoozed_until: new Date(Date.now() - MIN).toISOString() });
    expect(past.statusCode).toBe(400);
    const far = await as(operator, 'PATCH', `/conversations/${c.id}`, { snoozed_until: new Date(Date.now() + 400 * 24 * 60 * MIN).toISOString() });
    expect(far.statusCode).toBe(400);
    expect((await as(operator, 'PATCH', `/conversations/${c.id}`, { snoozed_until: 'tomorrow' })).statusCode).toBe(400);
    await as(operator, 'PATCH', `/conversations/${c.id}`, { snoozed_until: new Date(Date.now() + MIN * 5).toISOString() });
    const woken = await as(operator, 'PATCH', `/conversations/${c.id}`, { snoozed_until: null });
    expect(woken.json().snoozed_until).toBeNull();
    expect((await get(c.id)).messages.at(-1)?.labels).toContain('woke:by_hand');
    await as(operator, 'PATCH', `/conversations/${c.id}`, { status: 'resolved' });
    expect((await as(operator, 'PATCH', `/conversations/${c.id}`, { snoozed_until: new Date(Date.now() + MIN * 5).toISOString() })).statusCode).toBe(400);
  });
});

describe('assignment through the handover machine', () => {
  it('a queued conversation becomes the assignee\'s; they join with their first reply; unassigning puts it back in the queue', async () => {
    const c = await conversation();
    await operatorsOf(t.app.ctx).escalateFromHandoff(await get(c.id), 'button');
    expect(await get(c.id)).toMatchObject({ holder: 'queue', operator_active: true });

    const assigned = await as(operator, 'PATCH', `/conversations/${c.id}`, { assignee_id: other.member_id });
    expect(assigned.json()).toMatchObject({ assignee_id: other.member_id, holder: 'operator', operator_active: true, status: 'escalated' });
    const notes = (await get(c.id)).messages.filter((m) => m.type === 'note' && m.labels.includes('assignment'));
    expect(notes.at(-1)).toMatchObject({ content: 'Assigned to Grace by Ada.', labels: ['assignment', 'internal'] });
    // Nobody joined yet: the visitor reads nothing about it until Grace writes.
    expect((await get(c.id)).messages.some((m) => m.labels.includes('takeover'))).toBe(false);
    await as(other, 'POST', `/conversations/${c.id}/messages`, { content: 'Hello, Grace here.' });
    expect((await get(c.id)).messages.filter((m) => m.labels.includes('takeover')).map((m) => m.author?.name)).toEqual(['Grace']);

    const unassigned = await as(operator, 'PATCH', `/conversations/${c.id}`, { assignee_id: null });
    expect(unassigned.json()).toMatchObject({ assignee_id: null, holder: 'queue', operator_active: true });
  });

  it('a conversation the AI holds stays the AI\'s when assigned; an unknown member is a 400', async () => {
    const c = await conversation();
    const res = await as(operator, 'PATCH', `/conversations/${c.id}`, { assignee_id: other.member_id });
    expect(res.json()).toMatchObject({ assignee_id: other.member_id, holder: 'ai', operator_active: false });
    const bad = await as(operator, 'PATCH', `/conversations/${c.id}`, { assignee_id: '00000000-0000-4000-8000-000000000000' });
    expect(bad.statusCode).toBe(400);
  });
});
