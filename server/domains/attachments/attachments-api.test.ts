// Attachments over the real app and a real lowdb store (spec 2.6, 4, 5; docs/attachments.md):
// uploads by API key and by a widget visitor, the type read from the bytes, the limits, file:read,
// the signed download with its headers, expiry on a moved clock, and deletion with the conversation.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { connectWidget } from '../widget/test-client.js';
import { clock } from '../../lib/clock.js';
import { FILE_CSP } from './routes.js';
import { exportMediaLinks } from './service.js';
import { writeDataset } from '../exports/dataset.js';

let t: TestApp;
let base: string;
let P: string;
let H: Record<string, string>;
let conversationId: string;

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

beforeAll(async () => {
  t = await createTestApp();
  base = await t.listen();
  P = `/v1/projects/${t.demo.project_id}`;
  H = { authorization: `Bearer ${t.demo.api_key}` };
  const res = await t.app.inject({ method: 'POST', url: `${P}/conversations`, headers: { ...H, 'content-type': 'application/json' }, payload: { user_id: 'ext-files', message: 'My invoice is wrong' } });
  conversationId = res.json().id;
});
afterAll(() => t.close());
const realNow = clock.now;
afterEach(() => {
  clock.now = realNow;
});

const upload = (body: Buffer, type: string, query = 'name=invoice.pdf', headers = H, cid = conversationId) =>
  t.app.inject({ method: 'POST', url: `${P}/conversations/${cid}/attachments?${query}`, headers: { ...headers, 'content-type': type }, payload: body });
const keyWith = async (permissions: string[]) =>
  (await t.app.ctx.services.apiKeys.create(t.demo.project_id, { name: permissions.join(' '), permissions: permissions as never, environment: 'test' })).key;
/** The path and query of a signed URL, for inject. */
const local = (url: string) => url.slice(new URL(url).origin.length);

describe('attachments over the API', () => {
  it('uploads a PDF as an operator message, lists it and serves it as a download', async () => {
    const res = await upload(PDF, 'application/octet-stream');
    expect(res.statusCode).toBe(201);
    const { attachment, message } = res.json();
    expect(attachment).toMatchObject({ name: 'invoice.pdf', content_type: 'application/pdf', size: PDF.length, conversation_id: conversationId, uploaded_by: 'api', message_id: message.id });
    expect(message).toMatchObject({ role: 'operator', type: 'message', content: 'invoice.pdf', attachments: [{ id: attachment.id, name: 'invoice.pdf', content_type: 'application/pdf', size: PDF.length }] });
    expect(attachment.url.startsWith(`${base}/v1/files/${t.demo.project_id}/${attachment.id}?expires=`)).toBe(true);

    const list = await t.app.inject({ method: 'GET', url: `${P}/conversations/${conversationId}/attachments`, headers: H });
    expect(list.json().data.map((a: { id: string }) => a.id)).toEqual([attachment.id]);
    // The conversation carries the reference on its message.
    const convo = (await t.app.inject({ method: 'GET', url: `${P}/conversations/${conversationId}`, headers: H })).json();
    expect(convo.messages.find((m: { id: string }) => m.id === message.id).attachments[0].id).toBe(attachment.id);

    const file = await t.app.inject({ method: 'GET', url: local(attachment.url) });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="invoice.pdf"; filename*=UTF-8''invoice.pdf`);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBe(FILE_CSP);
  });

  it('serves an image inline under its sniffed type, whatever the upload declared', async () => {
    const res = await upload(PNG, 'text/html', 'name=shot.html&type=comment&caption=Before%20the%20fix');
    expect(res.statusCode).toBe(201);
    const { attachment, message } = res.json();
    // The extension follows the bytes, not the name.
    expect(attachment).toMatchObject({ name: 'shot.html.png', content_type: 'image/png' });
    expect(message).toMatchObject({ type: 'comment', content: 'Before the fix' });
    const file = await t.app.inject({ method: 'GET', url: local(attachment.url) });
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="shot\.html\.png"/);
    const one = await t.app.inject({ method: 'GET', url: `${P}/attachments/${attachment.id}`, headers: H });
    expect(one.json()).toMatchObject({ id: attachment.id, content_type: 'image/png' });
  });

  it('refuses SVG, HTML and unknown bytes (415), empty bodies (400) and files over the limit (413)', async () => {
    const svg = await upload(SVG, 'image/svg+xml', 'name=logo.svg');
    expect(svg.statusCode).toBe(415);
    expect(svg.json()).toMatchObject({ error: 'unsupported_media_type' });
    const html = await upload(Buffer.from('<!doctype html><script>alert(1)</script>'), 'image/png', 'name=x.png');
    expect(html.json()).toMatchObject({ error: 'unsupported_media_type' });
    expect((await upload(Buffer.alloc(0), 'image/png')).json()).toMatchObject({ error: 'invalid_file' });
    const big = Buffer.concat([PNG, Buffer.alloc(25 * 1024 * 1024)]);
    const tooLarge = await upload(big, 'image/png');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ error: 'payload_too_large' });
  });

  it('needs file:read to list or read, and conversation:write to upload', async () => {
    const noFiles = await keyWith(['conversation:read', 'conversation:write']);
    const list = await t.app.inject({ method: 'GET', url: `${P}/conversations/${conversationId}/attachments`, headers: { authorization: `Bearer ${noFiles}` } });
    expect(list.statusCode).toBe(403);
    expect(list.json()).toMatchObject({ error: 'insufficient_permissions', required_permissions: expect.arrayContaining(['file:read']) });
    const reader = await keyWith(['conversation:read', 'file:read']);
    expect((await t.app.inject({ method: 'GET', url: `${P}/conversations/${conversationId}/attachments`, headers: { authorization: `Bearer ${reader}` } })).statusCode).toBe(200);
    expect((await upload(PNG, 'image/png', 'name=a.png', { authorization: `Bearer ${reader}` })).statusCode).toBe(403);
  });

  it('refuses a changed link (403) and an expired one (410), with codes', async () => {
    const { attachment } = (await upload(PNG, 'image/png', 'name=a.png')).json();
    const url = local(attachment.url);
    const changed = await t.app.inject({ method: 'GET', url: url.replace(/expires=\d+/, (m) => `${m}9`) });
    expect(changed.statusCode).toBe(403);
    expect(changed.json()).toMatchObject({ error: 'invalid_signature' });
    const start = Date.now();
    clock.now = () => start + 2 * 60 * 60 * 1000;
    const expired = await t.app.inject({ method: 'GET', url });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ error: 'link_expired' });
  });

  it('takes a file before the first message as the first message: conversation, user and session in one write, or nothing', async () => {
    const ws = await connectWidget(base, base);
    ws.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id });
    const device = (await ws.next('session.welcome')).device_token;
    ws.close();
    const send = (body: Buffer, headers: Record<string, string>, query = '') =>
      fetch(`${base}/v1/widget/attachments?frame_id=${t.demo.frame_id}&name=first.png${query}`, {
        method: 'POST', headers: { 'content-type': 'image/png', origin: base, 'accept-language': 'de-DE,de;q=0.9', ...headers }, body: new Uint8Array(body),
      });
    const counts = async () => ({
      conversations: (await t.app.ctx.services.conversations.list(t.demo.project_id)).length,
      users: (await t.app.ctx.services.users.list(t.demo.project_id)).length,
      devices: (await t.app.ctx.store.collection('devices').list(t.demo.project_id)).length,
      attachments: (await t.app.ctx.store.collection('attachments').list(t.demo.project_id)).length,
    });
    const filesOnDisk = async () => (await readdir(join(t.dataDir, 'files', t.demo.project_id)).catch(() => [])).length;
    const before = await counts();
    const dirsBefore = await filesOnDisk();

    // Refused before anything is made: no tokens, a type the channel does not take.
    expect((await send(PNG, {})).status).toBe(401);
    const svg = await send(SVG, { 'x-parley-device': device });
    expect(svg.status).toBe(415);
    expect(await svg.json()).toMatchObject({ error: 'unsupported_media_type' });
    // A channel for verified visitors only refuses it, as it refuses a typed first message.
    const channelId = (await t.app.ctx.services.projects.getChannelByFrameId(t.demo.frame_id))!.id;
    const channels = t.app.ctx.store.collection('channels');
    await channels.update(t.demo.project_id, channelId, (c) => ({ ...c, require_verified_identity: true }));
    const unverified = await send(PNG, { 'x-parley-device': device });
    await channels.update(t.demo.project_id, channelId, (c) => ({ ...c, require_verified_identity: false }));
    expect(unverified.status).toBe(403);
    expect(await unverified.json()).toMatchObject({ error: 'verified_identity_required' });
    // The write fails: the bytes go again, and no user, session or conversation is left.
    const transact = t.app.ctx.store.transact;
    t.app.ctx.store.transact = async () => {
      throw new Error('disk full');
    };
    try {
      expect((await send(PNG, { 'x-parley-device': device })).status).toBe(500);
    } finally {
      t.app.ctx.store.transact = transact;
    }
    expect(await counts()).toEqual(before);
    expect(await filesOnDisk()).toBe(dirsBefore);

    const ok = await send(PNG, { 'x-parley-device': device }, '&client_id=c-first-file');
    expect(ok.status).toBe(201);
    const body = (await ok.json()) as {
      attachment: { id: string; message_id: string; conversation_id: string };
      message: { id: string; role: string; content: string; attachments: { id: string }[] };
      conversation: { id: string; channel_type: string };
      user_token: string;
      session_token: string;
    };
    expect(body.message).toMatchObject({ role: 'user', content: 'first.png', attachments: [{ id: body.attachment.id }] });
    expect(body.attachment).toMatchObject({ message_id: body.message.id, conversation_id: body.conversation.id });
    expect(body.conversation.channel_type).toBe('website_widget');
    expect(await counts()).toEqual({ ...before, conversations: before.conversations + 1, users: before.users + 1, attachments: before.attachments + 1, devices: before.devices + 3 });
    const record = await t.app.ctx.services.conversations.require(t.demo.project_id, body.conversation.id);
    expect((await t.app.ctx.services.users.require(t.demo.project_id, record.user_id)).locales).toEqual(['de-DE', 'de']);
    // Sent again with the same client_id (the answer was lost): the same conversation, message, file
    // and session, and nothing stored twice.
    const resent = await send(PNG, { 'x-parley-device': device }, '&client_id=c-first-file');
    expect(resent.status).toBe(201);
    const repeat = (await resent.json()) as typeof body;
    expect({ conversation: repeat.conversation.id, message: repeat.message.id, attachment: repeat.attachment.id }).toEqual({ conversation: body.conversation.id, message: body.message.id, attachment: body.attachment.id });
    expect(await counts()).toEqual({ ...before, conversations: before.conversations + 1, users: before.users + 1, attachments: before.attachments + 1, devices: before.devices + 3 });
    // The team reads it like any visitor file.
    expect((await t.app.inject({ method: 'GET', url: `${P}/conversations/${record.id}/attachments`, headers: H })).json().data).toMatchObject([{ id: body.attachment.id, uploaded_by: 'visitor' }]);

    // The tokens are the session's: the widget resumes the conversation with them and sends more.
    const again = await connectWidget(base, base);
    again.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id, device_token: device, user_token: body.user_token, session_token: body.session_token, conversation_id: record.id });
    const welcome = await again.next('session.welcome');
    expect(welcome.conversation?.id).toBe(record.id);
    // (The AI's note that it cannot read files may already follow it: file-note.test.ts.)
    expect(welcome.messages.filter((m) => m.role === 'user').map((m) => m.id)).toEqual([body.message.id]);
    const tokens = { 'x-parley-device': device, 'x-parley-session': body.session_token };
    expect((await send(PNG, tokens, `&conversation_id=${record.id}`)).status).toBe(201);
    again.send({ type: 'message.send', client_id: 'c-after-file', conversation_id: record.id, content: 'That was the error' });
    expect((await again.next('message.ack')).conversation.id).toBe(record.id);
    again.close();
  });

  it('takes a visitor\'s screenshot into the conversation their session started, with the channel limits', async () => {
    const ws = await connectWidget(base, base);
    ws.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id });
    const device = (await ws.next('session.welcome')).device_token;
    ws.send({ type: 'message.send', client_id: 'c-files-1', content: 'Here is the problem' });
    const session = (await ws.next('session.tokens')).session_token;
    const cid = (await ws.next('message.ack')).conversation.id;
    const send = (body: Buffer, headers: Record<string, string>, conversation = cid) =>
      fetch(`${base}/v1/widget/attachments?frame_id=${t.demo.frame_id}&conversation_id=${conversation}&name=screenshot.png`, {
        method: 'POST', headers: { 'content-type': 'image/png', origin: base, ...headers }, body: new Uint8Array(body),
      });
    const tokens = { 'x-parley-device': device, 'x-parley-session': session };
    const ok = await send(PNG, tokens);
    expect(ok.status).toBe(201);
    expect(ok.headers.get('access-control-allow-origin')).toBe(base);
    const { attachment, message } = (await ok.json()) as { attachment: { id: string; uploaded_by: string }; message: { id: string; role: string; attachments: unknown[] } };
    expect(attachment.uploaded_by).toBe('visitor');
    expect(message).toMatchObject({ role: 'user', content: 'screenshot.png' });
    // The visitor's socket hears of it like any message of the conversation.
    expect((await ws.next('message.created', (f) => f.message.id === message.id)).message.attachments).toEqual(message.attachments);

    const link = await fetch(`${base}/v1/widget/attachments/${attachment.id}?frame_id=${t.demo.frame_id}`, { headers: tokens });
    expect(link.status).toBe(200);
    const { url } = (await link.json()) as { url: string };
    expect((await fetch(url)).status).toBe(200);

    // Without a session, for someone else's conversation, or of a type the channel does not take.
    expect((await send(PNG, { 'x-parley-device': device })).status).toBe(401);
    expect((await send(PNG, tokens, conversationId)).status).toBe(403);
    await t.app.ctx.store.collection('channels').update(t.demo.project_id, (await t.app.ctx.services.projects.getChannelByFrameId(t.demo.frame_id))!.id, (c) => ({
      ...c, attachments: { types: ['application/pdf'], max_bytes: 2048 },
    }));
    expect((await send(PNG, tokens)).status).toBe(415);
    const big = await send(Buffer.concat([PDF, Buffer.alloc(4096)]), tokens);
    expect(big.status).toBe(413);
    ws.close();
  });

  it('gives files in exports as signed links that work for 7 days, then stop', async () => {
    const { attachment } = (await upload(PNG, 'image/png', 'name=export.png')).json();
    const res = await t.app.inject({ method: 'GET', url: `${P}/exports/messages?format=jsonl`, headers: H });
    const lines = res.body.trimEnd().split('\n').map((l) => JSON.parse(l));
    const file = lines.flatMap((m) => m.attachments ?? []).find((a: { id: string }) => a.id === attachment.id);
    const left = Date.parse(file.url_expires_at) - Date.now();
    expect(left).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(left).toBeLessThanOrEqual(7 * 86_400_000);
    expect((await t.app.inject({ method: 'GET', url: local(file.url) })).statusCode).toBe(200);

    // The full dataset carries the same kind of link.
    const out = join(t.dataDir, 'full.jsonl');
    await writeDataset(t.app.ctx.services, t.demo.project_id, out, async () => undefined, await exportMediaLinks(t.app.ctx));
    const full = (await readFile(out, 'utf8')).trimEnd().split('\n').map((l) => JSON.parse(l));
    const inFull = full.flatMap((u) => u.conversations).flatMap((c: { messages: { attachments?: { id: string; url: string }[] }[] }) => c.messages).flatMap((m) => m.attachments ?? []).find((a) => a.id === attachment.id)!;
    expect((await t.app.inject({ method: 'GET', url: local(inFull.url) })).statusCode).toBe(200);

    const start = Date.now();
    clock.now = () => start + 7 * 86_400_000 + 1000;
    for (const url of [file.url, inFull.url]) {
      const expired = await t.app.inject({ method: 'GET', url: local(url) });
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toMatchObject({ error: 'link_expired' });
    }
  });

  it('deletes the files with their conversation, and a user\'s files on request', async () => {
    const { attachment } = (await upload(PNG, 'image/png', 'name=gone.png')).json();
    const path = join(t.dataDir, 'files', t.demo.project_id, conversationId, attachment.id);
    expect(existsSync(path)).toBe(true);
    expect(await t.app.ctx.services.conversations.remove(t.demo.project_id, conversationId)).toBe(true);
    expect(existsSync(path)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: local(attachment.url) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${P}/attachments/${attachment.id}`, headers: H })).statusCode).toBe(404);
  });
});
