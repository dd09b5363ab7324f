// A message's session.tokens and its ack leave in one socket write (Connection.together,
// docs/architecture.md section 5). Observed on the server's TCP socket: what each call that hands
// bytes to the kernel (_write, _writev) carried.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Duplex } from 'node:stream';
import type { WebSocketServer } from 'ws';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { connectWidget, type WidgetClient } from './test-client.js';

let t: TestApp;
let base: string;
const open: WidgetClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await t.listen();
});
afterAll(async () => {
  for (const c of open) c.close();
  await t.close();
});

type Chunk = { chunk: Buffer | string };
type Writes = { _write(chunk: Chunk['chunk'], ...rest: unknown[]): void; _writev?(chunks: Chunk[], ...rest: unknown[]): void };

/** The server side of the newest widget socket: each socket write's bytes, as latin1 text. */
function recordServerWrites(): string[] {
  const server = (t.app as unknown as { websocketServer: WebSocketServer }).websocketServer;
  const ws = [...server.clients].at(-1)!;
  const tcp = (ws as unknown as { _socket: Duplex & Writes })._socket;
  const writes: string[] = [];
  const text = (c: Chunk['chunk']) => (typeof c === 'string' ? c : c.toString('latin1'));
  const write = tcp._write.bind(tcp);
  const writev = tcp._writev!.bind(tcp);
  tcp._write = (chunk, ...rest) => (writes.push(text(chunk)), write(chunk, ...rest));
  tcp._writev = (chunks, ...rest) => (writes.push(chunks.map((c) => text(c.chunk)).join('')), writev(chunks, ...rest));
  return writes;
}

describe('widget socket writes', () => {
  it("sends a first message's session.tokens and its ack in one socket write, in order, and the answer in its own", async () => {
    const c = await connectWidget(base, base);
    open.push(c);
    c.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id });
    await c.next('session.welcome');
    const writes = recordServerWrites();
    c.send({ type: 'message.send', client_id: 'cork-0001', content: 'How do I reset my password?' });
    const ack = await c.next('message.ack');
    await c.next('message.created', (f) => f.message.role === 'assistant' && f.seq > ack.message.seq);
    const both = writes.find((w) => w.includes('"message.ack"'))!;
    expect(both).toContain('"session.tokens"');
    expect(both.indexOf('"session.tokens"')).toBeLessThan(both.indexOf('"message.ack"'));
    expect(c.frames.map((f) => f.type).slice(0, 3)).toEqual(['session.welcome', 'session.tokens', 'message.ack']);
    // The answer is written in later turns (after its retrieval, then after its durable write).
    expect(writes.filter((w) => w.includes('"message.created"'))).toHaveLength(1);
    c.close();
    expect((await c.closed).code).toBe(1005);
  });
});
