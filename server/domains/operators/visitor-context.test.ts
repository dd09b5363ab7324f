// The visitor's page, device and languages as the team sees them (docs/operators.md "Visitor"): the
// widget's hello and page.update plus the browser's User-Agent reach the conversation detail's
// `visitor` and, live, the team feed's `visitor.updated`; a returning visitor on another browser too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { recordSocket } from '../../testing/ws-recorder.js';
import type { ServerFrame } from '../../../shared/protocol.js';
import { connectTeam } from './team-client.fixture.js';
import { loginAs, type TeamLogin } from '../../http/auth/team-session.fixture.js';

const ANDROID = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0';

let t: TestApp;
let base: string;
let operator: TeamLogin;
const sockets: { ws: { close(): void } }[] = [];

const widget = async (userAgent: string) => {
  const r = await recordSocket<ServerFrame>(`${base.replace(/^http/, 'ws')}/v1/widget/ws`, { origin: base, headers: { 'user-agent': userAgent } }, 'widget');
  sockets.push(r);
  return { ...r, send: (frame: object) => r.ws.send(JSON.stringify(frame)) };
};
const detail = (id: string, headers: Record<string, string> = operator.headers) =>
  t.app.inject({ method: 'GET', url: `/v1/projects/${t.demo.project_id}/conversations/${id}`, headers });

beforeAll(async () => {
  t = await createTestApp();
  base = await t.listen();
  operator = await loginAs(t, 'operator', { name: 'Ada' });
});
afterAll(async () => {
  for (const s of sockets) s.ws.close();
  await t.close();
});

describe('visitor context', () => {
  it('shows page, device and locales on the detail, and sends page changes on the team feed', async () => {
    const v = await widget(ANDROID);
    v.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id, locales: ['de-DE', 'en'], page: { url: 'https://shop.example/pricing', title: 'Pricing' } });
    await v.next('session.welcome');
    v.send({ type: 'message.send', client_id: 'visitor-ctx-1', content: 'Is there a student discount?' });
    const { conversation } = await v.next('message.ack');

    const res = await detail(conversation.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().visitor).toEqual({
      page: { url: 'https://shop.example/pricing', title: 'Pricing', at: expect.any(String) },
      device: { description: 'Chrome 131 on Android, mobile', browser: 'Chrome', browser_version: '131', os: 'Android', type: 'mobile', user_agent: ANDROID },
      locales: ['de-DE', 'en'],
    });
    // An API key with conversation:read reads the same.
    const byKey = await detail(conversation.id, { authorization: `Bearer ${t.demo.api_key}` });
    expect(byKey.json().visitor.device.description).toBe('Chrome 131 on Android, mobile');

    const feed = await connectTeam(base, operator.cookie);
    sockets.push({ ws: feed });
    feed.send({ type: 'team.hello', v: 1, project_id: t.demo.project_id });
    await feed.next('team.welcome');
    v.send({ type: 'page.update', page: { url: 'https://shop.example/checkout', title: 'Checkout' } });
    const update = await feed.next('visitor.updated', (f) => f.conversation_id === conversation.id);
    expect(update.visitor.page).toMatchObject({ url: 'https://shop.example/checkout', title: 'Checkout' });
    expect(update.visitor.device?.description).toBe('Chrome 131 on Android, mobile');
    expect((await detail(conversation.id)).json().visitor.page.url).toBe('https://shop.example/checkout');

    // The same visitor comes back (its tokens) in another browser: the team sees the new device.
    const tokens = await v.next('session.tokens');
    const welcome = v.frames.find((f) => f.type === 'session.welcome') as Extract<ServerFrame, { type: 'session.welcome' }>;
    const back = await widget(MAC);
    back.send({
      type: 'session.hello', v: 1, frame_id: t.demo.frame_id, device_token: welcome.device_token, user_token: tokens.user_token,
      session_token: tokens.session_token, locales: ['fr'], conversation_id: conversation.id,
    });
    expect((await back.next('session.welcome')).conversation?.id).toBe(conversation.id);
    const moved = await feed.next('visitor.updated', (f) => f.visitor.device?.browser === 'Firefox');
    expect(moved).toMatchObject({ conversation_id: conversation.id, visitor: { locales: ['fr'], device: { description: 'Firefox 133 on macOS, desktop' } } });
  });

  it('is null for a conversation that did not come through the widget, and documented in the OpenAPI', async () => {
    const created = await t.app.inject({
      method: 'POST', url: `/v1/projects/${t.demo.project_id}/conversations`, headers: { authorization: `Bearer ${t.demo.api_key}` },
      payload: { user_id: 'api-visitor', message: 'Hello from the API' },
    });
    expect(created.statusCode).toBe(201);
    expect((await detail(created.json().id)).json().visitor).toBeNull();
    const spec = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const get = spec.paths['/v1/projects/{project_id}/conversations/{conversation_id}'].get;
    const schema = JSON.stringify(get.responses['200']);
    for (const field of ['visitor', 'page', 'device', 'description', 'user_agent', 'locales']) expect(schema).toContain(`"${field}"`);
  });
});
