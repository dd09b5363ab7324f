// The AI reading visitors' images (OPENAI_VISION, docs/attachments.md "The AI and files"): with it on,
// a screenshot reaches the model inline as a data URL and the model's words are the reply; with it
// off, or for a PDF, the fixed file note as before, and the model is never shown a file. Two real
// apps (vision on and off) on real ports, the widget's real socket and upload route, one scripted
// OpenAI-compatible server on 127.0.0.1 that tells them apart by the model name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { connectWidget } from '../widget/test-client.js';
import { agentText } from '../agent/texts.js';
import { startScriptedLlm, type ScriptedLlm } from '../agent/openai/scripted-llm.fixture.js';
import { attachmentsOf } from './service.js';
import { TEAM_LIMITS } from './limits.js';
import { REPLY_FAILED } from '../widget/agent-runner.js';

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
/** A JPEG's first bytes (all the type check reads), then a body. */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF checkout screen')]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const SEEN = 'The screenshot shows a declined card at checkout. What were you trying to pay for?';

type Part = { type: string; text?: string; image_url?: { url: string } };
const partsOf = (body: any): Part[] => {
  const content = body.messages.at(-1).content;
  return Array.isArray(content) ? content : [{ type: 'text', text: content }];
};
const showsImage = (body: any) => partsOf(body).some((p) => p.type === 'image_url');

let llm: ScriptedLlm;
let seeing: TestApp;
let blind: TestApp;
const bases = new Map<TestApp, string>();

beforeAll(async () => {
  // Answers from what it is shown, as a model would: the image, or plain text.
  llm = await startScriptedLlm([], (body) => ({ text: showsImage(body) ? [SEEN.slice(0, 20), SEEN.slice(20)] : ['OK'] }));
  const endpoint = { baseUrl: llm.baseUrl, apiKey: 'k', timeoutMs: 10_000 };
  seeing = await createTestApp({ llm: { ...endpoint, model: 'seeing', vision: true } });
  blind = await createTestApp({ llm: { ...endpoint, model: 'blind', vision: false } });
  for (const t of [seeing, blind]) bases.set(t, await t.listen());
});
afterAll(async () => {
  await seeing?.close();
  await blind?.close();
  await llm?.close();
});

const requestsOf = (model: string) => llm.requests.filter((r) => r.body?.model === model).map((r) => r.body);

/** A visitor whose typed first message started a conversation and was answered. */
async function visitor(t: TestApp) {
  const base = bases.get(t)!;
  const ws = await connectWidget(base, base);
  ws.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id, locales: ['en'] });
  const device = (await ws.next('session.welcome')).device_token;
  ws.send({ type: 'message.send', client_id: `c-${Date.now()}-${Math.random()}`, content: 'Hello, I have a problem' });
  const session = (await ws.next('session.tokens')).session_token;
  const cid = (await ws.next('message.ack')).conversation.id;
  await ws.next('message.created', (f) => f.message.role === 'assistant');
  const send = (name: string, body: Buffer, type: string) =>
    fetch(`${base}/v1/widget/attachments?frame_id=${t.demo.frame_id}&name=${name}&conversation_id=${cid}`, {
      method: 'POST', headers: { 'content-type': type, origin: base, 'x-parley-device': device, 'x-parley-session': session }, body: new Uint8Array(body),
    });
  const replies = async () => (await t.app.ctx.services.conversations.require(t.demo.project_id, cid)).messages.filter((m) => m.role === 'assistant').slice(1);
  return { ws, cid, send, replies };
}

describe('the AI reading images (OPENAI_VISION)', () => {
  it('shows a screenshot sent alone to the model as a data URL and stores the model\'s answer', async () => {
    const { ws, send, replies } = await visitor(seeing);
    const before = requestsOf('seeing').length;
    // Named like a page of the demo's knowledge: were the name searched, sources would match.
    expect((await send('upload-limits.png', PNG, 'image/png')).status).toBe(201);
    await expect.poll(async () => (await replies()).map((m) => m.content), { timeout: 10_000 }).toEqual([SEEN]);
    const stored = (await replies())[0]!;
    expect(stored.outcome).toBe('answer');
    expect(stored.offer_handoff).toBeFalsy();
    expect(stored.content).not.toBe(agentText('en', 'fileNote'));

    const asked = requestsOf('seeing').slice(before);
    expect(asked).toHaveLength(1);
    const [text, image, ...rest] = partsOf(asked[0]);
    expect(rest).toEqual([]);
    expect(image).toEqual({ type: 'image_url', image_url: { url: `data:image/png;base64,${PNG.toString('base64')}` } });
    // Told that no words came, never given the file name as the question; nothing searched for it.
    expect(text!.type).toBe('text');
    expect(text!.text).toContain('sent this image without writing anything');
    expect(text!.text).not.toContain('upload-limits');
    const system = asked[0].messages.filter((m: { role: string }) => m.role === 'system').map((m: { content: string }) => m.content).join('\n');
    expect(system).toContain('No sources matched the next question');
    ws.close();
  });

  it('without OPENAI_VISION answers the same screenshot with the file note and shows the model nothing', async () => {
    const { ws, send, replies } = await visitor(blind);
    const before = requestsOf('blind').length;
    expect((await send('upload-limits.png', PNG, 'image/png')).status).toBe(201);
    await expect.poll(async () => (await replies()).map((m) => [m.content, m.offer_handoff]), { timeout: 10_000 }).toEqual([[agentText('en', 'fileNote'), true]]);
    expect(requestsOf('blind').slice(before)).toEqual([]);
    expect(requestsOf('blind').some(showsImage)).toBe(false);
    ws.close();
  });

  it('tells the visitor when the model fails on a screenshot: the upload was answered, so the widget hears it on its socket', async () => {
    const { ws, send, replies } = await visitor(seeing);
    // A 400 is not retried by the client: one failed call, the error at once.
    llm.script.push({ status: 400, body: { error: { message: 'image too large for this model' } } });
    expect((await send('upload-limits.png', PNG, 'image/png')).status).toBe(201);
    const failed = await ws.next('error');
    expect(failed).toMatchObject({ type: 'error', error: 'upstream_unavailable', message: REPLY_FAILED });
    expect(failed.client_id).toBeUndefined();
    expect(await replies()).toEqual([]);
    ws.close();
  });

  it('with OPENAI_VISION still answers a PDF with the file note: the model reads images only', async () => {
    const { ws, send, replies } = await visitor(seeing);
    const before = requestsOf('seeing').length;
    expect((await send('invoice.pdf', PDF, 'application/pdf')).status).toBe(201);
    await expect.poll(async () => (await replies()).map((m) => [m.content, m.offer_handoff]), { timeout: 10_000 }).toEqual([[agentText('en', 'fileNote'), true]]);
    expect(requestsOf('seeing').slice(before)).toEqual([]);
    ws.close();
  });

  it('answers a screenshot with the file note when the profile pins the offline answerer, which reads no images', async () => {
    const profile = (provider: 'server' | 'offline') => seeing.app.inject({
      method: 'PATCH', url: `/v1/projects/${seeing.demo.project_id}/profiles/default`, headers: { authorization: `Bearer ${seeing.demo.api_key}` }, payload: { model: { provider } },
    });
    expect((await profile('offline')).statusCode).toBe(200);
    try {
      const { ws, send, replies } = await visitor(seeing);
      const before = requestsOf('seeing').length;
      expect((await send('upload-limits.png', PNG, 'image/png')).status).toBe(201);
      await expect.poll(async () => (await replies()).map((m) => m.content), { timeout: 10_000 }).toEqual([agentText('en', 'fileNote')]);
      expect(requestsOf('seeing').slice(before)).toEqual([]);
      ws.close();
    } finally {
      expect((await profile('server')).statusCode).toBe(200);
    }
  });

  it('sends a visitor\'s words with the image they came with, and the image sent just before them', async () => {
    const { ws, cid } = await visitor(seeing);
    const P = seeing.demo.project_id;
    const { conversations, agent } = seeing.app.ctx.services;
    const files = attachmentsOf(seeing.app.ctx);
    // Written as the store holds them: the widget sends a file alone, and words with a file come from
    // a file and a line that both arrive before the AI's turn (or a client that writes both at once).
    const fileMessage = async (bytes: Buffer, name: string, words?: string) =>
      files.upload(await conversations.require(P, cid), { bytes, name, limits: TEAM_LIMITS, uploaded_by: 'visitor' },
        async (ref) => (await conversations.append(P, cid, { role: 'user', content: words ?? ref.name, attachments: [ref] })).message);
    await fileMessage(PNG, 'earlier.png');
    await fileMessage(JPEG, 'checkout.jpg', 'Why does my payment fail here?');
    const before = requestsOf('seeing').length;
    const result = await agent.reply({ projectId: P, conversationId: cid });
    expect(result.message?.content).toBe(SEEN);
    const asked = requestsOf('seeing').slice(before);
    expect(asked).toHaveLength(1);
    expect(partsOf(asked[0])).toEqual([
      { type: 'text', text: 'Why does my payment fail here?' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG.toString('base64')}` } },
      { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${JPEG.toString('base64')}` } },
    ]);
    ws.close();
  });
});
