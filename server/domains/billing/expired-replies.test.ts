// An expired subscription stops the agent's replies, never silently (docs/billing.md "When a
// subscription expires"): the visitor is told politely, the team gets the conversation with a note.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { newId } from '../../lib/ids.js';
import { EXPIRED_NOTE } from './reply-pause.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function ask(content: string) {
  const { conversations, agent } = t.app.ctx.services;
  const projectId = t.demo.project_id;
  const c = await conversations.create({ projectId, userId: newId(), channelType: 'website', firstMessage: { role: 'user', content } });
  const result = await agent.reply({ projectId, conversationId: c.id });
  return { result, record: await conversations.require(projectId, c.id) };
}

const contract = (stop?: boolean) => ({
  testphase_days: 0,
  line_items: [{ category: 'chat_messages' as const, volume: 100, rate: 10, overage_rate: 20 }],
  ...(stop === undefined ? {} : { stop_replies_when_expired: stop }),
});

describe('replies and the subscription', () => {
  it('a running subscription (or none) leaves replies alone', async () => {
    await t.app.ctx.services.billing.setContract(t.demo.organization_id, contract());
    const { record } = await ask('What are your opening hours?');
    expect(record.messages.at(-1)!.content).not.toBe('');
    expect(record.messages.some((m) => m.type === 'handover')).toBe(false);
    expect(record.operator_active).toBe(false);
  });

  it('expired: a polite message to the visitor, the conversation escalated with a note for the team', async () => {
    await t.app.ctx.services.billing.expire(t.demo.organization_id);
    const { result, record } = await ask('What are your opening hours?');
    expect(result.message?.content).toBe('I have passed this on to our team with the details; someone will reply here.');
    expect(record.messages.find((m) => m.type === 'handover')?.content).toBe(EXPIRED_NOTE);
    expect(record.status).toBe('escalated');
  });

  it('a contract may keep the agent answering after expiry', async () => {
    await t.app.ctx.services.billing.setContract(t.demo.organization_id, contract(false));
    await t.app.ctx.services.billing.expire(t.demo.organization_id);
    const { record } = await ask('What are your opening hours?');
    expect(record.messages.some((m) => m.type === 'handover')).toBe(false);
  });
});
