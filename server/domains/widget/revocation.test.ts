// An open widget socket follows its visitor's grant
// (widget/gateway-grants.ts, widget/revocation.ts). A logout in one tab closes the same visitor's
// other tab (4401) and expires the tool calls waiting for that visitor's approval; another person
// identifying on the browser does the same to the previous person's tabs. Real app, real sockets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { connectWidget, type WidgetClient } from './test-client.js';
import { CLOSE_CODES } from '../../../shared/close-codes.js';
import { createToolCallService } from '../mcp/tool-calls.js';
import type { AgentTool } from '../agent/provider.js';
import { SESSION_ENDED } from './revocation.js';
import { channelIdentitySecret } from '../identity/channel-secret.js';
import { signValue } from '../identity/verify.js';

let t: TestApp;
let base: string;
const open: WidgetClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await t.listen();
});
afterAll(async () => {
  for (const c of open) c.close();
  await t.close();
});

async function tab(resume: Record<string, unknown> = {}) {
  const c = await connectWidget(base, base);
  open.push(c);
  c.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id, ...resume });
  return { c, welcome: await c.next('session.welcome') };
}

/** A visitor who wrote once, and a second tab of the same browser on the same session and conversation. */
async function visitorWithTwoTabs(label: string) {
  const a = await tab();
  a.c.send({ type: 'message.send', client_id: `${label}-1`, content: 'Where is my order?' });
  const tokens = await a.c.next('session.tokens');
  const ack = await a.c.next('message.ack');
  const resume = { device_token: a.welcome.device_token, user_token: tokens.user_token, session_token: tokens.session_token, conversation_id: ack.conversation.id };
  const b = await tab(resume);
  expect(b.welcome.conversation?.id).toBe(ack.conversation.id);
  return { a, b, resume, conversationId: ack.conversation.id };
}

describe('widget sockets follow the visitor grant', () => {
  it('a logout in one tab closes the other tab with 4401 and ends the approval waits of the session', async () => {
    const { a, b, resume, conversationId } = await visitorWithTwoTabs('logout');
    const conversation = (await t.app.ctx.services.conversations.get(t.demo.project_id, conversationId))!;
    const tool = { name: 'mcp_shop_cancel_order', external: { serverId: 'shop', tool: 'cancel_order', title: 'Cancel order' } } as unknown as AgentTool;
    const waiting = await createToolCallService(t.app.ctx).pause(conversation, tool, { order_id: 'A-1' }, 'agent');

    a.c.send({ type: 'identity.logout' });
    expect(await a.c.next('session.welcome')).toMatchObject({ session_token: null, conversation: null });
    expect((await b.c.closed).code).toBe(CLOSE_CODES.revoked);
    expect(b.c.frames.at(-1)).toMatchObject({ type: 'error', error: 'invalid_token' });
    // The tab that logged out goes on as the new anonymous visitor.
    a.c.send({ type: 'ping' });
    await a.c.next('pong');
    const call = await createToolCallService(t.app.ctx).get(t.demo.project_id, conversationId, waiting.id);
    expect(call).toMatchObject({ approval: 'expired', status: 'not_run', error: SESSION_ENDED });

    // Reconnecting with the revoked tokens is no loop: the hello drops them and welcomes a new visitor.
    const again = await tab(resume);
    expect(again.welcome).toMatchObject({ session_token: null, conversation: null });
    again.c.send({ type: 'ping' });
    await again.c.next('pong');
  });

  it('another person identifying on the browser closes the previous person\'s other tab with 4401', async () => {
    const secret = (await channelIdentitySecret(t.app.ctx.services.projects, t.demo.project_id)).secret;
    const { a, b } = await visitorWithTwoTabs('switch');
    const identify = async (email: string) => {
      a.c.send({ type: 'identity.identify', email, email_signature: signValue(secret, 'email', email) });
      return (await a.c.next('identity.updated')).user.id;
    };
    await identify('first@example.test');
    b.c.send({ type: 'ping' });
    await b.c.next('pong'); // the same visitor, now known: the session follows the user, tab B stays
    await identify('second@example.test');
    expect((await b.c.closed).code).toBe(CLOSE_CODES.revoked);
    // Tab A acts for the new person on a new session and stays open.
    a.c.send({ type: 'ping' });
    await a.c.next('pong');
    expect(a.c.frames.some((f) => f.type === 'error')).toBe(false);
  });
});
