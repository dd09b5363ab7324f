// The team feed (docs/operators.md "Team feed") and take over mid-stream, over real sockets.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { connectWidget } from '../widget/test-client.js';
import { connectTeam } from './team-client.fixture.js';
import { loginAs, type TeamLogin } from '../../http/auth/team-session.fixture.js';

let t: TestApp;
let base: string;
let operator: TeamLogin;
let llm: Server;
let llmClosed: Promise<void>;
const sockets: { close(): void }[] = [];

/**
 * An OpenAI-compatible model: a streamed answer sends its first words, then never finishes; a plain
 * (non-streamed) call, as for a summary, answers at once.
 */
async function hangingModel(): Promise<string> {
  let closed!: () => void;
  llmClosed = new Promise((resolve) => (closed = resolve));
  llm = createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      if (JSON.parse(raw).stream === false) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: 'The visitor wants pricing details.' } }] }));
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (content: string) => `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
      res.write(chunk('The partial answer '));
      res.on('close', closed);
    });
  });
  await new Promise<void>((resolve) => llm.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(llm.address() as AddressInfo).port}/v1`;
}

beforeAll(async () => {
  const baseUrl = await hangingModel();
  t = await createTestApp({ llm: { baseUrl, apiKey: 'sk-test', model: 'm', timeoutMs: 60_000 } });
  base = await t.listen();
  operator = await loginAs(t, 'operator', { name: 'Ada' });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
  llm.closeAllConnections();
  await new Promise((r) => llm.close(r));
});

describe('team feed', () => {
  it('refuses a foreign Origin, a missing session and another organization\'s project', async () => {
    const foreign = await connectTeam(base, operator.cookie, 'https://evil.example');
    expect((await foreign.closed).code).toBe(4003);
    const anonymous = await connectTeam(base, null);
    expect((await anonymous.closed).code).toBe(4001);
    const org = await t.app.ctx.services.org.createOrganization({ name: 'Other' });
    const project = await t.app.ctx.services.projects.createProject({ organizationId: org.id, name: 'Theirs' });
    const feed = await connectTeam(base, operator.cookie);
    feed.send({ type: 'team.hello', v: 1, project_id: project.id });
    expect((await feed.closed).code).toBe(4004);
    const junk = await connectTeam(base, operator.cookie);
    sockets.push(junk);
    junk.send({ type: 'nope' });
    expect((await junk.next('error')).error).toBe('invalid_frame');
  });

  it('resumes: the welcome carries every message after the last seq the client had', async () => {
    const user = await t.app.ctx.services.users.create(t.demo.project_id, {});
    const c = await t.app.ctx.services.conversations.create({ projectId: t.demo.project_id, userId: user.id, firstMessage: { role: 'user', content: 'one' } });
    await t.app.ctx.services.conversations.append(t.demo.project_id, c.id, { role: 'user', content: 'two' });
    await t.app.ctx.services.conversations.append(t.demo.project_id, c.id, { role: 'operator', type: 'comment', content: 'three' });
    const feed = await connectTeam(base, operator.cookie);
    sockets.push(feed);
    feed.send({ type: 'team.hello', v: 1, project_id: t.demo.project_id, resume: [{ conversation_id: c.id, last_seq: 1 }] });
    const welcome = await feed.next('team.welcome');
    expect(welcome.missed.map((m) => [m.seq, m.content])).toEqual([[2, 'two'], [3, 'three']]);
    expect(welcome.member).toMatchObject({ member_id: operator.member_id, name: 'Ada', role: 'operator' });
    expect(welcome.online.map((m) => m.member_id)).toContain(operator.member_id);
    await t.app.ctx.services.conversations.append(t.demo.project_id, c.id, { role: 'user', content: 'four' });
    expect((await feed.next('message.created', (f) => f.conversation_id === c.id)).seq).toBe(4);
    feed.send({ type: 'ping' });
    await feed.next('pong');
  });
});

describe('team feed roles', () => {
  it('lets a read-only member watch but not type, and shows who is online', async () => {
    const member = await loginAs(t, 'member', { name: 'Mo' });
    const watcher = await connectTeam(base, member.cookie);
    sockets.push(watcher);
    watcher.send({ type: 'team.hello', v: 1, project_id: t.demo.project_id });
    expect((await watcher.next('team.welcome')).member.role).toBe('member');
    const other = await loginAs(t, 'operator', { name: 'Op Two' });
    const op = await connectTeam(base, other.cookie);
    sockets.push(op);
    op.send({ type: 'team.hello', v: 1, project_id: t.demo.project_id });
    await op.next('team.welcome');
    const presence = await watcher.next('presence', (f) => f.online.some((m) => m.member_id === other.member_id));
    expect(presence.online.map((m) => m.member_id)).toContain(member.member_id);
    watcher.send({ type: 'typing', conversation_id: '0190f0f0-0000-7000-8000-000000000000', typing: true });
    expect((await watcher.next('error')).error).toBe('insufficient_permissions');
    op.close();
    await watcher.next('presence', (f) => !f.online.some((m) => m.member_id === other.member_id));
  });
});

describe('take over mid-stream', () => {
  it('aborts the running generation: no more deltas, nothing stored, the model request is cancelled', async () => {
    const v = await connectWidget(base, base);
    sockets.push(v);
    v.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id });
    await v.next('session.welcome');
    v.send({ type: 'message.send', client_id: 'mid-stream-1', content: 'Tell me everything about pricing' });
    const ack = await v.next('message.ack');
    // The run's end: its typing(false) on the bus (the widget socket is not sent it, the delta already ended the indicator).
    const runEnded = new Promise<void>((resolve) => {
      const off = t.app.ctx.bus.subscribe(ack.conversation.id, (e) => {
        if (e.type === 'typing' && e.role === 'assistant' && !e.typing) resolve(off());
      });
    });
    const delta = await v.next('message.delta');
    expect(delta.delta).toBe('The partial answer ');

    const res = await t.app.inject({ method: 'POST', url: `/v1/projects/${t.demo.project_id}/conversations/${ack.conversation.id}/takeover`, headers: operator.headers });
    expect(res.statusCode).toBe(200);
    await llmClosed; // the provider's request was aborted
    await runEnded;
    const stored = (await t.app.ctx.services.conversations.get(t.demo.project_id, ack.conversation.id))!;
    expect(stored.messages.filter((m) => m.role === 'assistant' && m.type === 'message')).toEqual([]);
    expect(stored.operator_active).toBe(true);
    v.send({ type: 'ping' });
    await v.next('pong');
    expect(v.frames.filter((f) => f.type === 'message.delta')).toHaveLength(1);
    // The indicator showed while the model thought; the delta ended it, so no typing(false) followed.
    expect(v.frames.filter((f) => f.type === 'typing').map((f) => f.type === 'typing' && f.typing)).toEqual([true]);

    // With a model configured, the summary is the model's.
    const summary = await t.app.inject({ method: 'POST', url: `/v1/projects/${t.demo.project_id}/conversations/${ack.conversation.id}/summary`, headers: operator.headers });
    expect(summary.json()).toMatchObject({ type: 'summary', content: 'The visitor wants pricing details.', labels: ['summary:llm'] });
  });
});
