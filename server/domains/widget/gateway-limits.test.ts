// Per-IP limits and per-channel session lifetime, on an app configured with small allowances. Each
// test gets its own app: the per-IP allowances are the app's state, and a test must pass alone (-t).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { connectWidget, type WidgetClient } from './test-client.js';
import { tokenSigner } from './tokens.js';

let t: TestApp;
let base: string;
const open: WidgetClient[] = [];

async function hello() {
  const c = await connectWidget(base, base);
  open.push(c);
  c.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id });
  await c.next('session.welcome');
  return c;
}

beforeEach(async () => {
  t = await createTestApp({
    widgetLimits: { messages_per_minute_per_ip: 2, connections_per_minute_per_ip: 3, frames_per_minute_per_connection: 6 },
  });
  base = await t.listen();
});
afterEach(async () => {
  for (const c of open.splice(0)) c.close();
  await t.close();
});

describe('widget gateway: per-IP limits and session lifetime', () => {
  it('uses the channel session lifetime for the session token (spec 5.1 override)', async () => {
    await t.app.ctx.services.projects.updateChannel(t.demo.project_id, t.demo.channel_id, { session_ttl_days: 30 });
    const c = await connectWidget(base, base);
    open.push(c);
    c.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id });
    expect((await c.next('session.welcome')).channel.session_ttl_days).toBe(30);
    c.send({ type: 'message.send', client_id: 'ttl-000001', content: 'hello' });
    const tokens = await c.next('session.tokens');
    const claims = (await tokenSigner(t.app.ctx)).verify(tokens.session_token, 'session', t.demo.frame_id)!;
    expect(claims.exp - claims.iat).toBe(30 * 86_400);
    const user = (await tokenSigner(t.app.ctx)).verify(tokens.user_token, 'user', t.demo.frame_id)!;
    expect(user.exp - user.iat).toBe(183 * 86_400);
  });

  it('limits messages per IP across devices, then connections per IP', async () => {
    // Two devices on one IP: the per-IP allowance is two messages a minute.
    const a = await hello();
    a.send({ type: 'message.send', client_id: 'ip-0000000', content: 'first from this IP' });
    await a.next('message.ack');
    a.send({ type: 'message.send', client_id: 'ip-0000001', content: 'second from this IP' });
    await a.next('message.ack');
    const b = await hello();
    b.send({ type: 'message.send', client_id: 'ip-0000002', content: 'third from this IP' });
    const refused = await b.next('error');
    expect(refused).toMatchObject({ error: 'rate_limit_exceeded', client_id: 'ip-0000002' });
    expect(refused.retry_after).toBeGreaterThan(0);
    // Two connections so far; the fourth within the minute is refused and closed.
    open.push(await connectWidget(base, base));
    const extra = await connectWidget(base, base);
    open.push(extra);
    expect((await extra.next('error')).error).toBe('rate_limit_exceeded');
    expect((await extra.closed).code).toBe(4008);
  });

  it('limits frames per connection, naming the refused message so the widget can retry it', async () => {
    const c = await hello(); // frame 1
    for (let i = 0; i < 4; i++) c.send({ type: 'ping' }); // frames 2-5
    for (let i = 0; i < 4; i++) await c.next('pong');
    c.send({ type: 'message.send', client_id: 'frame-0000001', content: 'sixth frame' });
    expect(await c.next('message.ack')).toMatchObject({ client_id: 'frame-0000001' });

    c.send({ type: 'message.send', client_id: 'frame-0000002', content: 'seventh frame' });
    const refused = await c.next('error');
    expect(refused).toMatchObject({ error: 'rate_limit_exceeded', client_id: 'frame-0000002' });
    expect(refused.retry_after).toBeGreaterThan(0);
    c.send({ type: 'ping' });
    expect((await c.next('error')).error).toBe('rate_limit_exceeded');
    const stored = await t.app.ctx.services.conversations.list(t.demo.project_id);
    const contents = stored.flatMap((conv) => (conv as { messages?: { content: string }[] }).messages?.map((m) => m.content) ?? []);
    expect(contents).not.toContain('seventh frame');

    // The allowance belongs to the connection: another one from the same visitor still works.
    const other = await hello();
    other.send({ type: 'ping' });
    await other.next('pong');
  });
});
