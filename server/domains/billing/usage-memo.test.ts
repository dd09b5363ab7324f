// The incremental count of the open period (usage-memo.ts) against the full recount from the
// message records (usage.ts), over a real store, listed either way: after new replies, a conversation marked as spam
// and back, one deleted, one rewritten in place, and replies written through another counter (as
// another instance would), both give the same figures, day by day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { countUsage } from './usage.js';
import { createUsageCounter } from './usage-memo.js';

let t: TestApp;
const START = '2026-05-01T00:00:00.000Z';
const END = '2026-06-01T00:00:00.000Z';
const at = (iso: string) => {
  clock.now = () => Date.parse(iso);
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  clock.now = () => Date.now();
  await t?.close();
});

async function conversation(channelType: string, replies: number, day: number, extra: { simulation?: boolean } = {}) {
  const { conversations } = t.app.ctx.services;
  at(`2026-05-${String(day).padStart(2, '0')}T09:00:00Z`);
  const c = await conversations.create({
    projectId: t.demo.project_id,
    userId: newId(),
    channelType,
    ...(extra.simulation ? { simulation: { target: 'draft', context: {} } } : {}),
  });
  for (let i = 0; i < replies; i++) {
    await conversations.append(t.demo.project_id, c.id, { role: 'user', content: `question ${i}` });
    await conversations.append(t.demo.project_id, c.id, { role: 'assistant', content: `answer ${i}` });
  }
  return c.id;
}

describe('the incremental count of the open period', () => {
  it('equals the full recount through replies, spam, deletion, rewrites and another counter’s reads', async () => {
    const store = t.app.ctx.store;
    // Both ways of listing: the documents as they are (embedded store), the list without messages (PostgreSQL).
    const counter = createUsageCounter(store, { listing: 'documents' });
    const light = createUsageCounter(store, { listing: 'light' });
    const other = createUsageCounter(store);
    const same = async (legacy = false) => {
      const full = await countUsage(store, t.demo.organization_id, START, END, legacy);
      expect(await counter(t.demo.organization_id, START, END, legacy)).toEqual(full);
      expect(await light(t.demo.organization_id, START, END, legacy)).toEqual(full);
      return full.usage;
    };
    // Before the period: not counted, and not read again once the period moved on.
    at('2026-04-20T09:00:00Z');
    const april = await t.app.ctx.services.conversations.create({ projectId: t.demo.project_id, userId: newId(), channelType: 'website' });
    await t.app.ctx.services.conversations.append(t.demo.project_id, april.id, { role: 'assistant', content: 'April' });

    const web = await conversation('website', 3, 2);
    const ticket = await conversation('ticketing_zendesk', 2, 3);
    await conversation('ticketing_zendesk', 2, 4, { simulation: true });
    const spam = await conversation('website', 4, 5);
    expect(await same()).toMatchObject({ chat_messages: 9, ticketing_messages: 2 });
    expect(await same(true)).toMatchObject({ generated_messages: 11 });

    // Another instance's counter has read everything too; then replies arrive and are seen by both.
    await other(t.demo.organization_id, START, END, false);
    at('2026-05-06T10:00:00Z');
    await t.app.ctx.services.conversations.append(t.demo.project_id, web, { role: 'assistant', content: 'one more' });
    await t.app.ctx.services.conversations.append(t.demo.project_id, ticket, { role: 'assistant', content: 'one more', type: 'handover' });
    expect(await same()).toMatchObject({ chat_messages: 10, ticketing_messages: 2 });
    expect((await other(t.demo.organization_id, START, END, false)).usage.chat_messages).toBe(10);

    await t.app.ctx.services.conversations.patch(t.demo.project_id, spam, { spam: true });
    expect(await same()).toMatchObject({ chat_messages: 6 });
    await t.app.ctx.services.conversations.patch(t.demo.project_id, spam, { spam: false });
    expect(await same()).toMatchObject({ chat_messages: 10 });

    await store.collection('conversations').delete(t.demo.project_id, web);
    expect(await same()).toMatchObject({ chat_messages: 6 });

    // A record rewritten whole (a restore, an import) with fewer replies.
    const record = (await store.collection('conversations').get(t.demo.project_id, spam))!;
    await store.collection('conversations').put(t.demo.project_id, { ...record, messages: record.messages.slice(0, 2), message_count: 2, last_seq: 2, updated_at: new Date(clock.now() + 1).toISOString() });
    expect(await same()).toMatchObject({ chat_messages: 3 });
  });
});
