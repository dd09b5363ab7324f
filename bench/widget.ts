// bench:widget — the widget gateway end to end over real WebSockets on a real port: many visitors
// connect (hello → welcome), start a conversation and send follow-ups, each waiting for its ack
// (acked only after the durable write, fsync included) and for the streamed AI answer (offline
// answerer) before the next message. Prints figures only; it does not pass or fail.
// Last line: welcome_p50_ms=… first_ack_p50_ms=… ack_p50_ms=… ack_p99_ms=… answer_p50_ms=… msgs_per_s=…
import { performance } from 'node:perf_hooks';
import { createTestApp } from '../server/testing/test-app.js';
import { connectWidget } from '../server/domains/widget/test-client.js';

const VISITORS = Number(process.env.VISITORS ?? 40);
const MESSAGES = Number(process.env.MESSAGES ?? 5);
const QUESTIONS = ['How do I reset my password?', 'Can I change my plan?', 'Where is my invoice?', 'Do you ship abroad?', 'Is there an API?'];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (n: number) => n.toFixed(1);

const t = await createTestApp({ widgetLimits: { messages_per_minute_per_device: 1e6, messages_per_minute_per_ip: 1e6, connections_per_minute_per_ip: 1e6, frames_per_minute_per_connection: 1e6 } });
const base = await t.listen();
const welcome: number[] = [];
const firstAck: number[] = [];
const acks: number[] = [];
const answers: number[] = [];

async function visitor(i: number) {
  const c = await connectWidget(base, base);
  let t0 = performance.now();
  c.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id });
  await c.next('session.welcome');
  welcome.push(performance.now() - t0);
  let conversationId: string | undefined;
  for (let k = 0; k < MESSAGES; k++) {
    t0 = performance.now();
    c.send({ type: 'message.send', client_id: `bench-${i}-${k}-xx`, content: QUESTIONS[(i + k + QUESTIONS.length) % QUESTIONS.length] /* the warm-up visitor is i = -1 */, ...(conversationId ? { conversation_id: conversationId } : {}) });
    const ack = await c.next('message.ack');
    (k === 0 ? firstAck : acks).push(performance.now() - t0);
    conversationId = ack.conversation.id;
    await c.next('message.created', (f) => f.message.role === 'assistant' && f.seq > ack.message.seq);
    answers.push(performance.now() - t0);
  }
  c.close();
}

// Warm-up (lazy module loads, JIT, the first store files), then reset the samples.
await visitor(-1);
for (const list of [welcome, firstAck, acks, answers]) list.length = 0;

const start = performance.now();
await Promise.all(Array.from({ length: VISITORS }, (_, i) => visitor(i)));
const seconds = (performance.now() - start) / 1000;
await t.close();

const sent = VISITORS * MESSAGES;
console.log(`widget gateway: ${VISITORS} concurrent visitors × ${MESSAGES} messages, real WebSockets, lowdb with fsync`);
console.log(`  hello → welcome        p50 ${ms(percentile(welcome, 50))} ms  p99 ${ms(percentile(welcome, 99))} ms`);
console.log(`  first message → ack    p50 ${ms(percentile(firstAck, 50))} ms  p99 ${ms(percentile(firstAck, 99))} ms  (user + session + conversation writes)`);
console.log(`  follow-up → ack        p50 ${ms(percentile(acks, 50))} ms  p99 ${ms(percentile(acks, 99))} ms`);
console.log(`  send → stored answer   p50 ${ms(percentile(answers, 50))} ms  p99 ${ms(percentile(answers, 99))} ms`);
console.log(`  ${sent} messages (+ ${sent} answers) in ${seconds.toFixed(2)} s`);
console.log(
  `welcome_p50_ms=${ms(percentile(welcome, 50))} first_ack_p50_ms=${ms(percentile(firstAck, 50))} ack_p50_ms=${ms(percentile(acks, 50))} ack_p99_ms=${ms(percentile(acks, 99))} answer_p50_ms=${ms(percentile(answers, 50))} msgs_per_s=${(sent / seconds).toFixed(1)}`,
);
