// An open generation stream follows its grant (http/auth/grant-watch.ts). A key
// deleted or stripped of a permission, or a session signed out, ends the stream with a last `error`
// event carrying the refusal a new request would get. The model (a real HTTP server on 127.0.0.1, the
// only fake, at the edge) sends its first words and never finishes, so the stream is open for certain.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { parseSseEvents } from '../../testing/sse.js';
import { loginAs, type TeamLogin } from '../../http/auth/team-session.fixture.js';

let llm: Server;
let t: TestApp;
let base: string;
let P: string;
let admin: TeamLogin;

beforeAll(async () => {
  llm = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta: { content: 'Plans start ' }, finish_reason: null }] })}\n\n`);
    });
  });
  await new Promise<void>((r) => llm.listen(0, '127.0.0.1', r));
  t = await createTestApp({ llm: { baseUrl: `http://127.0.0.1:${(llm.address() as AddressInfo).port}/v1`, apiKey: 'k', model: 'm', timeoutMs: 60_000 } });
  base = await t.listen();
  P = `/v1/projects/${t.demo.project_id}`;
  admin = await loginAs(t, 'admin');
});
afterAll(async () => {
  await t.close();
  llm.closeAllConnections();
  await new Promise((r) => llm.close(r));
});

const GENERATE = ['conversation:read', 'conversation:write', 'conversation:generate', 'userpool:read', 'userpool:update'];

async function newKey(permissions = GENERATE) {
  const res = await t.app.inject({ method: 'POST', url: `/v1/org/projects/${t.demo.project_id}/api-keys`, headers: admin.headers, payload: { name: 'stream', permissions } });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  return { id: body.api_key.id as string, headers: { authorization: `Bearer ${body.key}` } as Record<string, string> };
}

/** Opens a streamed generation and reads up to its first delta; returns the reader for the rest. */
async function openStream(headers: Record<string, string>) {
  const c = await (await fetch(`${base}${P}/conversations`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ user_id: `sse-${Math.random()}`, message: 'What are the plans?' }) })).json();
  const res = await fetch(`${base}${P}/conversations/${c.id}/generate`, { method: 'POST', headers: { ...headers, accept: 'text/event-stream' } });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  let text = '';
  while (!/event: delta\n/.test(text)) text += new TextDecoder().decode((await reader.read()).value);
  return reader;
}

/** Everything up to the end of the body (the server ends it). */
async function rest(reader: ReadableStreamDefaultReader<Uint8Array>) {
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return parseSseEvents(text);
    text += new TextDecoder().decode(value);
  }
}

describe('SSE streams follow their grant', () => {
  it('a key deleted while its stream is open ends the stream with an unauthorized error event', async () => {
    const key = await newKey();
    const reader = await openStream(key.headers);
    const del = await t.app.inject({ method: 'DELETE', url: `/v1/org/projects/${t.demo.project_id}/api-keys/${key.id}`, headers: admin.headers });
    expect(del.statusCode).toBe(204);
    const events = await rest(reader);
    expect(events.at(-1)).toMatchObject({ event: 'error', data: { error: 'unauthorized' } });
    expect(events.some((e) => e.event === 'message')).toBe(false);
  });

  it('a key stripped of conversation:generate ends the stream with insufficient_permissions', async () => {
    const key = await newKey();
    const reader = await openStream(key.headers);
    const patch = await t.app.inject({ method: 'PATCH', url: `/v1/org/projects/${t.demo.project_id}/api-keys/${key.id}`, headers: admin.headers, payload: { permissions: ['conversation:read'] } });
    expect(patch.statusCode, patch.body).toBe(200);
    expect((await rest(reader)).at(-1)).toMatchObject({ event: 'error', data: { error: 'insufficient_permissions' } });
  });

  it('a team member signing out ends the stream opened with their session', async () => {
    const op = await loginAs(t, 'admin');
    const reader = await openStream(op.headers);
    expect((await t.app.inject({ method: 'POST', url: '/v1/org/logout', headers: op.headers })).statusCode).toBe(204);
    expect((await rest(reader)).at(-1)).toMatchObject({ event: 'error', data: { error: 'unauthorized' } });
  });
});
