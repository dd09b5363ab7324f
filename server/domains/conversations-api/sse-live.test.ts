// SSE generation while it is still running: the model (a gated OpenAI-compatible server on 127.0.0.1,
// the only fake, at the edge) sends its first words and then waits until the test lets it finish, so
// "resume mid-generation" and "shut down with a stream open" happen for certain, not by timing luck.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { parseSseEvents } from '../../testing/sse.js';

interface GatedLlm {
  baseUrl: string;
  /** Lets every waiting answer finish. */
  release(): void;
  close(): Promise<void>;
}

const chunk = (delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'gated', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

async function startGatedLlm(): Promise<GatedLlm> {
  const waiting: ServerResponse[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk({ role: 'assistant', content: '' }));
      res.write(chunk({ content: 'Plans start ' }));
      waiting.push(res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    release() {
      for (const res of waiting.splice(0)) {
        res.write(chunk({ content: 'at the Standard tier.' }));
        res.write(chunk({}, 'stop'));
        res.end('data: [DONE]\n\n');
      }
    },
    close: () =>
      new Promise<void>((r) => {
        for (const res of waiting.splice(0)) res.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}


/** Reads the body until `until(text)` holds; returns what was read (the reader stays open). */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, until: (text: string) => boolean): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  while (!until(text)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  return text;
}

let llm: GatedLlm;
let t: TestApp;
let base: string;
let P: string;
let H: Record<string, string>;

beforeAll(async () => {
  llm = await startGatedLlm();
  t = await createTestApp({ llm: { baseUrl: llm.baseUrl, apiKey: 'k', model: 'm', timeoutMs: 10_000 } });
  await t.app.ctx.services.org.updateOrganization(t.demo.organization_id, { plan: 'enterprise', rate_limits: { per_minute: 100_000, per_day: 1_000_000 } });
  base = await t.listen();
  P = `/v1/projects/${t.demo.project_id}`;
  H = { authorization: `Bearer ${t.demo.api_key}`, 'content-type': 'application/json' };
});
afterAll(async () => {
  await t.close();
  await llm.close();
});

const create = async (user: string) =>
  (await fetch(`${base}${P}/conversations`, { method: 'POST', headers: H, body: JSON.stringify({ user_id: user, message: 'What are the pricing plans?' }) })).json();
const generate = (id: string, headers: Record<string, string> = {}, signal?: AbortSignal) =>
  fetch(`${base}${P}/conversations/${id}/generate`, { method: 'POST', headers: { ...H, accept: 'text/event-stream', ...headers }, signal });
const isDelta = (text: string) => /event: delta\ndata: [^\n]*\n\n/.test(text);

describe('SSE while the generation is running', () => {
  it('a reconnect with Last-Event-ID follows the live generation to its end', async () => {
    const c = await create('live-1');
    const abort = new AbortController();
    const first = await generate(c.id, {}, abort.signal);
    const seen = parseSseEvents(await readUntil(first.body!.getReader(), isDelta));
    expect(seen.map((e) => e.event)).toEqual(['start', 'delta']);
    abort.abort();

    // The generation is still waiting on the model: the resumed stream must stay attached to it.
    const resumed = await generate(c.id, { 'last-event-id': seen[1].id });
    expect(resumed.status).toBe(200);
    const reader = resumed.body!.getReader();
    const early = await readUntil(reader, (s) => s.includes('retry:'));
    llm.release();
    const rest = parseSseEvents(early + (await readUntil(reader, (s) => s.includes('event: done'))));
    expect(rest.map((e) => e.event)).toEqual(['delta', 'message', 'done']);
    const all = [...seen, ...rest];
    expect(all.map((e) => Number(e.id.split(':')[1]))).toEqual([1, 2, 3, 4, 5]);
    const message = rest[1].data.message;
    expect(message.content).toBe('Plans start at the Standard tier.');
    expect(all.filter((e) => e.event === 'delta').map((e) => e.data.delta).join('')).toBe(message.content);
    const stored = await (await fetch(`${base}${P}/conversations/${c.id}`, { headers: H })).json();
    expect(stored.messages.filter((m: { role: string }) => m.role === 'assistant')).toHaveLength(1);
  });

  it('two clients on one generation both get every event', async () => {
    const c = await create('live-2');
    const a = await generate(c.id);
    const readerA = a.body!.getReader();
    const head = parseSseEvents(await readUntil(readerA, isDelta));
    const b = await generate(c.id, { 'last-event-id': head[0].id });
    const readerB = b.body!.getReader();
    const bHead = await readUntil(readerB, isDelta);
    llm.release();
    const restA = parseSseEvents(await readUntil(readerA, (s) => s.includes('event: done')));
    const allB = parseSseEvents(bHead + (await readUntil(readerB, (s) => s.includes('event: done'))));
    const allA = [...head, ...restA];
    expect(allA.map((e) => e.event)).toEqual(['start', 'delta', 'delta', 'message', 'done']);
    // B asked for everything after event 1.
    expect(allB).toEqual(allA.slice(1));
  });

  it('shutting down ends open streams instead of waiting for the client', async () => {
    const other = await createTestApp({ llm: { baseUrl: llm.baseUrl, apiKey: 'k', model: 'm', timeoutMs: 10_000 } });
    const url = await other.listen();
    const p = `/v1/projects/${other.demo.project_id}`;
    const h = { authorization: `Bearer ${other.demo.api_key}`, 'content-type': 'application/json' };
    const c = await (await fetch(`${url}${p}/conversations`, { method: 'POST', headers: h, body: JSON.stringify({ user_id: 'x', message: 'Hello?' }) })).json();
    const res = await fetch(`${url}${p}/conversations/${c.id}/generate`, { method: 'POST', headers: { ...h, accept: 'text/event-stream' } });
    const reader = res.body!.getReader();
    await readUntil(reader, isDelta);
    // The model has not finished; close() must still return, and the client sees its stream end.
    const closed = other.close();
    const tail = await readUntil(reader, () => false);
    expect(tail).not.toContain('event: message');
    await closed;
    llm.release();
  });
});
