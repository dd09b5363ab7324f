// The AI and files (docs/attachments.md "The AI and files"): a visitor's message that is only a file
// gets the agent's fixed note in the visitor's language with the "talk to a person" offer, once per
// burst, never while a person holds the conversation. Real app on a real port, the widget's real
// socket and upload route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { connectWidget, type WidgetClient } from '../widget/test-client.js';
import { agentText } from '../agent/texts.js';
import type { AgentRuntime, ReplyResult } from '../agent/types.js';
import { loginAs } from '../../http/auth/team-session.fixture.js';

let t: TestApp;
let base: string;
let P: string;
let H: Record<string, string>;

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  t = await createTestApp();
  base = await t.listen();
  P = `/v1/projects/${t.demo.project_id}`;
  H = { authorization: `Bearer ${t.demo.api_key}` };
});
afterAll(() => t.close());

/**
 * Every AI reply the app runs, as the runtime returns it: the widget's runner asks
 * `ctx.services.agent` per reply, so the real runtime is wrapped, not replaced (and put back).
 */
function watchReplies() {
  const agent = t.app.ctx.services.agent;
  const results: ReplyResult[] = [];
  const wrapped: AgentRuntime = { reply: async (request) => {
    const result = await agent.reply(request);
    results.push(result);
    return result;
  } };
  t.app.ctx.services.agent = wrapped;
  return {
    results,
    /** Waits until `n` replies were run. */
    until: (n: number) => expect.poll(() => results.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(n),
    restore: () => {
      t.app.ctx.services.agent = agent;
    },
  };
}

/** A visitor with a German browser whose typed first message started a conversation. */
async function germanVisitor(first: string) {
  const ws = await connectWidget(base, base);
  ws.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id, locales: ['de-DE', 'de'] });
  const device = (await ws.next('session.welcome')).device_token;
  ws.send({ type: 'message.send', client_id: `c-${first.length}-${Date.now()}`, content: first });
  const session = (await ws.next('session.tokens')).session_token;
  const cid = (await ws.next('message.ack')).conversation.id;
  // The answer to the typed message comes first.
  await ws.next('message.created', (f) => f.message.role === 'assistant');
  return { ws, cid, tokens: { 'x-parley-device': device, 'x-parley-session': session } };
}

const sendFile = (tokens: Record<string, string>, name: string, body: Buffer, type: string, conversationId?: string, extra: Record<string, string> = {}) =>
  fetch(`${base}/v1/widget/attachments?frame_id=${t.demo.frame_id}&name=${name}${conversationId ? `&conversation_id=${conversationId}` : ''}`, {
    method: 'POST', headers: { 'content-type': type, origin: base, ...tokens, ...extra }, body: new Uint8Array(body),
  });

const messagesOf = async (cid: string) => (await t.app.ctx.services.conversations.require(t.demo.project_id, cid)).messages;
const notes = (ws: WidgetClient) => ws.frames.filter((f) => f.type === 'message.created' && f.message.role === 'assistant' && f.message.content === agentText('de', 'fileNote'));

describe('the AI and files', () => {
  it('answers a screenshot with the file note in the visitor\'s language, offering a person', async () => {
    const { ws, cid, tokens } = await germanVisitor('Hallo, ich habe ein Problem');
    const upload = await sendFile(tokens, 'fehler.png', PNG, 'image/png', cid);
    expect(upload.status).toBe(201);
    const note = (await ws.next('message.created', (f) => f.message.role === 'assistant')).message;
    expect(note).toMatchObject({ content: agentText('de', 'fileNote'), offer_handoff: true, outcome: 'no_answer', sources: [] });
    // A fixed note, not an answer about "fehler.png": nothing was looked up.
    expect(note.content).not.toContain('fehler');
    ws.close();
  });

  it('sends one note for files sent in a row, and answers typed text after them as usual', async () => {
    const { ws, cid, tokens } = await germanVisitor('Guten Tag');
    expect((await sendFile(tokens, 'eins.png', PNG, 'image/png', cid)).status).toBe(201);
    expect((await sendFile(tokens, 'zwei.pdf', PDF, 'application/pdf', cid)).status).toBe(201);
    const stored = async () => (await messagesOf(cid)).filter((m) => m.role === 'assistant' && m.content === agentText('de', 'fileNote'));
    await expect.poll(async () => (await stored()).length, { timeout: 10_000 }).toBe(1);
    // Asked again (as the runner does once more for the second file, unless both were coalesced into
    // one run): the note is already the last thing the visitor saw, so no second one, whatever the order.
    expect(await t.app.ctx.services.agent.reply({ projectId: t.demo.project_id, conversationId: cid })).toMatchObject({ message: null, skipped: 'files_noted' });
    expect(await stored()).toHaveLength(1);
    await expect.poll(() => notes(ws).length).toBe(1);
    // Typed words after the note are a question again.
    ws.send({ type: 'message.send', client_id: 'c-burst-text', conversation_id: cid, content: 'Wie setze ich mein Passwort zurück?' });
    const answer = (await ws.next('message.created', (f) => f.message.role === 'assistant' && f.message.content !== agentText('de', 'fileNote'))).message;
    expect(answer.content).not.toBe(agentText('de', 'fileNote'));
    // And a file after that answer is a new burst: a note again.
    expect((await sendFile(tokens, 'drei.png', PNG, 'image/png', cid)).status).toBe(201);
    await expect.poll(() => notes(ws).length, { timeout: 10_000 }).toBe(2);
    ws.close();
  });

  it('stays quiet for a file in a conversation a person took over; the team sees the file', async () => {
    const { ws, cid, tokens } = await germanVisitor('Ich brauche Hilfe');
    const reply = await t.app.inject({ method: 'POST', url: `${P}/conversations/${cid}/messages`, headers: { ...H, 'content-type': 'application/json' }, payload: { content: 'Hallo, Ada hier.' } });
    expect(reply.statusCode).toBeLessThan(300);
    await ws.next('message.created', (f) => f.message.content === 'Hallo, Ada hier.');
    const watch = watchReplies();
    let message: { id: string };
    try {
      const upload = await sendFile(tokens, 'rechnung.pdf', PDF, 'application/pdf', cid);
      expect(upload.status).toBe(201);
      message = ((await upload.json()) as { message: { id: string } }).message;
      await watch.until(1);
      expect(watch.results).toEqual([{ message: null, sources: [], skipped: 'operator_active' }]);
    } finally {
      watch.restore();
    }
    const stored = await messagesOf(cid);
    expect(stored.at(-1)).toMatchObject({ id: message.id, role: 'user', content: 'rechnung.pdf' });
    expect(stored.some((m) => m.content === agentText('de', 'fileNote'))).toBe(false);
    const listed = await t.app.inject({ method: 'GET', url: `${P}/conversations/${cid}/attachments`, headers: H });
    expect(listed.json().data).toMatchObject([{ name: 'rechnung.pdf', uploaded_by: 'visitor', message_id: message.id }]);
    expect(notes(ws)).toHaveLength(0);
    ws.close();
  });

  it('answers a file that starts the conversation with the note', async () => {
    const ws = await connectWidget(base, base);
    ws.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id });
    const device = (await ws.next('session.welcome')).device_token;
    ws.close();
    const upload = await sendFile({ 'x-parley-device': device }, 'erster.png', PNG, 'image/png', undefined, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(upload.status).toBe(201);
    const body = (await upload.json()) as { conversation: { id: string }; user_token: string; session_token: string };
    // The widget reconnects with the new session's tokens; the note reaches it live or on resume.
    const again = await connectWidget(base, base);
    again.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id, device_token: device, user_token: body.user_token, session_token: body.session_token, conversation_id: body.conversation.id });
    await again.next('session.welcome');
    await expect.poll(async () => (await messagesOf(body.conversation.id)).filter((m) => m.role === 'assistant').map((m) => [m.content, m.offer_handoff]), { timeout: 10_000 })
      .toEqual([[agentText('de', 'fileNote'), true]]);
    again.close();
  });

  it('speaks the organization\'s default language to a visitor whose languages Parley has no texts for', async () => {
    const admin = await loginAs(t, 'admin');
    const settings = (default_language: string) => t.app.inject({ method: 'PATCH', url: '/v1/org', headers: admin.headers, payload: { settings: { default_language } } });
    expect((await settings('fr')).statusCode).toBe(200);
    try {
      const ws = await connectWidget(base, base);
      ws.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id });
      const device = (await ws.next('session.welcome')).device_token;
      ws.close();
      const upload = await sendFile({ 'x-parley-device': device }, 'スクリーン.png', PNG, 'image/png', undefined, { 'accept-language': 'ja-JP,ja;q=0.9' });
      expect(upload.status).toBe(201);
      const { conversation } = (await upload.json()) as { conversation: { id: string } };
      await expect.poll(async () => (await messagesOf(conversation.id)).filter((m) => m.role === 'assistant').map((m) => m.content), { timeout: 10_000 })
        .toEqual([agentText('fr', 'fileNote')]);
    } finally {
      expect((await settings('en')).statusCode).toBe(200);
    }
  });
});
