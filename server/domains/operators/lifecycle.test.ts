// Automatic status transitions (docs/operators.md "Statuses"), on the real app and store: the sweep
// is run with an explicit clock instead of waiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { idleMinutes, lifecycleOf } from './lifecycle.js';
import { operatorsOf } from './service.js';
import { agentText } from '../agent/texts.js';

let t: TestApp;
const MIN = 60_000;
const later = (minutes: number) => Date.now() + minutes * MIN;

async function conversation(channelType = 'api') {
  const user = await t.app.ctx.services.users.create(t.demo.project_id, {});
  return t.app.ctx.services.conversations.create({ projectId: t.demo.project_id, userId: user.id, channelType, firstMessage: { role: 'user', content: 'How do I reset my password?' } });
}
const get = async (id: string) => (await t.app.ctx.services.conversations.get(t.demo.project_id, id))!;
const sweep = (minutes: number) => lifecycleOf(t.app.ctx)!.sweep(later(minutes), t.demo.project_id);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('automatic transitions', () => {
  it('resolves an answered conversation after the idle time, with the Unoffered marker on the API channel', async () => {
    const c = await conversation();
    await t.app.ctx.services.conversations.append(t.demo.project_id, c.id, { role: 'assistant', content: 'Use the reset link.', outcome: 'answer' });
    expect(await sweep(5)).not.toContain(c.id);
    expect(await sweep(31)).toContain(c.id);
    const done = await get(c.id);
    expect(done).toMatchObject({ status: 'resolved', rating: 'unoffered' });
    // The team's internal status note, then the visitor's "this conversation was closed" (handover.ts).
    expect(done.messages.at(-2)).toMatchObject({ type: 'note', labels: ['status', 'status:resolved', 'internal'] });
    expect(done.messages.at(-1)).toMatchObject({ type: 'note', labels: ['ended'], content: agentText('en', 'conversationEnded') });
    expect(await sweep(31)).not.toContain(c.id);
  });

  it('abandons an unanswered conversation, with the Abandoned marker, and reopens it when the visitor writes', async () => {
    const c = await conversation('website_widget');
    await t.app.ctx.services.conversations.append(t.demo.project_id, c.id, { role: 'assistant', content: "I don't know.", outcome: 'no_answer' });
    await sweep(31);
    expect(await get(c.id)).toMatchObject({ status: 'abandoned', rating: 'abandoned' });
    await t.app.ctx.services.conversations.append(t.demo.project_id, c.id, { role: 'user', content: 'hello?' });
    // The reopening runs off the event bus; wait for its note.
    for (;;) {
      const now = await get(c.id);
      if (now.status === 'active') break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const user = await t.app.ctx.services.users.get(t.demo.project_id, c.user_id);
    expect(user!.last_seen_at).not.toBeNull();
  });

  it('keeps an escalated conversation in the queue until an operator had the last word', async () => {
    const c = await conversation();
    const ops = operatorsOf(t.app.ctx);
    await ops.takeOver(t.demo.project_id, c.id, { member_id: null, name: 'Sam' });
    expect(await sweep(31)).not.toContain(c.id);
    await ops.post(t.demo.project_id, c.id, { member_id: null, name: 'Sam' }, { content: 'Here is how.' });
    expect(await sweep(31)).toContain(c.id);
    expect(await get(c.id)).toMatchObject({ status: 'resolved', ai_involvement: 'not_involved' });
  });

  it('reads CONVERSATION_IDLE_MINUTES and refuses bad values', () => {
    expect(idleMinutes({})).toBe(30);
    expect(idleMinutes({ CONVERSATION_IDLE_MINUTES: '5' })).toBe(5);
    for (const bad of ['0', '1.5', 'soon', '20000']) expect(() => idleMinutes({ CONVERSATION_IDLE_MINUTES: bad })).toThrow(/CONVERSATION_IDLE_MINUTES/);
  });
});
