// bench:widget — the widget gateway end to end over real WebSockets on a real port. The server runs
// here; the visitors run in a child process (bench/widget-visitors.ts) so the server's CPU and memory
// are its own. Visitors connect (hello → welcome), start a conversation and send follow-ups, each
// waiting for its ack (sent only after the durable write, fsync included) and for the stored AI answer
// (offline answerer) before the next message. Then idle-connection memory: RSS of the server per
// 1,000 connected widgets that said hello and do nothing. Prints figures only; it does not pass or fail.
// VISITORS (default 200), MESSAGES (default 3), IDLE (default 1000). CHUNKS (default 0): also give
// the demo project a knowledge base of that many more chunks (bench/corpus.ts), so each answer's
// search costs what it does on a large site's documentation.
// BENCH_CPU_PROF=<dir>: also writes a V8 CPU profile of the server (this process) over the measured
// chat window only, as <dir>/widget-<time>.cpuprofile; `npx tsx bench/cpu-profile-summary.ts <file>`
// lists self and inclusive time by function. The profiler adds overhead: compare figures without it.
// BENCH_CPU_PROF_US (default 1000, V8's own): the sampling interval; 100 resolves the smaller functions.
// Last line: ack_p99_ms=… first_ack_p99_ms=… answer_p99_ms=… msgs_per_s=… idle_rss_mb_per_1k=… server_cpu_ms_per_msg=…
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Session } from 'node:inspector/promises';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { createTestApp } from '../server/testing/test-app.js';
import { corpus } from './corpus.js';
import { contextText } from '../server/domains/knowledge/chunker.js';
import { createLocalEmbedder, encodeVector, localEmbed } from '../server/domains/knowledge/embedder.js';

const VISITORS = Number(process.env.VISITORS ?? 200);
const MESSAGES = Number(process.env.MESSAGES ?? 3);
const IDLE = Number(process.env.IDLE ?? 1000);
const CHUNKS = Number(process.env.CHUNKS ?? 0);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (n: number) => n.toFixed(1);
const gc = (globalThis as { gc?: () => void }).gc;
const settle = async () => {
  for (let i = 0; i < 3; i++) {
    gc?.();
    await new Promise((r) => setTimeout(r, 100));
  }
};

function ask<T = any>(child: ChildProcess, msg: object): Promise<T> {
  return new Promise((resolve, reject) => {
    child.once('message', (reply: any) => (reply.error ? reject(new Error(reply.error)) : resolve(reply)));
    child.send(msg);
  });
}

const limits = { messages_per_minute_per_device: 1e6, messages_per_minute_per_ip: 1e6, connections_per_minute_per_ip: 1e6, frames_per_minute_per_connection: 1e6 };
const t = await createTestApp({ widgetLimits: limits, logLevel: 'silent' });
if (CHUNKS > 0) {
  // Stored as a sync stores them: the index is built from these on the first search.
  const sets = t.app.ctx.store.collection('chunk_sets');
  const embedder = createLocalEmbedder().id;
  for (const [i, doc] of (await corpus(CHUNKS)).entries()) {
    const source = `bench-source-${i}`;
    const chunks = doc.chunks.map((c, ord) => ({
      id: `${source}:${ord}`,
      ord,
      headings: c.headings,
      text: c.text,
      vector: encodeVector(localEmbed(contextText(doc.title, c.headings, c.text))),
    }));
    const meta = { id: `bench-set-${i}`, project_id: t.demo.project_id, source_id: source, data_provider_id: 'bench', content_hash: source };
    await sets.put(t.demo.project_id, { ...meta, title: doc.title, url: null, question: null, embedder, chunks });
  }
}
const base = await t.listen();
const child = fork(fileURLToPath(new URL('./widget-visitors.ts', import.meta.url)), { execArgv: ['--import', 'tsx'] });
await new Promise((resolve) => child.once('message', resolve));
const target = { base, frame_id: t.demo.frame_id };

// One visitor's conversation first (lazy module loads, JIT, the first index build), then idle
// connections on a heap that has not yet grown for the load, then the load.
await ask(child, { cmd: 'chat', ...target, visitors: 1, messages: MESSAGES });
await settle();
const before = process.memoryUsage();
await ask(child, { cmd: 'idle', ...target, count: IDLE });
await settle();
const after = process.memoryUsage();
await ask(child, { cmd: 'close-idle' });
await settle();

// The server's own CPU time per message (with its answer): what other processes on a shared machine
// disturb least, and what bounds messages per second on one core.
const profileDir = process.env.BENCH_CPU_PROF;
const profiler = profileDir ? new Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.setSamplingInterval', { interval: Number(process.env.BENCH_CPU_PROF_US ?? 1000) });
  await profiler.post('Profiler.start');
}
const cpu0 = process.cpuUsage();
const chat = (await ask(child, { cmd: 'chat', ...target, visitors: VISITORS, messages: MESSAGES })).result as {
  welcome: number[]; firstAck: number[]; acks: number[]; answers: number[]; seconds: number; cpuMs: number;
};
const cpu = process.cpuUsage(cpu0);
if (profiler && profileDir) {
  const { profile } = await profiler.post('Profiler.stop');
  mkdirSync(profileDir, { recursive: true });
  const file = join(profileDir, `widget-${Date.now()}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  profiler.disconnect();
  console.log(`CPU profile of the chat window: ${file}`);
}
child.kill();
await t.close();

const perK = (bytes: number) => (bytes / 1024 / 1024) * (1000 / IDLE);
const sent = VISITORS * MESSAGES;
const row = (label: string, xs: number[], note = '') =>
  console.log(`  ${label.padEnd(34)} ${ms(percentile(xs, 50)).padStart(7)} / ${ms(percentile(xs, 99)).padStart(7)} ms${note}`);
const knowledge = CHUNKS > 0 ? ` over the demo's knowledge plus ${CHUNKS} chunks` : '';
console.log(`widget gateway: ${VISITORS} concurrent visitors × ${MESSAGES} messages, real WebSockets, lowdb with fsync, offline answerer${knowledge}`);
console.log(`  ${'figure'.padEnd(34)} ${'p50'.padStart(7)} / ${'p99'.padStart(7)}`);
row('hello → welcome', chat.welcome);
row('follow-up → ack', chat.acks);
row('first message → ack', chat.firstAck, '  (user, session, conversation, device)');
row('send → stored answer', chat.answers);
console.log(`  messages per second (each with its answer): ${(sent / chat.seconds).toFixed(0)}  (${sent} in ${chat.seconds.toFixed(2)} s)`);
const cpuMs = (cpu.user + cpu.system) / 1000 / (VISITORS * MESSAGES);
console.log(`  server CPU per message (with its answer, hellos included): ${cpuMs.toFixed(2)} ms, i.e. ${(1000 / cpuMs).toFixed(0)} msgs/s on one core`);
console.log(`  CPU over the chat window: server ${(cpu.user / 1000).toFixed(0)} ms user + ${(cpu.system / 1000).toFixed(0)} ms system, visitors' process ${chat.cpuMs.toFixed(0)} ms, in ${(chat.seconds * 1000).toFixed(0)} ms on ${availableParallelism()} cores`);
console.log(`  idle connections: ${IDLE} → RSS +${perK(after.rss - before.rss).toFixed(1)} MB, heap +${perK(after.heapUsed - before.heapUsed).toFixed(1)} MB per 1,000${gc ? '' : ' (run with --expose-gc for steadier figures)'}`);
console.log(
  `ack_p99_ms=${ms(percentile(chat.acks, 99))} first_ack_p99_ms=${ms(percentile(chat.firstAck, 99))} answer_p99_ms=${ms(percentile(chat.answers, 99))} msgs_per_s=${(sent / chat.seconds).toFixed(1)} idle_rss_mb_per_1k=${perK(after.rss - before.rss).toFixed(1)} server_cpu_ms_per_msg=${cpuMs.toFixed(2)}`,
);
