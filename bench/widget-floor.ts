// bench:widget-floor — what the chat load of bench:widget costs on this machine with nothing of
// Parley in the server: the floor under bench:widget's figures. The same visitors' process
// (bench/widget-visitors.ts, same sockets, frames and questions) talks to a minimal server that keeps
// only what the protocol's guarantees need (docs/architecture.md sections 5 and 7): a durable
// message before its `message.ack`, a durable answer before its `message.created`, the same three
// frames per message (ack, delta, created), group commit (one write and one fdatasync per batch of
// lines). No validation, no store, no conversation, no search: the answer is a fixed text. So its
// messages per second bound from above what any server in Node can do under this load on this
// machine, with the visitors' process sharing the cores.
// VISITORS (default 200), MESSAGES (default 3), as bench:widget.
// Last line: floor_msgs_per_s=… floor_answer_p99_ms=… floor_ack_p99_ms=… floor_server_cpu_ms_per_msg=…
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { open } from 'node:fs/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocketServer, type WebSocket } from 'ws';

const VISITORS = Number(process.env.VISITORS ?? 200);
const MESSAGES = Number(process.env.MESSAGES ?? 3);

const dir = mkdtempSync(join(tmpdir(), 'parley-floor-'));
const log = await open(join(dir, 'wal.log'), 'a');

// Group commit: lines queued while a batch is being written go out together in the next one.
let queued: { line: string; done: () => void }[] = [];
let writing = false;
async function drain(): Promise<void> {
  if (writing || queued.length === 0) return;
  writing = true;
  const batch = queued;
  queued = [];
  await log.write(batch.map((b) => b.line).join(''));
  await log.datasync();
  writing = false;
  for (const b of batch) b.done();
  void drain();
}
const durable = (record: object) =>
  new Promise<void>((done) => {
    queued.push({ line: `${JSON.stringify(record)}\n`, done });
    void drain();
  });

let seq = 0;
let ids = 0;
const http = createServer();
const wss = new WebSocketServer({ server: http, path: '/v1/widget/ws' });
wss.on('connection', (ws: WebSocket) => {
  ws.on('message', async (data) => {
    const frame = JSON.parse(String(data));
    if (frame.type === 'session.hello') return ws.send(JSON.stringify({ type: 'session.welcome', session: { id: `s${ids++}` } }));
    if (frame.type !== 'message.send') return;
    const conversation = { id: frame.conversation_id ?? `c${ids++}` };
    const message = { id: `m${ids++}`, role: 'visitor', content: frame.content, client_id: frame.client_id, seq: ++seq };
    await durable({ conversation: conversation.id, message });
    ws.send(JSON.stringify({ type: 'message.ack', client_id: frame.client_id, conversation, message }));
    const answer = { id: `m${ids++}`, role: 'assistant', content: 'A fixed answer of about the length of a real one, so frames weigh what they do.', seq: ++seq };
    ws.send(JSON.stringify({ type: 'message.delta', conversation_id: conversation.id, message_id: answer.id, delta: answer.content }));
    await durable({ conversation: conversation.id, message: answer });
    ws.send(JSON.stringify({ type: 'message.created', conversation_id: conversation.id, message: answer, seq: answer.seq }));
  });
});
await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(http.address() as { port: number }).port}`;

const child = fork(fileURLToPath(new URL('./widget-visitors.ts', import.meta.url)), { execArgv: ['--import', 'tsx'] });
await new Promise((resolve) => child.once('message', resolve));
const ask = (msg: object) =>
  new Promise<any>((resolve, reject) => {
    child.once('message', (reply: any) => (reply.error ? reject(new Error(reply.error)) : resolve(reply)));
    child.send(msg);
  });
await ask({ cmd: 'chat', base, frame_id: 'floor', visitors: 1, messages: MESSAGES }); // warm-up
const cpu0 = process.cpuUsage();
const chat = (await ask({ cmd: 'chat', base, frame_id: 'floor', visitors: VISITORS, messages: MESSAGES })).result;
const cpu = process.cpuUsage(cpu0);
child.kill();
wss.close();
http.close();
await log.close();
rmSync(dir, { recursive: true, force: true });

const p = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((q / 100) * xs.length))] ?? NaN;
const sent = VISITORS * MESSAGES;
const perMsg = (cpu.user + cpu.system) / 1000 / sent;
console.log(`widget floor: ${VISITORS} visitors × ${MESSAGES} messages against a minimal server (durable acks and answers, group commit, no Parley code)`);
console.log(`  follow-up → ack p50 / p99: ${p(chat.acks, 50).toFixed(1)} / ${p(chat.acks, 99).toFixed(1)} ms`);
console.log(`  send → stored answer p50 / p99: ${p(chat.answers, 50).toFixed(1)} / ${p(chat.answers, 99).toFixed(1)} ms`);
console.log(`  messages per second: ${(sent / chat.seconds).toFixed(0)}`);
console.log(`  CPU over the chat window: server ${(cpu.user / 1000).toFixed(0)} ms user + ${(cpu.system / 1000).toFixed(0)} ms system (${perMsg.toFixed(2)} ms a message), visitors' process ${chat.cpuMs.toFixed(0)} ms, in ${(chat.seconds * 1000).toFixed(0)} ms on ${availableParallelism()} cores`);
console.log(
  `floor_msgs_per_s=${(sent / chat.seconds).toFixed(1)} floor_answer_p99_ms=${p(chat.answers, 99).toFixed(1)} floor_ack_p99_ms=${p(chat.acks, 99).toFixed(1)} floor_server_cpu_ms_per_msg=${perMsg.toFixed(2)}`,
);
