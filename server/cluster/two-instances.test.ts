// Realtime across two server processes on one PostgreSQL database (docs/architecture.md section 7):
// real child processes of server/main.ts, real widget and team sockets, a real SSE stream. The model
// is the only fake, at the edge: an OpenAI-compatible server on 127.0.0.1 that streams a word every
// 100 ms (slow, so a take-over lands mid-answer) and records whether the caller hung up early.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startServerProcess } from '../testing/server-process.js';
import { startPostgres, type TestPostgres } from '../store/postgres/testing/pg-server.js';
import { connectWidget, type WidgetClient } from '../domains/widget/test-client.js';
import { connectTeam } from '../domains/operators/team-client.fixture.js';
import { parseSseEvents } from '../testing/sse.js';
import { LISTENER_NAME } from './signals.js';
import { visibleToVisitor } from '../../shared/visibility.js';
import type { Message } from '../../shared/schemas/entities.js';

const WORDS = 80;
let pgServer: TestPostgres;
let llm: Server;
/** Streamed answers whose caller hung up before the last word. */
const llmAborted: number[] = [];
let llmStreams = 0;
const runs: ReturnType<typeof startServerProcess>[] = [];
const dirs: string[] = [];
const sockets: { close(): void }[] = [];
let dbUrl: string;
let A: string;
let B: string;
let P: string;
let key: string;
let login: { email: string; password: string };
let frameId: string;

function chunk(content: string) {
  return `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
}

beforeAll(async () => {
  llm = createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}');
      if (!body.stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ id: 'c', object: 'chat.completion', created: 0, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: 'Summary.' }, finish_reason: 'stop' }] }));
      }
      const asked = JSON.stringify(body.messages?.at(-1)?.content ?? '');
      // A visitor's screenshot (OPENAI_VISION): refused, as a model that cannot take it would.
      if (asked.includes('image_url')) {
        res.writeHead(400, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { message: 'image input is not supported' } }));
      }
      // Answered at once, for tests that need an answer, not a slow one.
      if (asked.includes('(quick)')) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        return res.end(`${chunk('Done.')}data: [DONE]\n\n`);
      }
      const n = ++llmStreams;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      let i = 0;
      const timer = setInterval(() => {
        if (i++ < WORDS) return void res.write(chunk('word '));
        clearInterval(timer);
        res.end('data: [DONE]\n\n');
      }, 100);
      res.on('close', () => {
        if (i <= WORDS) llmAborted.push(n);
        clearInterval(timer);
      });
    });
  });
  await new Promise<void>((r) => llm.listen(0, '127.0.0.1', r));
  pgServer = await startPostgres();
  dbUrl = await pgServer.createDatabase();
  const env = {
    DATABASE_URL: dbUrl,
    PARLEY_MASTER_KEY: randomBytes(32).toString('base64'),
    OPENAI_BASE_URL: `http://127.0.0.1:${(llm.address() as AddressInfo).port}/v1`,
    OPENAI_API_KEY: 'k',
    OPENAI_MODEL: 'm',
    OPENAI_VISION: '1',
  };
  const a = await start(env);
  A = await a.ready;
  const out = a.output();
  key = /API key\s+(\S+)/.exec(out)![1]!;
  P = `/v1/projects/${/project id\s+(\S+)/.exec(out)![1]!}`;
  frameId = /frame id\s+(\S+)/.exec(out)![1]!;
  const team = /team login\s+(\S+) \/ (\S+)/.exec(out)!;
  login = { email: team[1]!, password: team[2]! };
  B = await (await start(env)).ready;
}, 180_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  for (const run of runs) if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
  await Promise.all(runs.map((r) => r.exited));
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  llm?.closeAllConnections();
  await new Promise((r) => llm?.close(r));
  await pgServer?.stop();
});

async function start(env: Record<string, string>) {
  const dir = await mkdtemp(join(tmpdir(), 'parley-cluster-'));
  dirs.push(dir);
  const run = startServerProcess({ DATA_DIR: dir, ...env });
  runs.push(run);
  return run;
}

const api = (base: string, path: string, init: RequestInit = {}, auth = key) =>
  fetch(`${base}${P}${path}`, { ...init, headers: { authorization: `Bearer ${auth}`, 'content-type': 'application/json', ...(init.headers as Record<string, string>) } });

/** A team session on one instance (the console's cookie and CSRF token). */
async function signIn(base: string) {
  const res = await fetch(`${base}/v1/org/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(login) });
  expect(res.status, await res.clone().text()).toBe(200);
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  return { cookie, headers: { cookie, 'x-csrf-token': ((await res.json()) as { csrf_token: string }).csrf_token } };
}

/** A visitor on `base` who wrote once and got the (fast-forwarded) AI answer, or who is waiting for it. */
async function visitor(base: string, hello: Record<string, unknown> = {}) {
  const c = await connectWidget(base, A);
  sockets.push(c);
  c.send({ type: 'session.hello', v: 1, frame_id: frameId, ...hello });
  const welcome = await c.next('session.welcome');
  return { c, welcome };
}

async function until(check: () => boolean | Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const seqs = (c: WidgetClient, conversationId: string) =>
  c.frames.flatMap((f) => (f.type === 'message.created' && f.conversation_id === conversationId ? [f.seq] : []));

describe('two instances on one database', () => {
  it('a visitor on A sees an operator reply sent through B, and a take-over on B stops the answer being generated on A', async () => {
    const { c } = await visitor(A);
    const streamsBefore = llmStreams;
    c.send({ type: 'message.send', client_id: 'cluster-takeover-1', content: 'How do refunds work?' });
    const ack = await c.next('message.ack');
    const id = ack.conversation.id;
    // The answer is being generated on A (first words streamed), when B takes over.
    await c.next('message.delta');
    expect(llmStreams).toBe(streamsBefore + 1);
    const took = await api(B, `/conversations/${id}/takeover`, { method: 'POST' });
    expect(took.status, await took.clone().text()).toBe(200);
    await until(() => llmAborted.includes(streamsBefore + 1), 5_000);
    await c.next('conversation.updated', (f) => f.conversation.operator_active === true);

    const reply = await api(B, `/conversations/${id}/messages`, { method: 'POST', body: JSON.stringify({ content: 'Hello from instance B' }) });
    expect(reply.status, await reply.clone().text()).toBe(201);
    const created = await c.next('message.created', (f) => f.message.content === 'Hello from instance B');
    expect(created.message.role).toBe('operator');
    // Nothing of the stopped answer was stored.
    const stored = (await (await api(B, `/conversations/${id}`)).json()) as { messages: { role: string; type: string }[] };
    expect(stored.messages.filter((m) => m.role === 'assistant' && m.type === 'message')).toEqual([]);
    // Every message reached A's visitor once, in order.
    const got = seqs(c, id);
    expect(new Set(got).size).toBe(got.length);
    expect(got).toEqual([...got].sort((x, y) => x - y));
  }, 60_000);

  it('a widget resumes on the other instance with nothing missed or doubled', async () => {
    const first = await visitor(A);
    first.c.send({ type: 'message.send', client_id: 'cluster-resume-1', content: 'Do you ship to Norway?' });
    const tokens = await first.c.next('session.tokens');
    const ack = await first.c.next('message.ack');
    const id = ack.conversation.id;
    await api(B, `/conversations/${id}/takeover`, { method: 'POST' });
    await api(B, `/conversations/${id}/messages`, { method: 'POST', body: JSON.stringify({ content: 'one' }) });
    await first.c.next('message.created', (f) => f.message.content === 'one');
    const lastSeq = Math.max(...seqs(first.c, id), ack.message.seq);
    first.c.close();
    // Written while the visitor is away.
    await api(A, `/conversations/${id}/messages`, { method: 'POST', body: JSON.stringify({ content: 'two' }) });
    const resume = { device_token: first.welcome.device_token, user_token: tokens.user_token, session_token: tokens.session_token, conversation_id: id, last_seq: lastSeq };
    const second = await visitor(B, resume);
    // What the widget shows: internal notes and summaries never reach it.
    const stored = (await (await api(B, `/conversations/${id}`)).json()) as { messages: Message[] };
    const missed = stored.messages.filter((m) => m.seq > lastSeq && visibleToVisitor(m));
    expect(missed.map((m) => m.content)).toContain('two');
    expect(second.welcome.messages.map((m) => m.seq)).toEqual(missed.map((m) => m.seq));
    await api(A, `/conversations/${id}/messages`, { method: 'POST', body: JSON.stringify({ content: 'three' }) });
    await second.c.next('message.created', (f) => f.message.content === 'three');
    // Live from there: exactly the messages after the welcome's, each once.
    const after = (await (await api(B, `/conversations/${id}`)).json()) as { messages: Message[] };
    const welcomeLast = second.welcome.messages.at(-1)!.seq;
    expect(seqs(second.c, id)).toEqual(after.messages.filter((m) => m.seq > welcomeLast && visibleToVisitor(m)).map((m) => m.seq));
  }, 60_000);

  it('an SSE generation started on A resumes on B with Last-Event-ID: every event after it once, then the end', async () => {
    const conv = (await (await api(A, '/conversations', { method: 'POST', body: JSON.stringify({ user_id: 'sse-resume', message: 'Tell me about plans' }) })).json()) as { id: string };
    const aborter = new AbortController();
    const res = await api(A, `/conversations/${conv.id}/generate`, { method: 'POST', headers: { accept: 'text/event-stream' }, signal: aborter.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let text = '';
    while ((text.match(/event: delta\n/g) ?? []).length < 3) text += new TextDecoder().decode((await reader.read()).value);
    aborter.abort();
    const before = parseSseEvents(text.slice(0, text.lastIndexOf('\n\n') + 2));
    const lastId = before.at(-1)!.id!;
    const [streamId, n] = lastId.split(':') as [string, string];

    const resumed = await api(B, `/conversations/${conv.id}/generate`, { method: 'POST', headers: { accept: 'text/event-stream', 'last-event-id': lastId } });
    expect(resumed.status, await resumed.clone().text().catch(() => '')).toBe(200);
    const after = parseSseEvents(await resumed.text());
    // Numbered on from where the client was, none twice, none skipped, ending with the message and done.
    expect(after.map((e) => e.id)).toEqual(after.map((_, i) => `${streamId}:${Number(n) + 1 + i}`));
    expect(after.slice(-2).map((e) => e.event)).toEqual(['message', 'done']);
    const message = (after.at(-2)!.data as { message: { id: string; content: string } }).message;
    const deltas = [...before, ...after].filter((e) => e.event === 'delta').map((e) => (e.data as { delta: string }).delta).join('');
    expect(deltas.trim()).toBe(message.content.trim());
    const stored = (await (await api(A, `/conversations/${conv.id}`)).json()) as { messages: { id: string; content: string }[] };
    expect(stored.messages.find((m) => m.id === message.id)?.content).toBe(message.content);
    // A stream nobody has is still a 404 on any instance.
    const unknown = await api(B, `/conversations/${conv.id}/generate`, { method: 'POST', headers: { accept: 'text/event-stream', 'last-event-id': `${crypto.randomUUID()}:1` } });
    expect(unknown.status).toBe(404);
  }, 60_000);

  it('a key revoked on B ends the SSE stream held on A', async () => {
    const admin = await signIn(B);
    const made = await fetch(`${B}/v1/org/projects/${P.split('/').at(-1)}/api-keys`, {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'cluster', permissions: ['conversation:read', 'conversation:write', 'conversation:generate', 'userpool:read', 'userpool:update'] }),
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const { key: streamKey, api_key } = (await made.json()) as { key: string; api_key: { id: string } };
    const conv = (await (await api(A, '/conversations', { method: 'POST', body: JSON.stringify({ user_id: 'sse-cluster', message: 'Plans?' }) }, streamKey)).json()) as { id: string };
    const res = await api(A, `/conversations/${conv.id}/generate`, { method: 'POST', headers: { accept: 'text/event-stream' } }, streamKey);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let text = '';
    while (!/event: delta\n/.test(text)) text += new TextDecoder().decode((await reader.read()).value);

    const del = await fetch(`${B}/v1/org/projects/${P.split('/').at(-1)}/api-keys/${api_key.id}`, { method: 'DELETE', headers: admin.headers });
    expect(del.status).toBe(204);
    const started = Date.now();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    const events = parseSseEvents(text);
    expect(events.at(-1)).toMatchObject({ event: 'error', data: { error: 'unauthorized' } });
    expect(events.some((e) => e.event === 'message')).toBe(false);
    // Well before the 8 s the answer takes: ended by the revocation, not by the answer finishing.
    expect(Date.now() - started).toBeLessThan(4_000);
  }, 60_000);

  it('a team feed on A follows what B writes and resumes on B with nothing missed or doubled', async () => {
    const projectId = P.split('/').at(-1)!;
    const session = await signIn(A);
    const feedA = await connectTeam(A, session.cookie);
    sockets.push(feedA);
    feedA.send({ type: 'team.hello', v: 1, project_id: projectId });
    await feedA.next('team.welcome');
    const conv = (await (await api(B, '/conversations', { method: 'POST', body: JSON.stringify({ user_id: 'team-feed-cluster', message: 'Hello team' }) })).json()) as { id: string };
    await feedA.next('message.created', (f) => f.conversation_id === conv.id && f.message.content === 'Hello team');
    await api(B, `/conversations/${conv.id}/messages`, { method: 'POST', body: JSON.stringify({ content: 'internal', type: 'comment' }) });
    await feedA.next('message.created', (f) => f.conversation_id === conv.id && f.message.content === 'internal');
    const seen = feedA.frames.flatMap((f) => (f.type === 'message.created' && f.conversation_id === conv.id ? [f.seq] : []));
    expect(new Set(seen).size).toBe(seen.length);
    feedA.close();
    await feedA.closed;
    await api(A, `/conversations/${conv.id}/messages`, { method: 'POST', body: JSON.stringify({ content: 'while away', type: 'comment' }) });
    const feedB = await connectTeam(B, (await signIn(B)).cookie);
    sockets.push(feedB);
    feedB.send({ type: 'team.hello', v: 1, project_id: projectId, resume: [{ conversation_id: conv.id, last_seq: Math.max(...seen) }] });
    const welcome = await feedB.next('team.welcome');
    const stored = (await (await api(B, `/conversations/${conv.id}`)).json()) as { messages: { seq: number }[] };
    expect(welcome.missed.map((m) => m.seq)).toEqual(stored.messages.filter((m) => m.seq > Math.max(...seen)).map((m) => m.seq));
    expect(welcome.missed.map((m) => m.content)).toContain('while away');
    feedB.close();
  }, 60_000);

  it('an operator online on B counts as online on A (once), and not once they left', async () => {
    const onA = await signIn(A);
    const onB = await signIn(B);
    const feedA = await connectTeam(A, onA.cookie);
    sockets.push(feedA);
    feedA.send({ type: 'team.hello', v: 1, project_id: P.split('/').at(-1)! });
    const welcome = await feedA.next('team.welcome');
    const me = welcome.member.member_id;
    // The same member's second feed, on B (another tab on another instance): still online once.
    const feedB = await connectTeam(B, onB.cookie);
    feedB.send({ type: 'team.hello', v: 1, project_id: P.split('/').at(-1)! });
    const welcomeB = await feedB.next('team.welcome');
    expect(welcomeB.online.map((m) => m.member_id)).toEqual([me]);
    // With A's own feed gone, a visitor on A asking for a person is told someone will reply, not
    // "nobody is online" (that note asks for an e-mail).
    feedA.close();
    await feedA.closed;
    const { c } = await visitor(A);
    c.send({ type: 'message.send', client_id: 'cluster-presence-1', content: 'I want to talk to a human', handoff: true });
    const note = await c.next('message.created', (f) => f.message.labels.includes('handoff_accepted'));
    expect(note.message.labels).not.toContain('ask_email');
    // B's feed closes: nobody is online anywhere, and A says so at once (not after the expiry).
    feedB.close();
    await feedB.closed;
    const later = await visitor(A);
    await new Promise((r) => setTimeout(r, 300));
    later.c.send({ type: 'message.send', client_id: 'cluster-presence-2', content: 'Anyone there?', handoff: true });
    const alone = await later.c.next('message.created', (f) => f.message.labels.includes('handoff_accepted'));
    expect(alone.message.labels).toContain('ask_email');
  }, 60_000);

  it('a screenshot uploaded through B whose reply fails is reported to the visitor\'s widget on A', async () => {
    const { c, welcome } = await visitor(A);
    c.send({ type: 'message.send', client_id: 'cluster-upload-1', content: 'Here is what I see (quick)' });
    const tokens = await c.next('session.tokens');
    const id = (await c.next('message.ack')).conversation.id;
    await c.next('message.created', (f) => f.message.role === 'assistant');
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const up = await fetch(`${B}/v1/widget/attachments?frame_id=${frameId}&name=screen.png&conversation_id=${id}`, {
      method: 'POST',
      headers: { 'content-type': 'image/png', origin: A, 'x-parley-device': welcome.device_token, 'x-parley-session': tokens.session_token },
      body: new Uint8Array(png),
    });
    expect(up.status, await up.clone().text()).toBe(201);
    const failed = await c.next('error', (f) => f.error === 'upstream_unavailable');
    expect(failed.message).toMatch(/could not answer/);
  }, 60_000);

  it('after its LISTEN connection is killed, A reconnects and its feeds get what B wrote meanwhile', async () => {
    const { c } = await visitor(A);
    c.send({ type: 'message.send', client_id: 'cluster-resync-1', content: 'Is there a student discount?' });
    const ack = await c.next('message.ack');
    const id = ack.conversation.id;
    await api(B, `/conversations/${id}/takeover`, { method: 'POST' });
    await c.next('conversation.updated', (f) => f.conversation.operator_active === true);
    const admin = new pg.Client({ connectionString: dbUrl });
    await admin.connect();
    try {
      const killed = await admin.query(
        `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE application_name = $1`,
        [LISTENER_NAME],
      );
      expect(killed.rows.length).toBe(2); // A's and B's listeners
      for (const text of ['during-1', 'during-2']) {
        const r = await api(B, `/conversations/${id}/messages`, { method: 'POST', body: JSON.stringify({ content: text }) });
        expect(r.status).toBe(201);
      }
      await c.next('message.created', (f) => f.message.content === 'during-2');
      await until(async () => (await admin.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1`, [LISTENER_NAME])).rows[0].n === 2);
    } finally {
      await admin.end();
    }
    const r = await api(B, `/conversations/${id}/messages`, { method: 'POST', body: JSON.stringify({ content: 'after' }) });
    expect(r.status).toBe(201);
    await c.next('message.created', (f) => f.message.content === 'after');
    const got = seqs(c, id);
    expect(new Set(got).size).toBe(got.length);
    expect(c.frames.filter((f) => f.type === 'message.created' && f.message.content.startsWith('during')).length).toBe(2);
  }, 60_000);
});
