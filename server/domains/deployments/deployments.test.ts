// Deployments and aliases (spec 2.10, 9) through the real app: builds are numbered snapshots that
// later edits never reach; a widget channel follows an alias, and repointing it switches the next
// reply of a connected visitor with no reconnect; rollback is a repoint; a build keeps its knowledge
// after the draft's snippet is edited or deleted, and after a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { connectWidget, type WidgetClient } from '../widget/test-client.js';
import type { Message } from '../../../shared/schemas/entities.js';

let t: TestApp;
/** The app under test; the restart test replaces it with one opened on the same data directory. */
let app: FastifyInstance;
let base: string;
const open: WidgetClient[] = [];
const H = () => ({ authorization: `Bearer ${t.demo.api_key}` });
const url = (path: string) => `/v1/projects/${t.demo.project_id}${path}`;
const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
  app.inject({ method, url: url(path), headers: H(), ...(payload ? { payload } : {}) });

const QUESTION = 'What is the warehouse pickup code?';
// Each ask is worded differently: the same text again and again is what the spam detection blocks.
const WORDINGS = [QUESTION, "What's the warehouse pickup code?", 'What is the pickup code of the warehouse?', 'Warehouse pickup code?', 'Could you tell me the warehouse pickup code?', 'I need the warehouse pickup code', 'the warehouse pickup code please'];
let providerId: string;

beforeAll(async () => {
  t = await createTestApp(process.env.DEBUG_DEPLOY ? { logLevel: 'error' } : {});
  base = await t.listen();
  app = t.app;
  providerId = (await api('POST', '/data-providers', { type: 'manual', name: 'Warehouse FAQ' })).json().id;
});
afterAll(async () => {
  for (const c of open) c.close();
  if (app !== t.app) await app.close();
  await t.close();
});

async function visitor(frameId: string) {
  const c = await connectWidget(base, base);
  open.push(c);
  c.send({ type: 'session.hello', v: 1, frame_id: frameId, page: { url: 'https://shop.test/' } });
  await c.next('session.welcome');
  let conversationId: string | undefined;
  let n = 0;
  return {
    socket: c,
    /** Asks the pickup code (worded anew each time) and returns the AI reply with its trace. */
    async ask(): Promise<Message> {
      const content = WORDINGS[n % WORDINGS.length]!;
      c.send({ type: 'message.send', client_id: `deploy-${frameId}-${++n}`, content, ...(conversationId ? { conversation_id: conversationId } : {}) });
      const ack = await c.next('message.ack');
      conversationId ??= ack.conversation.id;
      const reply = (await c.next('message.created', (f) => f.message.role === 'assistant' && f.message.seq > ack.message.seq)).message;
      // The trace (which build answered) is internal: the API returns it with the message.
      const stored = (await api('GET', `/conversations/${reply.conversation_id}`)).json();
      return { ...reply, guidance: stored.messages.find((m: Message) => m.id === reply.id).guidance };
    },
  };
}

async function build(note: string): Promise<number> {
  const r = await api('POST', '/deployments', { note });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().version;
}

describe('deployments and aliases API', () => {
  it('numbers builds, moves mutable aliases with a history, refuses to move or delete immutable ones', async () => {
    const v1 = await build('first');
    const v2 = await build('second');
    expect(v2).toBe(v1 + 1);
    const list = (await api('GET', '/deployments')).json().data;
    expect(list.map((d: { version: number }) => d.version).slice(0, 2)).toEqual([v2, v1]);
    expect(list[0]).toMatchObject({ note: 'second', profile_id: 'default', created_by: { type: 'api_key' } });
    expect(list[0].source_count).toBeGreaterThan(0);
    expect((await api('GET', '/deployments/9999')).statusCode).toBe(404);

    const created = await api('PUT', '/aliases/staging', { version: v1, note: 'try it' });
    expect(created.statusCode, created.body).toBe(200);
    const moved = (await api('PUT', '/aliases/staging', { version: v2 })).json();
    expect(moved.history.map((m: { version: number; previous: number | null }) => [m.version, m.previous])).toEqual([[v1, null], [v2, v1]]);
    expect(moved.history[0]).toMatchObject({ note: 'try it', by: { type: 'api_key' } });

    expect((await api('PUT', '/aliases/fixed-1', { version: v1, mutable: false })).statusCode).toBe(200);
    const refused = await api('PUT', '/aliases/fixed-1', { version: v2 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('alias_immutable');
    // Nor can it be deleted and created again at another version.
    const kept = await api('DELETE', '/aliases/fixed-1');
    expect(kept.statusCode).toBe(409);
    expect(kept.json().error).toBe('alias_immutable');
    expect((await api('GET', '/aliases/fixed-1')).json()).toMatchObject({ version: v1, mutable: false });
    expect((await api('PUT', '/aliases/fixed-1', { version: v2, mutable: false })).json().error).toBe('alias_immutable');
    expect((await api('PUT', '/aliases/staging', { version: 9999 })).json().error).toBe('unknown_deployment');
    expect((await api('PUT', '/aliases/Bad%20Name', { version: v1 })).statusCode).toBe(400);

    const channel = (await api('POST', '/channels', { name: 'Staging site', allowed_origins: ['*'], alias: 'staging' })).json();
    expect(channel.alias).toBe('staging');
    expect((await api('PATCH', `/channels/${channel.id}`, { alias: 'nope' })).json().error).toBe('unknown_alias');
    const inUse = await api('DELETE', '/aliases/staging');
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({ error: 'alias_in_use', channel_ids: [channel.id] });
    expect((await api('GET', '/aliases/staging')).json().channel_ids).toEqual([channel.id]);
    expect((await api('PATCH', `/channels/${channel.id}`, { alias: null })).json().alias).toBeNull();
    expect((await api('DELETE', '/aliases/staging')).statusCode).toBe(204);
    await api('DELETE', `/channels/${channel.id}`);
  });

  it('diffs two builds and a build against the draft', async () => {
    const before = await build('before the rule');
    const rule = (await api('POST', '/guidance-rules', { name: 'Be brief', instructions: 'Answer in two sentences at most.' })).json();
    await api('PATCH', '/profiles/default', { model: { temperature: 0.2 } });
    const draft = (await api('GET', `/deployments/diff?from=${before}&to=draft`)).json();
    expect(draft.rules.added).toEqual([{ id: rule.id, name: 'Be brief' }]);
    expect(draft.profile).toContainEqual({ field: 'model.temperature', from: null, to: 0.2 });
    const after = await build('with the rule');
    const between = (await api('GET', `/deployments/diff?from=${before}&to=${after}`)).json();
    expect(between.rules.added.map((r: { id: string }) => r.id)).toEqual([rule.id]);
    expect((await api('GET', `/deployments/diff?from=${after}&to=draft`)).json().rules).toEqual({ added: [], removed: [], changed: [] });
    expect((await api('GET', '/deployments/diff?from=x&to=draft')).statusCode).toBe(400);
    await api('DELETE', `/guidance-rules/${rule.id}`);
    await api('PATCH', '/profiles/default', { model: { temperature: null } });
  });
});

describe('a channel follows its alias', () => {
  it('sees knowledge only through a build; repointing switches a connected visitor; rollback is a repoint; builds keep their knowledge', async () => {
    const v1 = await build('without the warehouse code');
    await api('PUT', '/aliases/production', { version: v1 });
    const channel = (await api('POST', '/channels', { name: 'Shop', allowed_origins: ['*'], alias: 'production' })).json();

    const snippet = (await api('POST', `/data-providers/${providerId}/snippets`, { question: QUESTION, content: 'The warehouse pickup code is ZEBRA-7741.' })).json();
    // A channel on the draft sees the edit at once.
    const onDraft = await visitor(t.demo.frame_id);
    expect((await onDraft.ask()).content).toContain('ZEBRA-7741');

    const shop = await visitor(channel.frame_id);
    const first = await shop.ask();
    expect(first.content).not.toContain('ZEBRA-7741');
    expect(first.guidance?.deployment).toBe(v1);

    const v2 = await build('with the warehouse code');
    expect((await shop.ask()).content).not.toContain('ZEBRA-7741'); // built, not yet pointed at
    await api('PUT', '/aliases/production', { version: v2, note: 'release' });
    const second = await shop.ask();
    expect(second.content).toContain('ZEBRA-7741');
    expect(second.guidance?.deployment).toBe(v2);

    // The draft moves on; v2 keeps the chunks it was built with (kept copy-on-write).
    const edited = await api('PATCH', `/snippets/${snippet.id}`, { content: 'The warehouse pickup code is OTTER-5120.' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await shop.ask()).content).toContain('ZEBRA-7741');
    expect((await onDraft.ask()).content).toContain('OTTER-5120');
    await api('DELETE', `/snippets/${snippet.id}`);
    expect((await shop.ask()).content).toContain('ZEBRA-7741');

    await api('PUT', '/aliases/production', { version: v1, note: 'rollback' });
    expect((await shop.ask()).content).not.toContain('ZEBRA-7741');
    await api('PUT', '/aliases/production', { version: v2 });

    // One connection throughout: it still answers after every move, and was never welcomed again.
    expect((await shop.ask()).content).toContain('ZEBRA-7741');
    expect(shop.socket.frames.filter((f) => f.type === 'session.welcome')).toHaveLength(1);

    // Restored builds are new versions with the old snapshot.
    const restored = await api('POST', `/deployments/${v1}/restore`, {});
    expect(restored.statusCode).toBe(201);
    expect(restored.json()).toMatchObject({ restored_from: v1, note: `Restored from v${v1}` });
    expect(restored.json().knowledge).toEqual((await api('GET', `/deployments/${v1}`)).json().knowledge);
  });

  it('answers from a build after a restart, with the kept chunks read from disk', async () => {
    // Its own build, alias and channel: the test passes alone and in any order.
    const snippet = (await api('POST', `/data-providers/${providerId}/snippets`, { question: QUESTION, content: 'The warehouse pickup code is HERON-2208.' })).json();
    const version = await build('before the restart');
    await api('PUT', '/aliases/restart', { version });
    const channel = (await api('POST', '/channels', { name: 'Restart shop', allowed_origins: ['*'], alias: 'restart' })).json();
    // Gone from the draft: only the build's kept copy still holds it.
    expect((await api('DELETE', `/snippets/${snippet.id}`)).statusCode).toBe(204);

    for (const c of open.splice(0)) c.close();
    await app.close();
    // Later tests, and afterAll, use the reopened app.
    app = await buildApp(t.config);
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const shop = await visitor(channel.frame_id);
    expect((await shop.ask()).content).toContain('HERON-2208');
  });
});
