// bench:operator — operator latency over real sockets on 127.0.0.1 (docs/operators.md "Latency"):
//   reply:    an operator's POST …/messages (session cookie, real HTTP) until the visitor's widget
//             WebSocket receives the message.created frame;
//   takeover: a POST …/takeover sent while the AI streams an answer (a local OpenAI-compatible model
//             that sends a delta every 5 ms and never finishes) until the widget learns the stream
//             stopped (the assistant's typing:false, or the take over's "joined" note that ends the
//             indicator before it); deltas arriving after it are counted.
// Prints figures only. Last line: reply_p50_ms=… reply_p99_ms=… takeover_p50_ms=… takeover_p99_ms=… late_deltas=… reply_cpu_ms=…
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createTestApp } from '../server/testing/test-app.js';
import { connectWidget, type WidgetClient } from '../server/domains/widget/test-client.js';
import { loginAs } from '../server/http/auth/team-session.fixture.js';

const REPLIES = Number(process.env.REPLIES ?? 300);
const TAKEOVERS = Number(process.env.TAKEOVERS ?? 40);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const ms = (x: number) => x.toFixed(2);

/** A model that streams forever until the client goes away. */
async function streamingModel() {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const timer = setInterval(() => {
        res.write(`data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta: { content: 'word ' }, finish_reason: null }] })}\n\n`);
      }, 5);
      res.on('close', () => clearInterval(timer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` };
}

async function visitor(base: string, frameId: string, content: string): Promise<{ c: WidgetClient; id: string }> {
  const c = await connectWidget(base, base);
  c.send({ type: 'session.hello', v: 1, frame_id: frameId });
  await c.next('session.welcome');
  c.send({ type: 'message.send', client_id: `b-${Math.random().toString(36).slice(2, 12)}`, content });
  const ack = await c.next('message.ack');
  return { c, id: ack.conversation.id };
}

async function main() {
  const model = await streamingModel();
  const t = await createTestApp({ llm: { baseUrl: model.baseUrl, apiKey: 'x', model: 'm', timeoutMs: 600_000 }, widgetLimits: { messages_per_minute_per_device: 1e6, messages_per_minute_per_ip: 1e6, frames_per_minute_per_connection: 1e6, connections_per_minute_per_ip: 1e6 } });
  await t.app.ctx.services.org.updateOrganization(t.demo.organization_id, { plan: 'enterprise', rate_limits: { per_minute: 1e9, per_day: 1e10 } });
  const base = await t.listen();
  const op = await loginAs(t, 'operator', { name: 'Bench' });
  const url = (id: string, action: string) => `${base}/v1/projects/${t.demo.project_id}/conversations/${id}/${action}`;
  const post = (id: string, action: string, body?: object) =>
    fetch(url(id, action), { method: 'POST', headers: { ...op.headers, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });

  // Takeover-stop latency.
  const takeover: number[] = [];
  let late = 0;
  for (let i = 0; i < TAKEOVERS; i++) {
    const v = await visitor(base, t.demo.frame_id, `question ${i}`);
    await v.c.next('message.delta');
    const t0 = performance.now();
    const res = post(v.id, 'takeover');
    // The widget's indicator ends at the first of: the assistant's typing:false, or a message that
    // is not the visitor's (outbound.ts). A take over sends its "joined" note first, so the
    // typing:false after it is left out as redundant.
    await Promise.race([v.c.next('typing', (f) => f.role === 'assistant' && !f.typing), v.c.next('message.created', (f) => f.message.role !== 'user')]);
    takeover.push(performance.now() - t0);
    await (await res).arrayBuffer();
    const stoppedAt = v.c.frames.length;
    v.c.send({ type: 'ping' });
    await v.c.next('pong');
    late += v.c.frames.slice(stoppedAt).filter((f) => f.type === 'message.delta').length;
    v.c.close();
  }

  // Operator reply to widget latency, on one taken-over conversation.
  const v = await visitor(base, t.demo.frame_id, 'reply bench');
  await v.c.next('message.delta');
  await (await post(v.id, 'takeover')).arrayBuffer();
  const reply: number[] = [];
  // CPU time of this process (server and both clients) per reply: a figure a loaded machine does not inflate.
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < REPLIES; i++) {
    const content = `reply ${i}`;
    const t0 = performance.now();
    const res = post(v.id, 'messages', { content });
    await v.c.next('message.created', (f) => f.message.content === content);
    reply.push(performance.now() - t0);
    await (await res).arrayBuffer();
  }
  const cpu = process.cpuUsage(cpu0);
  const cpuPerReply = (cpu.user + cpu.system) / 1000 / REPLIES;
  v.c.close();
  await t.close();
  model.server.closeAllConnections();
  model.server.close();

  console.log(`operator reply → widget: ${REPLIES} replies, p50 ${ms(pct(reply, 50))} ms, p99 ${ms(pct(reply, 99))} ms, CPU ${ms(cpuPerReply)} ms per reply`);
  console.log(`take over → stream stopped: ${TAKEOVERS} runs, p50 ${ms(pct(takeover, 50))} ms, p99 ${ms(pct(takeover, 99))} ms, deltas after the stop: ${late}`);
  console.log(`reply_p50_ms=${ms(pct(reply, 50))} reply_p99_ms=${ms(pct(reply, 99))} takeover_p50_ms=${ms(pct(takeover, 50))} takeover_p99_ms=${ms(pct(takeover, 99))} late_deltas=${late} reply_cpu_ms=${ms(cpuPerReply)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
